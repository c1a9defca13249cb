/**
 * Test harness: the real shell (routes, store, listeners, layout) in a memory
 * router. Only the network (a fetch stub) and the remote loader are fakes.
 */
import type { User } from '@roomnest/shared';
import type { AuthState } from '@roomnest/shared/client';
import { act, cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'react-toastify';
import { afterEach, vi } from 'vitest';
// oxlint-disable-next-line import/no-unassigned-import
import '@roomnest/shared/testing/setup';
import { routes } from '../app/router.tsx';
import { createAppStore } from '../app/store.ts';
import { resetLocationClaims } from '../features/guards/redirect-claims.ts';
import { forgetLoadedPages } from '../features/remotes/RemotePage.tsx';
import { resetFailureReports } from '../features/remotes/failure-reports.ts';
import { resetLoadReports } from '../features/remotes/load-reports.ts';
import { resetRegistry } from '../features/remotes/registry.ts';

export const tenant: User = { userId: 7, name: 'Amelia Hart', email: 'amelia@example.com', userType: 'Tenant', plan: 'Free', profilePictureURL: null, roles: [], emailVerified: true };
export const landlord: User = { userId: 9, name: 'Olu Bakare', email: 'olu@example.com', userType: 'Landlord', plan: 'Premium', profilePictureURL: null, roles: [], emailVerified: true };
/** A member of the trust and safety team (roles are granted from the command line only). */
export const moderator: User = { userId: 11, name: 'Priya Shah', email: 'priya@example.com', userType: 'Tenant', plan: 'Free', profilePictureURL: null, roles: ['moderator'], emailVerified: true };

export function storeSession(session: AuthState) {
  if (session.token) localStorage.setItem('authToken', session.token);
  if (session.user) localStorage.setItem('currentUser', JSON.stringify(session.user));
}

type Handler = (request: Request) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs `fetch`: each request goes to the first handler that answers; an
 * unknown /api/messages/unread-count answers 0, anything else 404.
 */
export function stubNetwork(...handlers: Handler[]) {
  const calls: Request[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    calls.push(request);
    for (const handler of handlers) {
      const response = await handler(request);
      if (response) return response;
    }
    if (new URL(request.url).pathname === '/api/messages/unread-count') return json({ totalUnread: 0 });
    return json({ message: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((r) => new URL(r.url).pathname === path) };
}

/** Renders the app at `path` and waits until the router has settled (lazy routes loaded). */
export async function renderApp(path: string | { pathname: string; state?: unknown }, { strict = true } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const store = createAppStore({ storage: window.localStorage, router });
  const tree = (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  const ready = () => router.state.initialized && router.state.navigation.state === 'idle';
  await act(async () => {
    if (ready()) return;
    await new Promise<void>((resolve) => {
      const stop = router.subscribe(() => {
        if (!ready()) return;
        stop();
        resolve();
      });
    });
  });
  return { ...view, store, router };
}

/** Lets timers, promises and React settle. */
export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

afterEach(() => {
  cleanup();
  toast.dismiss();
  localStorage.clear();
  resetLocationClaims();
  forgetLoadedPages();
  resetFailureReports();
  resetLoadReports();
  resetRegistry();
  vi.unstubAllGlobals();
  vi.resetAllMocks();
  vi.restoreAllMocks();
});
