/** Standalone entry: `npm run dev -w mf-moderation` shows this remote's page on its own (sign in as a moderator). */
import { mountStandalone } from '@roomnest/shared/standalone';
import ModerationPage from './exposed/ModerationPage.tsx';

mountStandalone({
  title: 'mf-moderation',
  routes: [
    { path: '/', element: <ModerationPage />, label: 'Moderation' },
    { path: '/moderation', element: <ModerationPage />, label: '/moderation' },
  ],
});
