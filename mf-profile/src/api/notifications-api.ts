/**
 * My Profile's notifications section lists the saved searches: the shared definitions (@roomnest/shared/client)
 * that mf-search injects too, so the list is one cache entry for the page. The email setting is a profile call
 * (profile-api.ts).
 */
import { injectHostEndpoints, savedSearchesEndpoints } from '@roomnest/shared/client';

export const notificationsApi = injectHostEndpoints(savedSearchesEndpoints);

export const { useGetSavedSearchesQuery } = notificationsApi;
