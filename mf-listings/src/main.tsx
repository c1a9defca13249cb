/** Standalone entry: `npm run dev -w mf-listings` shows this remote's pages on their own. */
import { mountStandalone } from '@roomnest/shared/standalone';
import EditListingPage from './exposed/EditListingPage.tsx';
import MyListingsPage from './exposed/MyListingsPage.tsx';
import PostAdPage from './exposed/PostAdPage.tsx';

mountStandalone({
  title: 'mf-listings',
  routes: [
    { path: '/', element: <MyListingsPage />, label: 'Manage my ads' },
    { path: '/my-listings', element: <MyListingsPage />, label: '/my-listings' },
    { path: '/post-ad', element: <PostAdPage />, label: 'List your room' },
    { path: '/rooms/:id/edit', element: <EditListingPage />, label: 'Edit listing 1', href: '/rooms/1/edit' },
  ],
});
