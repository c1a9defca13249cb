/**
 * My Profile's notifications section: the email setting and the saved searches, the shared definitions
 * (@roomnest/shared/client) that mf-search injects too, so the list is one cache entry for the page.
 */
import { emailSettingsEndpoints, injectHostEndpoints, savedSearchesEndpoints } from '@roomnest/shared/client';

export const notificationsApi = injectHostEndpoints((build) => ({ ...emailSettingsEndpoints(build), ...savedSearchesEndpoints(build) }));

export const { useSetEmailOnMessageMutation, useGetSavedSearchesQuery } = notificationsApi;
