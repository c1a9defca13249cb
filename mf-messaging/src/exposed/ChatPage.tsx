export { default } from '../features/chat/ChatPage.tsx';
