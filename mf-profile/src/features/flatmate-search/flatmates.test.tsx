import { FLATMATE_PAGE_SIZE, snippet, TEXTS, VERIFY_TEXTS, type FlatmateCard, type FlatmateSearchPage } from '@roomnest/shared';
import { json, renderWithHost, stubFetch, TEST_USERS, type FetchHandler } from '@roomnest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FlatmatesPage from '../../exposed/FlatmatesPage.tsx';
import { flatmateFixture, flatmatePage } from '../../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const SEARCH_PATH = '/api/users/flatmate-search';

function stubSearch(answer: (url: URL) => Response | FlatmateSearchPage) {
  const handler: FetchHandler = (request, url) => {
    if (request.method !== 'GET' || url.pathname !== SEARCH_PATH) return undefined;
    const out = answer(url);
    return out instanceof Response ? out : json(out);
  };
  return stubFetch(handler);
}
const searchCalls = (net: ReturnType<typeof stubFetch>) => net.callsTo(SEARCH_PATH, 'GET').map((r) => Object.fromEntries(new URL(r.url).searchParams));
const filters = () => within(screen.getByRole('search', { name: 'Filter flatmates' }));
const card = async (name: string) => within(await screen.findByRole('article', { name }));

describe('Flatmates: the cards', () => {
  it('carry the "Email verified" mark for a person who has confirmed their address, and only there', async () => {
    stubSearch(() => flatmatePage([flatmateFixture({ UserID: 1, Name: 'Priya Shah', EmailVerified: true }), flatmateFixture({ UserID: 2, Name: 'Tom Reed', EmailVerified: false })]));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    expect((await card('Priya Shah')).getByText(VERIFY_TEXTS.mark)).toBeTruthy();
    expect((await card('Tom Reed')).queryByText(VERIFY_TEXTS.mark)).toBeNull();
  });
});

describe('Flatmates: the query string', () => {
  it('reads every filter into the form and sends it to the API', async () => {
    const net = stubSearch(() => flatmatePage([flatmateFixture()], { currentPage: 2, totalPages: 3 }));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates?preferred_locations=Hackney%2C+Bow&budget_min=500&budget_max=1000&move_in_date=2026-12-01&page=2' });
    await card('Priya Shah');
    expect(searchCalls(net)[0]).toEqual({ preferred_locations: 'Hackney, Bow', budget_min: '500', budget_max: '1000', move_in_date: '2026-12-01', page: '2' });
    expect((filters().getByLabelText('Preferred locations') as HTMLInputElement).value).toBe('Hackney, Bow');
    expect((filters().getByLabelText('Min budget (£)') as HTMLInputElement).value).toBe('500');
    expect((filters().getByLabelText('Max budget (£)') as HTMLInputElement).value).toBe('1000');
    expect((filters().getByLabelText('Move-in by') as HTMLInputElement).value).toBe('2026-12-01');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Flatmate seekersPage 2 of 3');
  });

  it("starts from the Home search box's city", async () => {
    const net = stubSearch(() => flatmatePage([]));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates?city=Stratford' });
    await screen.findByText(TEXTS.flatmatesEmpty);
    expect(searchCalls(net)[0]).toEqual({ preferred_locations: 'Stratford' });
    expect((filters().getByLabelText('Preferred locations') as HTMLInputElement).value).toBe('Stratford');
  });

  it('Apply rewrites the query string, starting again at page 1; Clear empties it', async () => {
    const net = stubSearch(() => flatmatePage([flatmateFixture()]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<FlatmatesPage />, { url: '/flatmates?city=Stratford&page=4' });
    await card('Priya Shah');
    const where = filters().getByLabelText('Preferred locations');
    await user.clear(where);
    await user.type(where, 'Hackney,  Bow ');
    await user.type(filters().getByLabelText('Min budget (£)'), '550');
    await user.type(filters().getByLabelText('Max budget (£)'), '850');
    fireEvent.change(filters().getByLabelText('Move-in by'), { target: { value: '2027-01-15' } });
    await user.click(filters().getByRole('button', { name: 'Apply' }));
    expect(location()).toBe('/flatmates?preferred_locations=Hackney%2C+Bow&budget_min=550&budget_max=850&move_in_date=2027-01-15');
    await waitFor(() => expect(searchCalls(net)).toHaveLength(2));
    expect(searchCalls(net)[1]).toEqual({ preferred_locations: 'Hackney, Bow', budget_min: '550', budget_max: '850', move_in_date: '2027-01-15' });
    // Focus moves to the new results.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));

    await user.click(filters().getByRole('button', { name: 'Clear' }));
    expect(location()).toBe('/flatmates');
    expect((filters().getByLabelText('Preferred locations') as HTMLInputElement).value).toBe('');
  });

  it('checks the budget before searching', async () => {
    stubSearch(() => flatmatePage([flatmateFixture()]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    await card('Priya Shah');
    await user.type(filters().getByLabelText('Min budget (£)'), '900');
    await user.type(filters().getByLabelText('Max budget (£)'), '400');
    await user.click(filters().getByRole('button', { name: 'Apply' }));
    expect(filters().getByText('Max budget must be at least the min budget.')).toBeTruthy();
    expect(document.activeElement).toBe(filters().getByLabelText('Max budget (£)'));
    expect(location()).toBe('/flatmates');
  });

  it('folds the filters behind a button on phones, which counts the active ones', async () => {
    stubSearch(() => flatmatePage([]));
    const user = userEvent.setup();
    renderWithHost(<FlatmatesPage />, { url: '/flatmates?preferred_locations=Bow&budget_max=900&page=2' });
    const toggle = screen.getByRole('button', { name: /^Filters\s*2 active$/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('search', { name: 'Filter flatmates' }).className).toContain('open');
    expect(toggle.textContent).toContain('Hide filters');
  });
});

describe('Flatmates: cards', () => {
  it('shows name, picture, budget, move-in date, location chips and 100-character snippets', async () => {
    const f = flatmateFixture();
    stubSearch(() => flatmatePage([f]));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    const c = await card('Priya Shah');
    expect(c.getByRole('heading', { level: 3, name: 'Priya Shah' })).toBeTruthy();
    const photo = c.getByRole('img', { name: 'Priya Shah' });
    expect(photo.getAttribute('src')).toBe('/uploads/profiles/priya.jpg');
    expect(photo.getAttribute('width')).toBe('56');
    expect(c.getByText('£600 – £900 / month')).toBeTruthy();
    expect(c.getByText('22 Nov 2026')).toBeTruthy();
    const chips = within(c.getByRole('list', { name: 'Preferred locations' }));
    expect(chips.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Hackney', 'Bethnal Green', 'Shoreditch']);

    const bio = snippet(f.Bio, 100);
    const lookingFor = snippet(f.LookingForDescription, 100);
    expect(f.Bio!.length).toBeGreaterThan(100);
    expect(bio.length).toBeLessThanOrEqual(101);
    expect(bio.endsWith('…')).toBe(true);
    expect(c.getByText(bio)).toBeTruthy();
    expect(c.getByText(lookingFor)).toBeTruthy();
    expect(c.queryByText(f.Bio!)).toBeNull();
  });

  it('shows initials without a picture, and reads well with little filled in', async () => {
    stubSearch(() =>
      flatmatePage([
        flatmateFixture({ UserID: 7, Name: 'Tom Okafor', ProfilePictureURL: null, Bio: 'Short bio.', LookingForDescription: null, BudgetMin: 700, BudgetMax: null, PreferredLocations: null, FlatmateMoveInDate: null }),
        flatmateFixture({ UserID: 8, Name: 'Zoe Li', BudgetMin: null, BudgetMax: 1200 }),
      ]),
    );
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    const tom = await card('Tom Okafor');
    const avatar = tom.getByRole('img', { name: 'Tom Okafor' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('TO');
    expect(tom.getByText('From £700 / month')).toBeTruthy();
    expect(tom.getByText('Short bio.')).toBeTruthy();
    expect(tom.getByText('Flexible')).toBeTruthy();
    expect(tom.getByText('Open to anywhere')).toBeTruthy();
    expect((await card('Zoe Li')).getByText('Up to £1,200 / month')).toBeTruthy();
  });

  it('lays the cards out three to a row on desktop', async () => {
    stubSearch(() => flatmatePage([flatmateFixture()]));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    await card('Priya Shah');
    const grid = screen.getByRole('list', { name: 'Flatmate profiles' });
    expect(grid.style.getPropertyValue('--cards-per-row')).toBe('3');
  });
});

/** Shows the router state the page passed along, as /login would receive it. */
function LoginProbe() {
  return <output data-testid="login-state">{JSON.stringify(useLocation().state)}</output>;
}

function ChatProbe() {
  const location = useLocation();
  return <p>Chat with {location.pathname.split('/').at(-1)}</p>;
}

describe('Flatmates: the Message button', () => {
  const cards: FlatmateCard[] = [flatmateFixture(), flatmateFixture({ UserID: TEST_USERS.tenant.userId, Name: TEST_USERS.tenant.name })];

  it('opens the chat for a logged-in user, and is not on their own card', async () => {
    stubSearch(() => flatmatePage(cards));
    const user = userEvent.setup();
    const { location } = renderWithHost(
      <Routes>
        <Route path="/flatmates" element={<FlatmatesPage />} />
        <Route path="/messages/chat/:otherUserId" element={<ChatProbe />} />
      </Routes>,
      { url: '/flatmates', user: TEST_USERS.tenant },
    );
    const own = await card(TEST_USERS.tenant.name);
    expect(own.queryByRole('link', { name: /^Message/ })).toBeNull();
    expect(own.getByText(/This is your profile/)).toBeTruthy();
    expect(own.getByRole('link', { name: 'Edit it' }).getAttribute('href')).toBe('/my-flatmate-profile');

    const other = await card('Priya Shah');
    const message = other.getByRole('link', { name: 'Message Priya Shah' });
    expect(message.getAttribute('href')).toBe('/messages/chat/501');
    await user.click(message);
    expect(location()).toBe('/messages/chat/501');
    expect(screen.getByText('Chat with 501')).toBeTruthy();
  });

  it('shows a landlord the button too', async () => {
    stubSearch(() => flatmatePage(cards));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates', user: TEST_USERS.landlord });
    expect((await card(TEST_USERS.tenant.name)).getByRole('link', { name: `Message ${TEST_USERS.tenant.name}` }).getAttribute('href')).toBe(
      `/messages/chat/${TEST_USERS.tenant.userId}`,
    );
  });

  it('sends a visitor to /login, remembering the search', async () => {
    stubSearch(() => flatmatePage(cards));
    const user = userEvent.setup();
    const { location } = renderWithHost(
      <Routes>
        <Route path="/flatmates" element={<FlatmatesPage />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>,
      { url: '/flatmates?preferred_locations=Hackney' },
    );
    // Every card has the button for a visitor, including the one they cannot know is theirs.
    expect((await card(TEST_USERS.tenant.name)).getByRole('link', { name: /^Message/ })).toBeTruthy();
    await user.click((await card('Priya Shah')).getByRole('link', { name: 'Message Priya Shah' }));
    expect(location()).toBe('/login');
    expect(JSON.parse(screen.getByTestId('login-state').textContent ?? 'null')).toEqual({
      from: { pathname: '/flatmates', search: '?preferred_locations=Hackney', hash: '' },
    });
    expect(await screen.findByText(TEXTS.loginRequired)).toBeTruthy();
  });
});

const nav = () => within(screen.getByRole('navigation', { name: 'Flatmate results pages' }));
const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => flatmateFixture({ UserID: from + i, Name: `Seeker ${from + i}` }));

describe('Flatmates: pagination and states', () => {
  it('pages through the server with the filters kept in every link', async () => {
    const net = stubSearch((url) => {
      const p = Number(url.searchParams.get('page') ?? 1);
      return flatmatePage(many((p - 1) * FLATMATE_PAGE_SIZE + 1, p === 3 ? 5 : FLATMATE_PAGE_SIZE), { currentPage: p, totalPages: 3 });
    });
    const user = userEvent.setup();
    const { location } = renderWithHost(<FlatmatesPage />, { url: '/flatmates?budget_max=900' });
    await card('Seeker 1');
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(nav().getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(nav().getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/flatmates?budget_max=900&page=3');

    await user.click(nav().getByRole('link', { name: /Next/ }));
    expect(location()).toBe('/flatmates?budget_max=900&page=2');
    await card('Seeker 13');
    expect(searchCalls(net).at(-1)).toEqual({ budget_max: '900', page: '2' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2 })));

    await user.click(nav().getByRole('link', { name: 'Page 3' }));
    await card('Seeker 25');
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(nav().queryByRole('link', { name: /Next/ })).toBeNull();
    await user.click(nav().getByRole('link', { name: /Previous/ }));
    expect(location()).toBe('/flatmates?budget_max=900&page=2');
  });

  it('has no pagination for one page', async () => {
    stubSearch(() => flatmatePage([flatmateFixture()]));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    await card('Priya Shah');
    expect(screen.queryByRole('navigation', { name: 'Flatmate results pages' })).toBeNull();
  });

  it('shows the loading state, then the empty message with a way to clear the filters', async () => {
    stubSearch(() => flatmatePage([]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<FlatmatesPage />, { url: '/flatmates?preferred_locations=Atlantis' });
    expect(screen.getByText('Finding flatmates…')).toBeTruthy();
    expect(await screen.findByText(TEXTS.flatmatesEmpty)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'No flatmates found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/flatmates');
  });

  it('says where the results end for a page past the last', async () => {
    stubSearch(() => flatmatePage([], { currentPage: 9, totalPages: 2 }));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates?page=9' });
    expect(await screen.findByText('There are no profiles on page 9; the results end at page 2.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe('/flatmates?page=2');
  });

  it('shows the failure text, and tries again', async () => {
    let fail = true;
    stubSearch(() => (fail ? new Response('Bad gateway', { status: 502 }) : flatmatePage([flatmateFixture()])));
    const user = userEvent.setup();
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.flatmatesFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await card('Priya Shah');
  });

  it("prefers the server's message", async () => {
    stubSearch(() => json({ message: 'Too many requests. Please wait a moment and try again.' }, 429));
    renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests. Please wait a moment and try again.');
  });
});
