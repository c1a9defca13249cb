export { default } from '../features/pages/ContentPage.tsx';
