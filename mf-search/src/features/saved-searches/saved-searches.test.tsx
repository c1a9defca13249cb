import { MAX_SAVED_SEARCHES, SAVED_TEXTS, type ListingsPage, type SavedSearch } from '@roomnest/shared';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS, type FetchHandler } from '@roomnest/shared/testing';
import { createHostStore, type LoginRedirectState } from '@roomnest/shared/client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoomSearchPage from '../../exposed/RoomSearchPage.tsx';
import SavedSearchesPage from '../../exposed/SavedSearchesPage.tsx';
import { SAVE_LOGIN_TEXT } from './SaveSearchButton.tsx';
import { FREQUENCY_FAILED } from './SavedSearchCard.tsx';

afterEach(() => vi.unstubAllGlobals());

const results: ListingsPage = { listings: [listingFixture()], total: 1, page: 1, totalPages: 1 };

const saved = (over: Partial<SavedSearch> = {}): SavedSearch => ({
  SavedSearchID: 1,
  Name: 'Doubles in Hackney',
  Criteria: { city: 'London', address: 'Hackney', maxPrice: 900, roomType: 'Double' },
  Frequency: 'instant',
  CreatedAt: '2026-11-20T10:00:00.000Z',
  LastSentAt: null,
  ...over,
});

interface Server {
  searches: SavedSearch[];
  post?: (body: Record<string, unknown>) => Response;
  patch?: (id: number, body: Record<string, unknown>) => Response | undefined;
  del?: (id: number) => Response | undefined;
}

/** The listings search and the saved searches API of one signed-in member, kept in `server.searches`. */
function stubApi(server: Server) {
  const handler: FetchHandler = async (request, url) => {
    if (url.pathname === '/api/listings' && request.method === 'GET') return json(results);
    if (url.pathname === '/api/saved-searches' && request.method === 'GET') return json({ savedSearches: server.searches });
    if (url.pathname === '/api/saved-searches' && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      if (server.post) return server.post(body);
      const created = { ...saved(), ...body, SavedSearchID: server.searches.length + 10 } as SavedSearch;
      server.searches = [created, ...server.searches];
      return json({ savedSearch: created }, 201);
    }
    const m = /^\/api\/saved-searches\/(\d+)$/.exec(url.pathname);
    if (m) {
      const id = Number(m[1]);
      if (request.method === 'PATCH') {
        const body = (await request.json()) as Record<string, unknown>;
        const answer = server.patch?.(id, body);
        if (answer) return answer;
        server.searches = server.searches.map((s) => (s.SavedSearchID === id ? ({ ...s, ...body } as SavedSearch) : s));
        return json({ savedSearch: server.searches.find((s) => s.SavedSearchID === id) });
      }
      if (request.method === 'DELETE') {
        const answer = server.del?.(id);
        if (answer) return answer;
        server.searches = server.searches.filter((s) => s.SavedSearchID !== id);
        return json({ message: SAVED_TEXTS.searchDeleted });
      }
    }
    return undefined;
  };
  return stubFetch(handler);
}

/** The login page as the shell's reads it: where to come back to. */
function LoginProbe() {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return <output data-testid="return-to">{from ? `${from.pathname}${from.search}` : ''}</output>;
}

const SEARCH_URL = '/rooms?city=London&address=Hackney&maxPrice=900&roomType=Double&sortBy=rent_asc&page=2';

const openDialog = async () => {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 2, name: '1 room found' });
  await user.click(screen.getByRole('button', { name: 'Save this search' }));
  return { user, dialog: within(await screen.findByRole('dialog', { name: 'Save this search' })) };
};

describe('Save this search', () => {
  it('prefills the name from the criteria and saves only the criteria, with the chosen frequency', async () => {
    const server: Server = { searches: [] };
    const net = stubApi(server);
    renderWithHost(<RoomSearchPage />, { url: SEARCH_URL, user: TEST_USERS.tenant });
    const { user, dialog } = await openDialog();

    const name = dialog.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Double rooms in Hackney, London, up to £900 a month');
    expect(dialog.getByText('Double rooms in Hackney, London, up to £900 a month', { selector: 'strong' })).toBeTruthy();
    expect((dialog.getByRole('radio', { name: /^Instant/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByRole('radio', { name: /^Daily digest/ })).toBeTruthy();
    expect(dialog.getByText("Don't email me")).toBeTruthy();

    await user.clear(name);
    await user.type(name, 'Hackney doubles');
    await user.click(dialog.getByRole('radio', { name: /^Daily digest/ }));
    await user.click(dialog.getByRole('button', { name: 'Save search' }));

    const toast = await screen.findByText(/Search saved\./);
    expect(within(toast.closest('.Toastify') as HTMLElement).getByRole('link', { name: 'See your saved searches' }).getAttribute('href')).toBe('/saved-searches');
    const posts = net.callsTo('/api/saved-searches', 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({
      Name: 'Hackney doubles',
      Frequency: 'daily',
      Criteria: { city: 'London', address: 'Hackney', maxPrice: 900, roomType: 'Double' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the name before sending: a blank one is refused with the same words as the server', async () => {
    const net = stubApi({ searches: [] });
    renderWithHost(<RoomSearchPage />, { url: SEARCH_URL, user: TEST_USERS.tenant });
    const { user, dialog } = await openDialog();
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save search' }));
    expect(await dialog.findByText(SAVED_TEXTS.nameRequired)).toBeTruthy();
    expect(net.callsTo('/api/saved-searches', 'POST')).toHaveLength(0);
  });

  it(`shows the server's refusal past ${MAX_SAVED_SEARCHES} in the dialog, with the way to make room`, async () => {
    const tooMany = SAVED_TEXTS.tooManySearches(MAX_SAVED_SEARCHES);
    stubApi({ searches: [], post: () => json({ message: tooMany }, 409) });
    renderWithHost(<RoomSearchPage />, { url: SEARCH_URL, user: TEST_USERS.tenant });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Save search' }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(tooMany);
    expect(within(alert).getByRole('link', { name: 'Manage your saved searches' }).getAttribute('href')).toBe('/saved-searches');
    // Still open, nothing claimed saved.
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeTruthy();
    expect(screen.queryByText(/Search saved\./)).toBeNull();
  });

  it('sends a visitor to log in with the wish to save carried in the return address', async () => {
    stubApi({ searches: [] });
    const store = createHostStore({});
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[SEARCH_URL]}>
          <Routes>
            <Route path="/rooms" element={<RoomSearchPage />} />
            <Route path="/login" element={<LoginProbe />} />
          </Routes>
          <ToastContainer />
        </MemoryRouter>
      </Provider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByText(SAVE_LOGIN_TEXT)).toBeTruthy();
    expect((await screen.findByTestId('return-to')).textContent).toBe(`${SEARCH_URL}&saveSearch=1`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('back from logging in, opens the dialog at once and takes the wish out of the address', async () => {
    stubApi({ searches: [] });
    const view = renderWithHost(<RoomSearchPage />, { url: `${SEARCH_URL}&saveSearch=1`, user: TEST_USERS.tenant });
    const dialog = within(await screen.findByRole('dialog', { name: 'Save this search' }));
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Double rooms in Hackney, London, up to £900 a month');
    await waitFor(() => expect(view.location()).toBe(SEARCH_URL));
  });

  it('saves a search with no filters as "any room"', async () => {
    const net = stubApi({ searches: [] });
    renderWithHost(<RoomSearchPage />, { url: '/rooms', user: TEST_USERS.tenant });
    const { user, dialog } = await openDialog();
    expect((dialog.getByLabelText('Name') as HTMLInputElement).value).toBe('Any room, anywhere');
    await user.click(dialog.getByRole('button', { name: 'Save search' }));
    await screen.findByText(/Search saved\./);
    expect(await net.callsTo('/api/saved-searches', 'POST')[0]!.json()).toMatchObject({ Criteria: {} });
  });
});

const two = () => [
  saved({ LastSentAt: '2026-11-25T08:00:00.000Z' }),
  saved({ SavedSearchID: 2, Name: 'Studios up to £1,200', Criteria: { roomType: 'Studio', maxPrice: 1200 }, Frequency: 'off' }),
];
const card = (name: string) => within(screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement);
const hackneyFrequency = () => card('Doubles in Hackney').getByLabelText('Email alerts') as HTMLSelectElement;

describe('Saved searches page', () => {

  it('lists each search with its criteria in words, its frequency, when it last emailed, and a link that runs it', async () => {
    stubApi({ searches: two() });
    renderWithHost(<SavedSearchesPage />, { url: '/saved-searches', user: TEST_USERS.tenant });
    await screen.findByRole('heading', { level: 2, name: 'Doubles in Hackney' });
    expect(screen.getByText(`2 of ${MAX_SAVED_SEARCHES} saved searches`)).toBeTruthy();
    const first = card('Doubles in Hackney');
    expect(first.getByText('Double rooms in Hackney, London, up to £900 a month')).toBeTruthy();
    expect((first.getByLabelText('Email alerts') as HTMLSelectElement).value).toBe('instant');
    expect(first.getByText('Last emailed on 25 Nov 2026')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Run search' }).getAttribute('href')).toBe('/rooms?city=London&address=Hackney&maxPrice=900&roomType=Double');
    const second = card('Studios up to £1,200');
    expect(second.getByText('Studios, up to £1,200 a month')).toBeTruthy();
    expect(second.getByText('No emails sent yet')).toBeTruthy();
    expect((second.getByLabelText('Email alerts') as HTMLSelectElement).value).toBe('off');
  });

  it('saves a new frequency at once, with a toast', async () => {
    const server: Server = { searches: two() };
    const net = stubApi(server);
    renderWithHost(<SavedSearchesPage />, { url: '/saved-searches', user: TEST_USERS.tenant });
    await screen.findByRole('heading', { level: 2, name: 'Doubles in Hackney' });
    const user = userEvent.setup();
    await user.selectOptions(card('Doubles in Hackney').getByLabelText('Email alerts'), 'daily');
    expect(await screen.findByText(SAVED_TEXTS.searchUpdated)).toBeTruthy();
    expect(await net.callsTo('/api/saved-searches/1', 'PATCH')[0]!.json()).toEqual({ Frequency: 'daily' });
    expect((card('Doubles in Hackney').getByLabelText('Email alerts') as HTMLSelectElement).value).toBe('daily');
    expect(card('Doubles in Hackney').getByText('One email a day with new matches')).toBeTruthy();
  });

  it('puts the frequency back and says so when the server refuses', async () => {
    let refusals = 0;
    // First with the server's sentence, then without one (a proxy's page).
    stubApi({ searches: two(), patch: () => (++refusals === 1 ? json({ message: 'Something went wrong.' }, 500) : new Response('Bad gateway', { status: 502 })) });
    renderWithHost(<SavedSearchesPage />, { url: '/saved-searches', user: TEST_USERS.tenant });
    await screen.findByRole('heading', { level: 2, name: 'Doubles in Hackney' });
    const user = userEvent.setup();
    await user.selectOptions(hackneyFrequency(), 'off');
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    await waitFor(() => expect(hackneyFrequency().value).toBe('instant'));
    await user.selectOptions(hackneyFrequency(), 'daily');
    expect(await screen.findByText(FREQUENCY_FAILED)).toBeTruthy();
    await waitFor(() => expect(hackneyFrequency().value).toBe('instant'));
  });

  it('renames a search in a dialog', async () => {
    const server: Server = { searches: two() };
    const net = stubApi(server);
    renderWithHost(<SavedSearchesPage />, { url: '/saved-searches', user: TEST_USERS.tenant });
    await screen.findByRole('heading', { level: 2, name: 'Doubles in Hackney' });
    const user = userEvent.setup();
    await user.click(card('Doubles in Hackney').getByRole('button', { name: 'Rename' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename this search' }));
    const name = dialog.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Doubles in Hackney');
    await user.clear(name);
    await user.type(name, 'Hackney, near the park');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Hackney, near the park' })).toBeTruthy();
    expect(await net.callsTo('/api/saved-searches/1', 'PATCH')[0]!.json()).toEqual({ Name: 'Hackney, near the park' });
    expect(screen.getByText(SAVED_TEXTS.searchUpdated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a search after confirming, and shows the empty state with a way to search when none is left', async () => {
    const server: Server = { searches: [saved()] };
    const net = stubApi(server);
    renderWithHost(<SavedSearchesPage />, { url: '/saved-searches', user: TEST_USERS.tenant });
    await screen.findByRole('heading', { level: 2, name: 'Doubles in Hackney' });
    const user = userEvent.setup();
    await user.click(card('Doubles in Hackney').getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this saved search?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete search' }));
    expect(await screen.findByText(SAVED_TEXTS.searchDeleted)).toBeTruthy();
    expect(net.callsTo('/api/saved-searches/1', 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'You have no saved searches yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search rooms' }).getAttribute('href')).toBe('/rooms');
  });

  it('cancelling the delete keeps the search', async () => {
    const net = stubApi({ searches: [saved()] });
    renderWithHost(<SavedSearchesPage />, { url: '/saved-searches', user: TEST_USERS.tenant });
    await screen.findByRole('heading', { level: 2, name: 'Doubles in Hackney' });
    const user = userEvent.setup();
    await user.click(card('Doubles in Hackney').getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(net.callsTo('/api/saved-searches/1', 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Doubles in Hackney' })).toBeTruthy();
  });
});
