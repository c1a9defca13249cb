export { default } from '../features/my-listings/MyListingsPage.tsx';
