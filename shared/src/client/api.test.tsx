import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listingsEndpoints } from '../listing/listings-endpoints.ts';
import { json, listingFixture, stubFetch } from '../testing/network.ts';
import { API_GLOBAL, hostApi, injectHostEndpoints, publishedApi, type PublishedApi } from './api.ts';
import { listingsChanged, loggedIn, loggedOut, sessionExpired, type InjectableApi } from './contract.ts';
import { withHostApi } from './with-host-api.ts';
import { planUsageEndpoints, unreadEndpoints } from './shared-endpoints.ts';
import { authSlice, createHostStore, unreadSlice } from './store.ts';

const user = { userId: 1, name: 'Amelia', email: 'a@example.com', userType: 'Landlord' as const, plan: 'Free' as const, profilePictureURL: null, roles: [], emailVerified: true };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tick = () => new Promise((r) => setTimeout(r, 20));
type Queries = Record<string, { status: string } | undefined>;
const queries = (store: { getState: () => unknown }) => (store.getState() as { api: { queries: Queries } }).api.queries;

/** Two modules' endpoint files, as mf-search and mf-listings write them. */
const searchModule = () => injectHostEndpoints(listingsEndpoints);
const listingsModule = () => injectHostEndpoints((build) => ({ ...listingsEndpoints(build), ...planUsageEndpoints(build) }));

function listingsServer() {
  let rent = 950;
  const net = stubFetch((req, url) => {
    if (url.pathname === '/api/listings' && req.method === 'GET') return json({ listings: [listingFixture({ Rent: rent })], totalCount: 1, totalPages: 1, currentPage: 1 });
    if (url.pathname === '/api/listings' && req.method === 'POST') return json({ listingId: 2, message: 'Listing created.' }, 201);
    if (url.pathname === '/api/listings/1') return json(listingFixture({ Rent: rent }));
    if (url.pathname === '/api/messages/unread-count') return json({ totalUnread: 3 });
    return undefined;
  });
  return { net, setRent: (r: number) => void (rent = r) };
}

describe('the page’s one api', () => {
  it('is one object for every module, published on the page', () => {
    const a = searchModule();
    const b = listingsModule();
    expect(a.reducerPath).toBe('api');
    expect(publishedApi()?.api).toBe(hostApi());
    expect(a.util).toBe(b.util);
  });

  it('gives two modules injecting the same shared endpoint one cache entry', async () => {
    const { net } = listingsServer();
    const search = searchModule();
    const listings = listingsModule();
    const store = createHostStore({ auth: { token: 't', user } });
    const first = store.dispatch(search.endpoints.searchListings.initiate({ city: 'London' }));
    const second = store.dispatch(listings.endpoints.searchListings.initiate({ city: 'London' }));
    await Promise.all([first, second]);
    expect(net.callsTo('/api/listings')).toHaveLength(1);
    expect(Object.keys(queries(store))).toEqual(['searchListings({"city":"London"})']);

    // The unread count: the shell's badge and mf-messaging, one entry too.
    const shell = injectHostEndpoints(unreadEndpoints);
    await store.dispatch(shell.endpoints.unreadCount.initiate(1));
    await store.dispatch(injectHostEndpoints(unreadEndpoints).endpoints.unreadCount.initiate(1));
    expect(net.callsTo('/api/messages/unread-count')).toHaveLength(1);
    first.unsubscribe();
    second.unsubscribe();
  });

  it('refetches one module’s query when another module’s mutation invalidates its tags', async () => {
    const { net, setRent } = listingsServer();
    const search = searchModule();
    const listings = listingsModule();
    const store = createHostStore({ auth: { token: 't', user } });
    const sub = store.dispatch(search.endpoints.searchListings.initiate({}));
    await sub;
    setRent(800);
    await store.dispatch(listings.endpoints.createListing.initiate(new FormData()));
    await vi.waitFor(() => expect(search.endpoints.searchListings.select({})(store.getState() as never).data?.listings[0]?.Rent).toBe(800));
    expect(net.callsTo('/api/listings', 'GET')).toHaveLength(2);
    sub.unsubscribe();
  });

  it('clears the cache on a session change, without refetching anything by itself', async () => {
    const { net } = listingsServer();
    const listings = listingsModule();
    for (const end of [loggedOut(), sessionExpired(), loggedIn({ token: 'u', user: { ...user, userId: 2 } })]) {
      const store = createHostStore({ auth: { token: 't', user } });
      const sub = store.dispatch(listings.endpoints.getListing.initiate(1));
      await sub;
      expect(Object.keys(queries(store))).toEqual(['getListing(1)']);
      const before = net.calls.length;
      store.dispatch(end);
      expect(queries(store)).toEqual({});
      await tick();
      // A page the change takes away never asks again as nobody (no 401s on logout).
      expect(net.calls).toHaveLength(before);
      sub.unsubscribe();
    }
  });

  it('refreshes listings when a remote built before the one api announces listingsChanged', async () => {
    const { net, setRent } = listingsServer();
    const search = searchModule();
    const store = createHostStore();
    const sub = store.dispatch(search.endpoints.getListing.initiate(1));
    await sub;
    setRent(700);
    store.dispatch(listingsChanged({ listingId: 1, source: 'mfListingsApi' }));
    await vi.waitFor(() => expect(search.endpoints.getListing.select(1)(store.getState() as never).data?.Rent).toBe(700));
    expect(net.callsTo('/api/listings/1')).toHaveLength(2);
    sub.unsubscribe();
  });

  it('keeps working for a remote inside an older shell that publishes nothing and only offers injectApi', async () => {
    const { net } = listingsServer();
    const page = globalThis as Record<string, unknown>;
    const shells = publishedApi();
    page[API_GLOBAL] = undefined;
    try {
      // The older shell's store: the contract slices and injectApi, no one api.
      const rootReducer = combineSlices(authSlice, unreadSlice).withLazyLoadedSlices<Record<string, unknown>>();
      const dynamic = createDynamicMiddleware();
      const store = configureStore({ reducer: rootReducer, middleware: (getDefault) => getDefault().concat(dynamic.middleware) });
      const injectApi = (api: InjectableApi) => {
        if (api.reducerPath in store.getState()) return;
        rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
        dynamic.addMiddleware(api.middleware);
      };
      Object.assign(store, { injectApi });

      // The remote's first module creates the api (and publishes it for the other remotes).
      const search = searchModule();
      expect(publishedApi()).toBeDefined();
      expect(publishedApi()?.api).not.toBe(shells?.api);
      expect(injectHostEndpoints(listingsEndpoints).util).toBe(search.util);

      function Rent() {
        const { data } = search.useGetListingQuery(1);
        return <p>{data ? `£${data.Rent}` : 'Loading'}</p>;
      }
      const Page = withHostApi(Rent);
      render(
        <Provider store={store}>
          <Page />
        </Provider>,
      );
      expect(await screen.findByText('£950')).toBeTruthy();
      expect(Object.keys((store.getState() as unknown as { api: { queries: Record<string, unknown> } }).api.queries)).toContain('getListing(1)');
      expect(net.callsTo('/api/listings/1')).toHaveLength(1);
    } finally {
      page[API_GLOBAL] = shells;
    }
  });

  it('adds its tag types to an api an older build published', () => {
    const shells = publishedApi() as PublishedApi;
    const spy = vi.spyOn(shells.api, 'enhanceEndpoints');
    hostApi();
    expect(spy).toHaveBeenCalledWith({ addTagTypes: expect.arrayContaining(['Listing', 'PlanUsage', 'Conversations', 'Thread', 'Profile', 'Flatmates']) });
    spy.mockRestore();
  });
});
