/** Standalone entry: `npm run dev -w mf-messaging` shows this remote's pages on their own. */
import { mountStandalone } from '@roomnest/shared/standalone';
import ChatPage from './exposed/ChatPage.tsx';
import ConversationsPage from './exposed/ConversationsPage.tsx';

mountStandalone({
  title: 'mf-messaging',
  routes: [
    { path: '/', element: <ConversationsPage />, label: 'Messages' },
    { path: '/messages', element: <ConversationsPage />, label: '/messages' },
    { path: '/messages/chat/:otherUserId', element: <ChatPage />, label: 'Chat with member 2', href: '/messages/chat/2' },
  ],
});
