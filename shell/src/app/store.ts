/**
 * The one Redux store of the page: the contract's host store (auth, unread,
 * dynamic injection of the remotes' apis), the shell's api, and the shell's
 * side effects as listeners (storage, session expiry, unread count).
 */
import { createHostStore, readStoredSession } from '@roomnest/shared/client';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { startSessionListeners } from '../features/auth/session-listeners.ts';
import { startUnreadListeners } from '../features/unread/unread-listeners.ts';
import type { Navigator } from './navigator.ts';
import { shellApi } from './shell-api.ts';

export function createAppStore({ storage, router }: { storage: Storage; router: Navigator }) {
  const listener = createListenerMiddleware();
  startSessionListeners(listener, { storage, router });
  startUnreadListeners(listener);
  const store = createHostStore({ auth: readStoredSession(storage), listener });
  store.injectApi(shellApi);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
