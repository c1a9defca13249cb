/**
 * mf-search's RTK Query api (reducerPath 'mfSearchApi'): the listings calls of
 * the shared definition, in this module's own cache. Pages get it through
 * `withApis([searchApiModule], Page)`, which also keeps it fresh when
 * mf-listings changes a listing (see @roomnest/shared/listing).
 */
import { createListingsApi, listingsApiModule } from '@roomnest/shared/listing';

export const searchApi = createListingsApi('mfSearchApi');
export const searchApiModule = listingsApiModule(searchApi);

export const { useSearchListingsQuery, useGetListingQuery, useDeleteListingMutation } = searchApi;
