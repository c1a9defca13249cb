/**
 * mf-search's endpoints in the page's one api (see @roomnest/shared/client
 * api.ts): the shared listings calls, which mf-listings injects too. The same
 * call is the same cache entry for both, so a listing posted, edited or
 * deleted in mf-listings refreshes the search and detail pages through the
 * 'Listing' tags alone.
 *
 * The search call carries no cache-busting parameter, on purpose: the API
 * answers listings calls with `Cache-Control: no-store`, so the browser's
 * HTTP cache never reuses them, and RTK Query's own cache is
 * refreshed by tags and `refetchOnMountOrArgChange` (the server would ignore
 * the parameter anyway).
 */
import { injectHostEndpoints } from '@roomnest/shared/client';
import { listingsEndpoints } from '@roomnest/shared/listing';

export const searchApi = injectHostEndpoints(listingsEndpoints);

export const { useSearchListingsQuery, useGetListingQuery, useDeleteListingMutation, useRenewListingMutation } = searchApi;
