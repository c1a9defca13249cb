import { withHostApi } from '@roomnest/shared/client';
import SavedRoomsPage from '../features/saved-rooms/SavedRoomsPage.tsx';

export default withHostApi(SavedRoomsPage);
