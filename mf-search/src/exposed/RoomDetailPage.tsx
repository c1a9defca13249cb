import { withHostApi } from '@roomnest/shared/client';
import RoomDetailPage from '../features/room-detail/RoomDetailPage.tsx';

export default withHostApi(RoomDetailPage);
