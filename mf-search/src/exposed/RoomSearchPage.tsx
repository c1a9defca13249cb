export { default } from '../features/room-search/RoomSearchPage.tsx';
