import { withApis } from '@roomnest/shared/client';
import { searchApiModule } from '../api/search-api.ts';
import RoomSearchPage from '../features/room-search/RoomSearchPage.tsx';

export default withApis([searchApiModule], RoomSearchPage);
