export { default } from '../features/edit-listing/EditListingPage.tsx';
