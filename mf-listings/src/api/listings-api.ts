/**
 * mf-listings's endpoints in the page's one api (see @roomnest/shared/client
 * api.ts): the shared listings calls, which mf-search injects too, and the
 * shared plan usage call. A change made here (post, edit, status, renew,
 * delete) invalidates the 'Listing' tags of the one cache, so mf-search's
 * search and detail pages, and the plan usage every module shows, refresh.
 */
import { injectHostEndpoints, planUsageEndpoints } from '@roomnest/shared/client';
import { listingsEndpoints } from '@roomnest/shared/listing';

export const listingsApi = injectHostEndpoints((build) => ({
  ...listingsEndpoints(build),
  ...planUsageEndpoints(build),
}));

export const {
  useGetListingQuery,
  useMyListingsQuery,
  useMyListingsStatsQuery,
  useCreateListingMutation,
  useUpdateListingMutation,
  useUpdateStatusMutation,
  useRenewListingMutation,
  useDeleteListingMutation,
  useReorderPhotosMutation,
  useDeletePhotoMutation,
  useGetPlanUsageQuery,
} = listingsApi;
