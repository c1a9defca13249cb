/**
 * The shell's RTK Query api (reducerPath 'shellApi'). Features add their
 * endpoints with `injectEndpoints`: auth (login, register), unread (count).
 * All calls go through the shared base query (bearer token, 401 handling).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from '@roomnest/shared/client';

export interface ShellExtraOptions {
  /**
   * Login and register are anonymous calls: they send no bearer token, and
   * their 401 (wrong credentials) is not a session expiry. Without this a
   * logged-in user who mistypes a password on /login would be logged out
   * with a "session expired" toast.
   */
  anonymous?: boolean;
}

const authenticated = createBaseQuery();

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ShellExtraOptions> = (args, api, extra) =>
  extra?.anonymous ? authenticated(args, { ...api, getState: () => ({}) }, extra) : authenticated(args, api, extra);

/** A dispatch that runs the api's endpoints (`shellApi.endpoints.x.initiate(…)` is a thunk). */
export type ShellDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const shellApi = createApi({
  reducerPath: 'shellApi',
  baseQuery,
  endpoints: () => ({}),
});
