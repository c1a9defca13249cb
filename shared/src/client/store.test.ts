import { createApi } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBaseQuery } from './base-query.ts';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { conversationRead, loggedIn, loggedOut, sessionExpired, unreadCountChanged } from './contract.ts';
import { createHostStore } from './store.ts';

const user = { userId: 1, name: 'Amelia', email: 'a@example.com', userType: 'Tenant' as const, plan: 'Free' as const, profilePictureURL: null, roles: [], emailVerified: true };

describe('host store', () => {
  it('tracks the session and the unread count', () => {
    const store = createHostStore();
    store.dispatch(loggedIn({ token: 't', user }));
    store.dispatch(unreadCountChanged({ totalUnread: 12 }));
    store.dispatch(conversationRead({ partnerId: 2, count: 5 }));
    expect(store.getState().unread.totalUnread).toBe(7);
    store.dispatch(loggedOut());
    expect(store.getState()).toMatchObject({ auth: { token: null, user: null }, unread: { totalUnread: 0 } });
  });
});

describe('base query', () => {
  afterEach(() => vi.unstubAllGlobals());
  const api = createApi({
    reducerPath: 'testApi',
    baseQuery: createBaseQuery('http://api.test/api'),
    endpoints: (b) => ({ profile: b.query<unknown, void>({ query: () => '/users/profile' }) }),
  });

  it('sends the bearer token and expires the session on a 401', async () => {
    const fetchMock = vi.fn<(input: Request) => Promise<Response>>(async () => new Response(JSON.stringify({ message: 'expired' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const store = createHostStore({ auth: { token: 'abc', user } });
    store.injectApi(api);
    await store.dispatch(api.endpoints.profile.initiate());
    const request = (fetchMock.mock.calls[0] as unknown as [Request])[0];
    expect(request.headers.get('authorization')).toBe('Bearer abc');
    expect(store.getState().auth.token).toBeNull();
  });

  it('leaves a logged-out state alone on a 401', async () => {
    vi.stubGlobal('fetch', vi.fn<() => Promise<Response>>(async () => new Response('{"message":"no"}', { status: 401, headers: { 'content-type': 'application/json' } })));
    const listener = createListenerMiddleware();
    const expired = vi.fn<() => void>();
    listener.startListening({ actionCreator: sessionExpired, effect: expired });
    const store = createHostStore({ listener });
    store.injectApi(api);
    const result = await store.dispatch(api.endpoints.profile.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
  });
});
