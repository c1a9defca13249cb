/** Standalone entry: `npm run dev -w mf-search` shows this remote's pages on their own. */
import { mountStandalone } from '@roomnest/shared/standalone';
import RoomDetailPage from './exposed/RoomDetailPage.tsx';
import RoomSearchPage from './exposed/RoomSearchPage.tsx';
import SavedRoomsPage from './exposed/SavedRoomsPage.tsx';

mountStandalone({
  title: 'mf-search',
  routes: [
    { path: '/', element: <RoomSearchPage />, label: 'Find a room' },
    { path: '/rooms', element: <RoomSearchPage />, label: '/rooms' },
    { path: '/find-a-room', element: <RoomSearchPage />, label: '/find-a-room' },
    { path: '/rooms/:id', element: <RoomDetailPage />, label: 'Room 1', href: '/rooms/1' },
    { path: '/saved', element: <SavedRoomsPage />, label: 'Saved rooms' },
  ],
});
