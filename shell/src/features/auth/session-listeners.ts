/**
 * Session side effects (docs/product.md, Session), run by the store's listener
 * middleware: keep browser storage in step with the auth state, and handle
 * an expired session (toast once, back to /login remembering where the user was).
 */
import { TEXTS } from '@roomnest/shared';
import {
  clearStoredSession,
  currentUserUpdated,
  loggedIn,
  loggedOut,
  loginRedirectState,
  notify,
  sessionExpired,
  writeStoredSession,
  type HostState,
} from '@roomnest/shared/client';
import { isAnyOf, type ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import type { Navigator } from '../../app/navigator.ts';
import { claimLocation } from '../guards/redirect-claims.ts';

export const SESSION_EXPIRED_TOAST_ID = 'session-expired';

const AUTH_PAGES = new Set(['/login', '/register']);

export function startSessionListeners(listener: ListenerMiddlewareInstance, deps: { storage: Storage; router: Navigator }) {
  const { storage, router } = deps;
  const startListening = listener.startListening.withTypes<HostState>();

  startListening({
    matcher: isAnyOf(loggedIn, currentUserUpdated),
    effect: (_action, api) => writeStoredSession(api.getState().auth, storage),
  });

  startListening({
    matcher: isAnyOf(loggedOut, sessionExpired),
    effect: () => clearStoredSession(storage),
  });

  startListening({
    actionCreator: sessionExpired,
    effect: (_action, api) => {
      // Several requests failing together: only the first one finds a session to end.
      if (!api.getOriginalState().auth.token) return;
      const here = router.state.location;
      claimLocation(here.key);
      notify.error(TEXTS.sessionExpired, { toastId: SESSION_EXPIRED_TOAST_ID });
      if (AUTH_PAGES.has(here.pathname)) return;
      void router.navigate('/login', { replace: true, state: loginRedirectState(here) });
    },
  });
}
