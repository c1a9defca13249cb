export { default } from '../features/post-ad/PostAdPage.tsx';
