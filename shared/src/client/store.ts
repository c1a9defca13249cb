/**
 * The host store factory: the auth and unread slices of the contract and the
 * page's one RTK Query api (reducerPath 'api', see api.ts), installed at
 * creation. `injectApi` stays for remotes built before the one api: they
 * bring their own apis and inject them. The shell calls it once; a remote
 * running standalone calls it for its own page.
 */
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createListenerMiddleware,
  createSlice,
  type ListenerMiddlewareInstance,
} from '@reduxjs/toolkit';
import {
  ACTION_TYPES,
  conversationRead,
  currentUserUpdated,
  loggedIn,
  loggedOut,
  sessionExpired,
  unreadCountChanged,
  type AuthState,
  type HostState,
  type HostStore,
  type InjectableApi,
  type UnreadState,
} from './contract.ts';
import { hostApiModule } from './api.ts';

const signedOut: AuthState = { token: null, user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState: signedOut,
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(loggedIn, (_s, a) => ({ token: a.payload.token, user: a.payload.user }))
      .addCase(loggedOut, () => signedOut)
      .addCase(sessionExpired, () => signedOut)
      .addCase(currentUserUpdated, (s, a) => {
        if (s.user) s.user = { ...s.user, ...a.payload };
      }),
});

export const unreadSlice = createSlice({
  name: 'unread',
  initialState: { totalUnread: 0 } as UnreadState,
  reducers: {},
  extraReducers: (b) =>
    b
      .addCase(unreadCountChanged, (s, a) => {
        s.totalUnread = Math.max(0, Math.floor(a.payload.totalUnread));
      })
      .addCase(conversationRead, (s, a) => {
        s.totalUnread = Math.max(0, s.totalUnread - Math.max(0, a.payload.count));
      })
      .addCase(loggedOut, () => ({ totalUnread: 0 }))
      .addCase(sessionExpired, () => ({ totalUnread: 0 })),
});

export interface CreateHostStoreOptions {
  auth?: AuthState;
  /** Side effects the host registers (storage, toasts, navigation). */
  listener?: ListenerMiddlewareInstance;
}

export function createHostStore(options: CreateHostStoreOptions = {}) {
  const oneApi = hostApiModule();
  const rootReducer = combineSlices(authSlice, unreadSlice, { [oneApi.reducerPath]: oneApi.reducer }).withLazyLoadedSlices<Record<string, unknown>>();
  const dynamic = createDynamicMiddleware();
  const listener = options.listener ?? createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.auth ? { auth: options.auth } : undefined,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(oneApi.middleware, dynamic.middleware),
  });
  const injected = new Set<string>([oneApi.reducerPath]);
  const injectApi = (api: InjectableApi) => {
    if (injected.has(api.reducerPath)) return;
    injected.add(api.reducerPath);
    rootReducer.inject({ reducerPath: api.reducerPath, reducer: api.reducer });
    dynamic.addMiddleware(api.middleware);
    store.dispatch({ type: ACTION_TYPES.apiInjected, payload: api.reducerPath });
  };
  return Object.assign(store, { injectApi }) as typeof store & HostStore;
}

export type AppStore = ReturnType<typeof createHostStore>;
export type { HostState };
