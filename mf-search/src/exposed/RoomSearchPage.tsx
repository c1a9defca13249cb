import { withHostApi } from '@roomnest/shared/client';
import RoomSearchPage from '../features/room-search/RoomSearchPage.tsx';

export default withHostApi(RoomSearchPage);
