/**
 * The listings calls of API-CONTRACT.md as one RTK Query api definition.
 * Each module that shows listings creates its own instance with its own
 * reducerPath (mf-search: search and detail; mf-listings: the landlord's
 * screens), so the calls are written once and no remote imports another.
 *
 * Freshness across modules. Two modules hold two separate caches of the same
 * listings, and RTK Query's tags only reach inside one api. So:
 *   1. every successful change (post, edit, status, renew, delete) dispatches
 *      the contract action `listingsChanged` with the api's reducerPath as
 *      `source` (a plain Redux action whose type string lives in contract.ts);
 *   2. `listingsApiModule(api)` is what a page hands to `withApis`: the api's
 *      reducer and its middleware, wrapped so that on a `listingsChanged` from
 *      another module it invalidates every 'Listing' tag of its own cache.
 *      Mounted queries refetch at once; entries nobody shows are dropped, so
 *      the next screen to show them fetches them afresh.
 * Within one api, mutations invalidate their tags as usual. A session change
 * (log in, log out, expiry) invalidates too, because what a listing answer
 * holds depends on who asks (the owner also sees Pending listings).
 * Nothing here needs the shell: the reaction travels with each remote's own
 * middleware, so it works in any shell version that injects apis.
 */
import { isAnyOf, type Middleware, type MiddlewareAPI, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { Listing, ListingsPage, ListingStatus } from '../domain.ts';
import type { ListingSearchQuery } from '../schemas/listing.ts';
import { createBaseQuery } from '../client/base-query.ts';
import { listingsChanged, loggedIn, loggedOut, sessionExpired, type InjectableApi } from '../client/contract.ts';

export const LISTING_TAG = 'Listing';
/** Tag ids beside the listing ids: the public search pages and the landlord's own list. */
const SEARCH = 'SEARCH';
/** The landlord's own list; also what a module's plan usage query provides, so every post, renewal and delete refreshes it. */
export const MY_LISTINGS_TAG_ID = 'MINE';
const MINE = MY_LISTINGS_TAG_ID;

export interface ListingCreated {
  listingId: number;
  message: string;
}
export interface ListingChanged {
  message: string;
  listing: Listing;
}
export interface ApiMessage {
  message: string;
}

type Tag = { type: typeof LISTING_TAG; id: number | string };
const listingTags = (listings: readonly Listing[] | undefined, listId: string): Tag[] => [
  { type: LISTING_TAG, id: listId },
  ...(listings ?? []).map((l) => ({ type: LISTING_TAG, id: l.ListingID }) as const),
];
/** A change to one listing: that listing, the search pages and the landlord's list. */
const changed = (id: number): Tag[] => [
  { type: LISTING_TAG, id },
  { type: LISTING_TAG, id: SEARCH },
  { type: LISTING_TAG, id: MINE },
];

/** The query string of GET /api/listings, leaving out what is not set. */
export function listingSearchParams(query: ListingSearchQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  return params;
}

export function createListingsApi<ReducerPath extends string>(reducerPath: ReducerPath) {
  /** Tells the other modules that a listing changed, once the server has accepted it. */
  const announce = async (listingId: number | undefined, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<unknown> }) => {
    try {
      const result = (await queryFulfilled) as { data?: Partial<ListingCreated> };
      dispatch(listingsChanged({ listingId: listingId ?? result.data?.listingId, source: reducerPath }));
    } catch {
      // The change failed: nothing changed, nothing to announce. The page shows the error.
    }
  };

  return createApi({
    reducerPath,
    baseQuery: createBaseQuery(),
    tagTypes: [LISTING_TAG],
    endpoints: (build) => ({
      /** Public search: one page of Available, unexpired listings. */
      searchListings: build.query<ListingsPage, ListingSearchQuery>({
        query: (query) => ({ url: '/listings', params: listingSearchParams(query) }),
        providesTags: (result) => listingTags(result?.listings, SEARCH),
      }),
      getListing: build.query<Listing, number>({
        query: (id) => `/listings/${id}`,
        providesTags: (_result, _error, id) => [{ type: LISTING_TAG, id }],
      }),
      /** The signed-in landlord's listings, every status, newest first. */
      myListings: build.query<{ listings: Listing[] }, void>({
        query: () => '/listings/my-listings',
        providesTags: (result) => listingTags(result?.listings, MINE),
      }),
      /** Multipart: the listing fields, repeated `Amenities`, optional `roomImage`. */
      createListing: build.mutation<ListingCreated, FormData>({
        query: (body) => ({ url: '/listings', method: 'POST', body }),
        invalidatesTags: [
          { type: LISTING_TAG, id: SEARCH },
          { type: LISTING_TAG, id: MINE },
        ],
        onQueryStarted: (_body, api) => announce(undefined, api),
      }),
      /** Multipart as for create, plus Status; without `roomImage` the current image stays. */
      updateListing: build.mutation<ListingChanged, { id: number; body: FormData }>({
        query: ({ id, body }) => ({ url: `/listings/${id}`, method: 'PUT', body }),
        invalidatesTags: (_r, _e, { id }) => changed(id),
        onQueryStarted: ({ id }, api) => announce(id, api),
      }),
      updateStatus: build.mutation<ListingChanged, { id: number; Status: ListingStatus }>({
        query: ({ id, Status }) => ({ url: `/listings/${id}/status`, method: 'PATCH', body: { Status } }),
        invalidatesTags: (_r, _e, { id }) => changed(id),
        onQueryStarted: ({ id }, api) => announce(id, api),
      }),
      /** Another 30 days in search, from now. */
      renewListing: build.mutation<ListingChanged, number>({
        query: (id) => ({ url: `/listings/${id}/renew`, method: 'POST' }),
        invalidatesTags: (_r, _e, id) => changed(id),
        onQueryStarted: (id, api) => announce(id, api),
      }),
      deleteListing: build.mutation<ApiMessage, number>({
        query: (id) => ({ url: `/listings/${id}`, method: 'DELETE' }),
        // The deleted listing's own entry is left alone: the page that showed it
        // moves on, and refetching it now would only fetch a 404.
        invalidatesTags: [
          { type: LISTING_TAG, id: SEARCH },
          { type: LISTING_TAG, id: MINE },
        ],
        onQueryStarted: (id, api) => announce(id, api),
      }),
    }),
  });
}

export type ListingsApi = ReturnType<typeof createListingsApi>;

/**
 * What a page passes to `withApis`: the api, whose middleware also refreshes
 * its listings when another module changed one or the session changed.
 */
export function listingsApiModule(api: {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  util: { invalidateTags: (tags: (typeof LISTING_TAG)[]) => UnknownAction };
}): InjectableApi {
  const sessionChanged = isAnyOf(loggedIn, loggedOut, sessionExpired);
  const middleware: Middleware = (store) => {
    const inner = api.middleware(store as MiddlewareAPI);
    return (next) => {
      const chain = inner(next);
      return (action) => {
        const result = chain(action);
        const fromElsewhere = listingsChanged.match(action) && action.payload.source !== api.reducerPath;
        if (fromElsewhere || sessionChanged(action)) store.dispatch(api.util.invalidateTags([LISTING_TAG]));
        return result;
      };
    };
  };
  return { reducerPath: api.reducerPath, reducer: api.reducer, middleware };
}
