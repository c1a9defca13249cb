export { default } from '../features/my-profile/MyProfilePage.tsx';
