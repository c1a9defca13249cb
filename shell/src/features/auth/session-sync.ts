/**
 * Keeps every open tab on the same session: logging in or out in one tab
 * (which rewrites browser storage) logs this tab in or out too, and a change
 * of the stored user in another tab (a new name, a confirmed email address)
 * reaches this one.
 */
import { STORAGE_KEYS } from '@roomnest/shared';
import { currentUserUpdated, loggedIn, loggedOut, readStoredSession, storedUser, type HostState } from '@roomnest/shared/client';
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
    // Compared as storedUser writes them (its own field order), so two tabs never take turns rewriting one user.
    else if (JSON.stringify(stored.user) !== JSON.stringify(storedUser(auth.user))) store.dispatch(currentUserUpdated(stored.user));
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
