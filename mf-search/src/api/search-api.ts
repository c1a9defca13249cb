/**
 * mf-search's RTK Query api (reducerPath 'mfSearchApi'): the listings calls of
 * the shared definition, in this module's own cache. Pages get it through
 * `withApis([searchApiModule], Page)`, which also keeps it fresh when
 * mf-listings changes a listing (see @roomnest/shared/listing).
 *
 * The spec's search call carries a cache-busting parameter. It is left out on
 * purpose: the API answers listings calls with `Cache-Control: no-store`, so
 * the browser's HTTP cache never reuses them, and RTK Query's own cache is refreshed by tags, `listingsChanged` and
 * `refetchOnMountOrArgChange` (the server would ignore the parameter anyway).
 */
import { createListingsApi, listingsApiModule } from '@roomnest/shared/listing';

export const searchApi = createListingsApi('mfSearchApi');
export const searchApiModule = listingsApiModule(searchApi);

export const { useSearchListingsQuery, useGetListingQuery, useDeleteListingMutation, useRenewListingMutation } = searchApi;
