export { default } from '../features/room-detail/RoomDetailPage.tsx';
