import { withApis } from '@roomnest/shared/client';
import { searchApiModule } from '../api/search-api.ts';
import RoomDetailPage from '../features/room-detail/RoomDetailPage.tsx';

export default withApis([searchApiModule], RoomDetailPage);
