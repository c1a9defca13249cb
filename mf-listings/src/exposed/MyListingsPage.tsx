import { withApis } from '@roomnest/shared/client';
import { listingsApiInjectable } from '../api/listings-api.ts';
import MyListingsPage from '../features/my-listings/MyListingsPage.tsx';

export default withApis([listingsApiInjectable], MyListingsPage);
