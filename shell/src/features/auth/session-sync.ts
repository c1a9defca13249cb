/**
 * Keeps every open tab on the same session: logging in or out in one tab
 * (which rewrites browser storage) logs this tab in or out too.
 */
import { STORAGE_KEYS } from '@roomnest/shared';
import { loggedIn, loggedOut, readStoredSession, type HostState } from '@roomnest/shared/client';
import type { Dispatch, Store } from '@reduxjs/toolkit';

export function startSessionSync(store: Store<HostState> & { dispatch: Dispatch }, target: Window = window): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== target.localStorage) return;
    if (event.key !== null && event.key !== STORAGE_KEYS.token && event.key !== STORAGE_KEYS.user) return;
    const stored = readStoredSession(target.localStorage);
    const { auth } = store.getState();
    if (!stored.token || !stored.user) {
      if (auth.token) store.dispatch(loggedOut());
      return;
    }
    if (stored.token !== auth.token) store.dispatch(loggedIn({ token: stored.token, user: stored.user }));
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
