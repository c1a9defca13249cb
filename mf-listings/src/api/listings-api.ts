/**
 * mf-listings's RTK Query api (reducerPath 'mfListingsApi'): the listings calls
 * of the shared definition in this module's own cache, plus the landlord's plan
 * usage. Every change it makes (post, edit, status, renew, delete) announces
 * `listingsChanged`, so the search and detail pages of mf-search refresh too;
 * see @roomnest/shared/listing.
 */
import { PLAN_USAGE_PATH, type PlanUsage } from '@roomnest/shared';
import { createListingsApi, LISTING_TAG, listingsApiModule, MY_LISTINGS_TAG_ID } from '@roomnest/shared/listing';

export const listingsApi = createListingsApi('mfListingsApi').injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/users/plan-usage: the plan's listing limit and the unexpired listings it counts. Tagged as the
     * landlord's own list, so posting, renewing and deleting refresh it.
     */
    getPlanUsage: build.query<PlanUsage, void>({
      query: () => PLAN_USAGE_PATH,
      providesTags: [{ type: LISTING_TAG, id: MY_LISTINGS_TAG_ID }],
    }),
  }),
});
export const listingsApiInjectable = listingsApiModule(listingsApi);

export const {
  useGetListingQuery,
  useMyListingsQuery,
  useCreateListingMutation,
  useUpdateListingMutation,
  useUpdateStatusMutation,
  useRenewListingMutation,
  useDeleteListingMutation,
  useGetPlanUsageQuery,
} = listingsApi;
