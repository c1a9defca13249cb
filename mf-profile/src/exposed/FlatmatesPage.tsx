export { default } from '../features/flatmate-search/FlatmatesPage.tsx';
