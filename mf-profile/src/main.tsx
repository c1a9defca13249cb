/** Standalone entry: `npm run dev -w mf-profile` shows this remote's pages on their own. */
import { mountStandalone } from '@roomnest/shared/standalone';
import FlatmatesPage from './exposed/FlatmatesPage.tsx';
import MyProfilePage from './exposed/MyProfilePage.tsx';

mountStandalone({
  title: 'mf-profile',
  routes: [
    { path: '/', element: <FlatmatesPage />, label: 'Find a flatmate' },
    { path: '/flatmates', element: <FlatmatesPage />, label: '/flatmates' },
    { path: '/my-flatmate-profile', element: <MyProfilePage />, label: 'My flatmate profile' },
  ],
});
