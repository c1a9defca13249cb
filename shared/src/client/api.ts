/**
 * The one RTK Query api of the page (reducerPath 'api'): every module injects
 * its endpoints into it, so one piece of server data has one cache entry and
 * a change anywhere invalidates it through tags. See
 * docs/decisions/0001-one-api-cache.md.
 *
 * Hand-over at runtime. `@roomnest/shared` is bundled into every app, so each
 * module has its own copy of this file; the api object itself must be one per
 * page. The first copy to call `hostApi()` creates it and publishes it on
 * `globalThis.__ROOMNEST_API__`; every later caller gets that object. The
 * shell calls it while it starts, before any remote is evaluated, so the
 * shell's api (and base query) is the one in use: the same "loaded first
 * wins" rule as the federated singletons. A remote on its own (standalone,
 * unit tests, an older shell that publishes nothing) creates one itself.
 *
 * What the published object carries is a contract between builds: add
 * fields, never change or remove one (PUBLISHED_API_VERSION says which
 * fields a publisher had).
 */
import { createDynamicMiddleware, isAnyOf, type Middleware, type MiddlewareAPI } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn, type EndpointBuilder, type EndpointDefinitions, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './base-query.ts';
import { listingsChanged, loggedIn, loggedOut, sessionExpired, type InjectableApi } from './contract.ts';

export const API_REDUCER_PATH = 'api';

/** Every tag type of every module, declared in one place. */
export const TAGS = {
  listing: 'Listing',
  planUsage: 'PlanUsage',
  conversations: 'Conversations',
  thread: 'Thread',
  profile: 'Profile',
  flatmates: 'Flatmates',
  savedSearches: 'SavedSearches',
  /** The signed-in person's saved rooms (GET /api/saved-listings). */
  savedListings: 'SavedListings',
  /** mf-moderation: the report queues (ids 'open', 'resolved') and the audit log (id 'audit'). */
  moderation: 'Moderation',
  /** The people the signed-in person has blocked (GET /api/blocks). */
  blocks: 'Blocks',
} as const;
export const TAG_TYPES = Object.values(TAGS);
/**
 * The id of the 'Listing' tag for the landlord's own list; the plan usage
 * query provides it too, so every post, renewal and delete refreshes it.
 */
export const MY_LISTINGS_TAG_ID = 'MINE';
export type TagType = (typeof TAGS)[keyof typeof TAGS];

export interface ApiExtraOptions {
  /**
   * Anonymous calls (login, register, password reset, failure reports) send
   * no bearer token, and their 401 (wrong credentials) is not a session
   * expiry. Without this a logged-in user who mistypes a password on /login
   * would be logged out with a "session expired" toast.
   */
  anonymous?: boolean;
}

export type HostBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions>;

/** What a module's `endpoints` function receives: `(build: HostApiBuilder) => ({ … })`. */
export type HostApiBuilder = EndpointBuilder<HostBaseQuery, TagType, typeof API_REDUCER_PATH>;

/** Any store's dispatch (a page's plain one or a mutation's thunk-aware one); a method type, so both are accepted. */
export type StoreDispatch = { dispatch(action: unknown): unknown }['dispatch'];

/** The answer of a call that only says what it did. */
export interface ApiMessage {
  message: string;
}

function createHostApi() {
  const authenticated = createBaseQuery();
  const baseQuery: HostBaseQuery = (args, api, extra) =>
    extra?.anonymous ? authenticated(args, { ...api, getState: () => ({}) }, extra) : authenticated(args, api, extra);
  return createApi({
    reducerPath: API_REDUCER_PATH,
    baseQuery,
    tagTypes: TAG_TYPES,
    endpoints: () => ({}),
  });
}

export type HostApi = ReturnType<typeof createHostApi>;

/** Version 1: `api`, `module`, `extensions`. */
export const PUBLISHED_API_VERSION = 1;

export interface PublishedApi {
  version: number;
  api: HostApi;
  /** The api as the store installs it: its reducer, and its middleware with the page-wide reactions below. */
  module: InjectableApi;
  /** Middleware a module adds to the api's (mf-messaging's live updates), see `addApiMiddleware`. */
  extensions: { addMiddleware: (...middleware: Middleware[]) => void };
}

/** The well-known global the page's one api is published on, by whichever module created it first (the shell). */
export const API_GLOBAL = '__ROOMNEST_API__';
const page = globalThis as typeof globalThis & { [API_GLOBAL]?: PublishedApi };

/** What is published on the page, if anything (for tests and diagnostics). */
export function publishedApi(): PublishedApi | undefined {
  return page[API_GLOBAL];
}

const sessionChanged = isAnyOf(loggedIn, loggedOut, sessionExpired);

/**
 * The reactions every page needs, in one place, travelling with the api so
 * they also run when a remote brings the api into an older shell:
 *  - a session change resets the cache: answers depend on who asks, and a
 *    reset (not an invalidation) refetches nothing by itself. Mounted
 *    queries subscribe again and fetch afresh as the new user; a page that a
 *    logout takes away (a guarded page) is unmounted first, so logging out
 *    from /my-listings no longer fires requests that can only answer 401;
 *  - the bridge for remotes built before the one api: they still announce
 *    `listingsChanged` after a change made in their own cache, and the
 *    listings here are refreshed through the tag.
 */
function pageWideMiddleware(api: HostApi): Middleware {
  return (store: MiddlewareAPI) => (next) => (action) => {
    const result = next(action);
    if (sessionChanged(action)) store.dispatch(api.util.resetApiState());
    else if (listingsChanged.match(action)) store.dispatch(api.util.invalidateTags([TAGS.listing]));
    return result;
  };
}

function publish(): PublishedApi {
  const api = createHostApi();
  const extensions = createDynamicMiddleware();
  const own = api.middleware;
  const pageWide = pageWideMiddleware(api);
  const middleware: Middleware = (store) => {
    const chain = [own(store), pageWide(store), extensions.middleware(store)];
    return (next) => chain.reduceRight((acc, mw) => mw(acc), next);
  };
  const created: PublishedApi = {
    version: PUBLISHED_API_VERSION,
    api,
    module: { reducerPath: api.reducerPath, reducer: api.reducer, middleware },
    extensions: { addMiddleware: (...mws) => extensions.addMiddleware(...mws) },
  };
  page[API_GLOBAL] = created;
  return created;
}

function published(): PublishedApi {
  return page[API_GLOBAL] ?? publish();
}

/**
 * The page's one api. An api published by an older build may lack tag types
 * this build uses: they are added (endpoint definitions are the caller's own,
 * injected with `overrideExisting: false`, so the first module to inject a
 * name keeps it).
 */
export function hostApi(): HostApi {
  return published().api.enhanceEndpoints({ addTagTypes: TAG_TYPES });
}

/** The api as a store installs it (reducer and middleware); stable for the page. */
export function hostApiModule(): InjectableApi {
  return published().module;
}

/** Adds a module's middleware after the api's own (once per middleware function). */
export function addApiMiddleware(middleware: Middleware) {
  published().extensions.addMiddleware(middleware);
}

/**
 * Injects a module's endpoints; a name some module injected already is kept
 * as it is (first wins, quietly: RTK would log each duplicate in development,
 * and two modules injecting the shared listings calls is the design).
 */
export function injectHostEndpoints<Definitions extends EndpointDefinitions>(endpoints: (build: HostApiBuilder) => Definitions) {
  const api = hostApi();
  return api.injectEndpoints({
    endpoints: (build) => {
      const all = endpoints(build);
      return Object.fromEntries(Object.entries(all).filter(([name]) => !(name in api.endpoints))) as Definitions;
    },
    overrideExisting: false,
  });
}
