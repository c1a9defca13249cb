/**
 * mf-search's RTK Query api (reducerPath 'mfSearchApi'): the listings calls of
 * the shared definition, in this module's own cache. Pages get it through
 * `withApis([searchApiModule], Page)`, which also keeps it fresh when
 * mf-listings changes a listing (see @roomnest/shared/listing).
 *
 * The spec's search call carries a cache-busting parameter. It is left out on
 * purpose: the API's answers carry no freshness headers or validators, so the
 * browser's HTTP cache does not reuse them, and RTK Query's own cache is refreshed by tags, `listingsChanged` and
 * `refetchOnMountOrArgChange` (the server would ignore the parameter anyway).
 */
import { createListingsApi, listingsApiModule } from '@roomnest/shared/listing';

export const searchApi = createListingsApi('mfSearchApi');
export const searchApiModule = listingsApiModule(searchApi);

export const { useSearchListingsQuery, useGetListingQuery, useDeleteListingMutation } = searchApi;
