/**
 * The one Redux store of the page: the contract's host store (auth, unread,
 * the page's one api, `injectApi` for remotes built before it), and the
 * shell's side effects as listeners (storage, session expiry, unread count).
 * The shell creates the store (and so the api) before any remote loads: the
 * api the remotes find on the page is the shell's.
 */
import { createHostStore, readStoredSession } from '@roomnest/shared/client';
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { startSessionListeners } from '../features/auth/session-listeners.ts';
import { startUnreadListeners } from '../features/unread/unread-listeners.ts';
import type { Navigator } from './navigator.ts';

export function createAppStore({ storage, router }: { storage: Storage; router: Navigator }) {
  const listener = createListenerMiddleware();
  startSessionListeners(listener, { storage, router });
  startUnreadListeners(listener);
  return createHostStore({ auth: readStoredSession(storage), listener });
}

export type AppStore = ReturnType<typeof createAppStore>;
