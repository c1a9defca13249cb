/**
 * mf-search's saved searches calls, the shared definitions (@roomnest/shared/client) that mf-profile injects
 * too: one list in the page's one cache, whichever screen saved, renamed or deleted a search.
 */
import { injectHostEndpoints, savedSearchesEndpoints } from '@roomnest/shared/client';

export const savedSearchesApi = injectHostEndpoints(savedSearchesEndpoints);

export const { useGetSavedSearchesQuery, useCreateSavedSearchMutation, useUpdateSavedSearchMutation, useDeleteSavedSearchMutation } = savedSearchesApi;
