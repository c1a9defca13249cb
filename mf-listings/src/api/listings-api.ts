/**
 * mf-listings's RTK Query api (reducerPath 'mfListingsApi'): the listings calls
 * of the shared definition in this module's own cache. Every change it makes
 * (post, edit, status, renew, delete) announces `listingsChanged`, so the
 * search and detail pages of mf-search refresh too; see @roomnest/shared/listing.
 */
import { createListingsApi, listingsApiModule } from '@roomnest/shared/listing';

export const listingsApi = createListingsApi('mfListingsApi');
export const listingsApiInjectable = listingsApiModule(listingsApi);

export const {
  useGetListingQuery,
  useMyListingsQuery,
  useCreateListingMutation,
  useUpdateListingMutation,
  useUpdateStatusMutation,
  useRenewListingMutation,
  useDeleteListingMutation,
} = listingsApi;
