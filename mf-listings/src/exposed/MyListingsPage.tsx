import { withHostApi } from '@roomnest/shared/client';
import MyListingsPage from '../features/my-listings/MyListingsPage.tsx';

export default withHostApi(MyListingsPage);
