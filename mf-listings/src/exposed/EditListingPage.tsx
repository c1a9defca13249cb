import { withApis } from '@roomnest/shared/client';
import { listingsApiInjectable } from '../api/listings-api.ts';
import EditListingPage from '../features/edit-listing/EditListingPage.tsx';

export default withApis([listingsApiInjectable], EditListingPage);
