/**
 * `@roomnest/shared/testing`: renders a page the way the shell does, inside the
 * host store's Provider and a router, with the toast container, so a module's
 * unit tests can assert on toasts and on where the page navigated.
 */
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach } from 'vitest';
// Applies the shared test settings wherever these helpers are used.
// oxlint-disable-next-line import/no-unassigned-import
import './setup.ts';
import type { Message, User } from '../domain.ts';
import { createHostStore, type AppStore } from '../client/store.ts';

afterEach(() => cleanup());

export const TEST_USERS = {
  tenant: { userId: 101, name: 'Amelia Clarke', email: 'amelia@example.co.uk', userType: 'Tenant', plan: 'Free', profilePictureURL: null, roles: [], emailVerified: true },
  landlord: { userId: 202, name: 'Rajesh Patel', email: 'rajesh@example.co.uk', userType: 'Landlord', plan: 'Free', profilePictureURL: null, roles: [], emailVerified: true },
  premiumLandlord: { userId: 303, name: 'Siobhan Murphy', email: 'siobhan@example.co.uk', userType: 'Landlord', plan: 'Premium', profilePictureURL: null, roles: [], emailVerified: true },
} as const satisfies Record<string, User>;

/** A complete Message as the API sends it, from the test landlord to the test tenant; override what a test is about. */
export const messageFixture = (overrides: Partial<Message> = {}): Message => ({
  MessageID: 1,
  SenderID: TEST_USERS.landlord.userId,
  ReceiverID: TEST_USERS.tenant.userId,
  MessageContent: 'Hi',
  SentAt: '2026-03-02T14:05:00.000Z',
  SenderName: TEST_USERS.landlord.name,
  ReceiverName: TEST_USERS.tenant.name,
  ReadAt: null,
  ListingID: null,
  ListingTitle: null,
  SafetyWarning: false,
  ...overrides,
});

export interface RenderWithHostOptions {
  /** The URL the router starts at (path and query). */
  url?: string;
  /** The route pattern the page is mounted at, so `useParams` works ('/rooms/:id'). */
  routePath?: string;
  /** Signed-in user; omitted means logged out. */
  user?: User;
  store?: AppStore;
}

export const LOCATION_TEST_ID = 'current-location';

/** Shows the router's current path and query, for asserting navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid={LOCATION_TEST_ID} hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

/**
 * The queries cached in a host store's one api (`searchListings({…})`, `getListing(1)`): a page that found the
 * page's api puts its queries there, so a test can tell that from a page that made an api of its own.
 */
export function hostQueries(store: AppStore): string[] {
  return Object.keys((store.getState() as unknown as { api: { queries: Record<string, unknown> } }).api.queries);
}

export function renderWithHost(ui: ReactElement, options: RenderWithHostOptions = {}): RenderResult & { store: AppStore; location: () => string } {
  const { url = '/', routePath = '*', user } = options;
  const store = options.store ?? createHostStore(user ? { auth: { token: `test-token-${user.userId}`, user } } : {});
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={routePath} element={ui} />
          {routePath === '*' ? null : <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
        <ToastContainer position="bottom-left" />
      </MemoryRouter>
    </Provider>,
  );
  const location = () => result.getByTestId(LOCATION_TEST_ID).textContent ?? '';
  return Object.assign(result, { store, location });
}

export { json, listingFixture, stubFetch, type FetchHandler, type StubbedNetwork } from './network.ts';
