import { withHostApi } from '@roomnest/shared/client';
import EditListingPage from '../features/edit-listing/EditListingPage.tsx';

export default withHostApi(EditListingPage);
