export { default } from '../features/conversations/ConversationsPage.tsx';
