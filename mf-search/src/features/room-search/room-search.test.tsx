import { LISTINGS_PAGE_SIZE_DEFAULT, snippet, TEXTS, VERIFY_TEXTS, type Listing, type ListingsPage } from '@roomnest/shared';
import { injectHostEndpoints, listingsChanged } from '@roomnest/shared/client';
import { listingsEndpoints } from '@roomnest/shared/listing';
import { json, listingFixture, renderWithHost, stubFetch, type FetchHandler } from '@roomnest/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoomSearchPage from '../../exposed/RoomSearchPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = (listings: Listing[], over: Partial<ListingsPage> = {}): ListingsPage => ({
  listings,
  total: listings.length,
  page: 1,
  totalPages: listings.length ? 1 : 0,
  ...over,
});

/** Answers GET /api/listings with `answer(url)`. */
function stubSearch(answer: (url: URL) => Response | ListingsPage): ReturnType<typeof stubFetch> {
  const handler: FetchHandler = (request, url) => {
    if (request.method !== 'GET' || url.pathname !== '/api/listings') return undefined;
    const out = answer(url);
    return out instanceof Response ? out : json(out);
  };
  return stubFetch(handler);
}

const searchCalls = (net: ReturnType<typeof stubFetch>) => net.callsTo('/api/listings', 'GET').map((r) => new URL(r.url).searchParams);
const filters = () => within(screen.getByRole('search', { name: 'Filter rooms' }));

describe('Room search: the cards', () => {
  it('carry the "Email verified" mark beside a landlord who has confirmed their address, and only there', async () => {
    stubSearch(() => page([listingFixture({ ListingID: 1, Title: 'Verified room', LandlordEmailVerified: true }), listingFixture({ ListingID: 2, Title: 'Other room', LandlordEmailVerified: false })]));
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    const verified = (await screen.findByRole('heading', { name: 'Verified room' })).closest('article')!;
    const other = screen.getByRole('heading', { name: 'Other room' }).closest('article')!;
    expect(within(verified).getByText(VERIFY_TEXTS.mark)).toBeTruthy();
    expect(within(other).queryByText(VERIFY_TEXTS.mark)).toBeNull();
  });
});

describe('Room search: the query string', () => {
  it('reads every parameter into the filters and sends them to GET /api/listings', async () => {
    const net = stubSearch(() => page([listingFixture()]));
    const { location } = renderWithHost(<RoomSearchPage />, {
      url: '/rooms?city=London&address=Hackney&minPrice=500&maxPrice=1200&priceRange=500-1000&roomType=Double&availableDate=2026-12-01&sortBy=rent_asc&page=2',
    });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    const sent = searchCalls(net)[0]!;
    expect(Object.fromEntries(sent)).toEqual({
      city: 'London',
      address: 'Hackney',
      minPrice: '500',
      maxPrice: '1200',
      priceRange: '500-1000',
      roomType: 'Double',
      availableDate: '2026-12-01',
      sortBy: 'rent_asc',
      page: '2',
    });
    expect((filters().getByLabelText('City, area or postcode') as HTMLInputElement).value).toBe('London');
    expect((filters().getByLabelText('Area or street') as HTMLInputElement).value).toBe('Hackney');
    expect((filters().getByLabelText('Price range') as HTMLSelectElement).value).toBe('500-1000');
    expect((filters().getByLabelText('Min rent (£)') as HTMLInputElement).value).toBe('500');
    expect((filters().getByLabelText('Max rent (£)') as HTMLInputElement).value).toBe('1200');
    expect((filters().getByLabelText('Room type') as HTMLSelectElement).value).toBe('Double');
    expect((filters().getByLabelText('Move-in date') as HTMLInputElement).value).toBe('2026-12-01');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('rent_asc');
    expect(location()).toContain('page=2');
  });

  it('drops parameters that are not valid instead of failing', async () => {
    const net = stubSearch(() => page([]));
    renderWithHost(<RoomSearchPage />, { url: '/rooms?city=Leeds&priceRange=cheap&roomType=Castle&availableDate=2026-02-31&page=0&sortBy=best&cb=123' });
    await screen.findByText(TEXTS.roomsEmpty);
    expect(Object.fromEntries(searchCalls(net)[0]!)).toEqual({ city: 'Leeds' });
  });

  it('Apply Filters rewrites the query string, keeps the sort order and starts again at page 1', async () => {
    const net = stubSearch(() => page([listingFixture()]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/rooms?city=London&sortBy=date_new&page=3' });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });

    await user.type(filters().getByLabelText('Area or street'), 'Stratford');
    await user.selectOptions(filters().getByLabelText('Price range'), '1000-1500');
    await user.selectOptions(filters().getByLabelText('Room type'), 'Studio');
    fireEvent.change(filters().getByLabelText('Move-in date'), { target: { value: '2027-01-15' } });
    await user.click(filters().getByRole('button', { name: 'Apply Filters' }));

    expect(location()).toBe('/rooms?city=London&address=Stratford&priceRange=1000-1500&roomType=Studio&availableDate=2027-01-15&sortBy=date_new');
    await waitFor(() => expect(searchCalls(net)).toHaveLength(2));
    expect(Object.fromEntries(searchCalls(net)[1]!)).toEqual({
      city: 'London',
      address: 'Stratford',
      priceRange: '1000-1500',
      roomType: 'Studio',
      availableDate: '2027-01-15',
      sortBy: 'date_new',
    });
  });

  it('checks the rent bounds before searching', async () => {
    stubSearch(() => page([listingFixture()]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    await user.type(filters().getByLabelText('Min rent (£)'), '900');
    await user.type(filters().getByLabelText('Max rent (£)'), '400');
    await user.click(filters().getByRole('button', { name: 'Apply Filters' }));
    expect(filters().getByText('Max rent must be at least the min rent.')).toBeTruthy();
    expect(document.activeElement).toBe(filters().getByLabelText('Max rent (£)'));
    expect(location()).toBe('/rooms');
  });

  it('Clear filters empties the form and the query string', async () => {
    stubSearch(() => page([listingFixture()]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/find-a-room?city=London&roomType=Single&sortBy=rent_desc' });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    expect(screen.getByRole('button', { name: /Filters\s*2 active/ })).toBeTruthy();
    await user.click(filters().getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/find-a-room');
    expect((filters().getByLabelText('City, area or postcode') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('relevance');
  });

  it('applies a sort order as soon as it is chosen: the URL, a new search from page 1, focus left on the select', async () => {
    const net = stubSearch(() => page([listingFixture()]));
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/rooms?city=Hackney&roomType=Double&page=2' });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    // Typed but not applied: a new order does not apply it, and does not lose it either.
    await user.type(filters().getByLabelText('Area or street'), 'Mare');

    const sortBy = screen.getByLabelText('Sort by') as HTMLSelectElement;
    await user.selectOptions(sortBy, 'rent_asc');
    expect(location()).toBe('/rooms?city=Hackney&roomType=Double&sortBy=rent_asc');
    await waitFor(() => expect(searchCalls(net)).toHaveLength(2));
    expect(Object.fromEntries(searchCalls(net)[1]!)).toEqual({ city: 'Hackney', roomType: 'Double', sortBy: 'rent_asc' });
    // The new results are in, and focus is still where the order was chosen.
    await waitFor(() => expect(screen.getByRole('region', { name: '1 room found' }).getAttribute('aria-busy')).toBe('false'));
    expect(document.activeElement).toBe(sortBy);
    expect((filters().getByLabelText('Area or street') as HTMLInputElement).value).toBe('Mare');

    // Back to the default order: it leaves the URL.
    await user.selectOptions(sortBy, 'relevance');
    expect(location()).toBe('/rooms?city=Hackney&roomType=Double');
    await waitFor(() => expect(searchCalls(net)).toHaveLength(3));
  });

  it('keeps the sort order outside the filters that fold away on narrow screens', async () => {
    stubSearch(() => page([listingFixture()]));
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    const form = screen.getByRole('search', { name: 'Filter rooms' });
    expect(form.className).not.toContain('open');
    const sortBy = screen.getByLabelText('Sort by');
    expect(form.contains(sortBy)).toBe(false);
    expect(screen.getByRole('region', { name: '1 room found' }).contains(sortBy)).toBe(true);
  });

  it('folds the filters behind a toggle (shown on narrow screens)', async () => {
    stubSearch(() => page([]));
    const user = userEvent.setup();
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('search', { name: 'Filter rooms' }).className).toContain('open');
    expect(toggle.textContent).toContain('Hide filters');
  });
});

describe('Room search: the place searched', () => {
  it('says what the City field was read as, in the heading and the title', async () => {
    const net = stubSearch(() =>
      page([listingFixture()], { location: { understood: true, label: 'Hackney, London', matches: [{ kind: 'area', label: 'Hackney, London', exact: true }] } }),
    );
    renderWithHost(<RoomSearchPage />, { url: '/rooms?city=hackney' });
    expect(screen.getByRole('heading', { level: 1, name: 'Find a room' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooms in Hackney, London' })).toBeTruthy();
    expect(document.title).toBe('Rooms in Hackney, London | RoomNest');
    expect(searchCalls(net)[0]!.get('city')).toBe('hackney');
  });

  it('shows a postcode district as it was read', async () => {
    stubSearch(() => page([listingFixture()], { location: { understood: true, label: 'E8', matches: [{ kind: 'district', label: 'E8', exact: true }] } }));
    renderWithHost(<RoomSearchPage />, { url: '/rooms?city=e8' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rooms in E8' })).toBeTruthy();
  });

  it('says when the text names no place, with a way out', async () => {
    stubSearch(() => page([], { location: { understood: false, label: null, matches: [] } }));
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/rooms?city=Xyzzy' });
    expect(await screen.findByText('No place called “Xyzzy” was found')).toBeTruthy();
    expect(screen.getByText('Try a city, an area, a street or a postcode, such as London, Hackney, Mare Street or E8.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Find a room' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'No rooms found' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(location()).toBe('/rooms');
  });
});

describe('Room search: cards', () => {
  const long =
    'A sunny double room in a friendly three-bedroom Victorian terrace, two minutes from London Fields and Broadway Market. Shared kitchen and garden.';

  it('shows photo, £ rent per month, title, address and city, type, available date, amenity icons, snippet, landlord and link', async () => {
    stubSearch(() => page([listingFixture({ Description: long })]));
    renderWithHost(<RoomSearchPage />, { url: '/rooms?city=London' });
    const card = within(await screen.findByRole('article', { name: 'Bright double room near London Fields' }));

    const photo = card.getByRole('img', { name: 'Photo of Bright double room near London Fields' });
    // The cover's card copies: 320 wide on a phone's one column, 640 for a sharp screen.
    expect(photo.getAttribute('src')).toBe('/uploads/listings/room-1-card.webp');
    expect(photo.getAttribute('srcset')).toBe('/uploads/listings/room-1-card-320.webp 320w, /uploads/listings/room-1-card.webp 640w');
    expect(photo.getAttribute('sizes')).toBe('(max-width: 959px) 100vw, 320px');
    expect(photo.getAttribute('loading')).toBe('lazy');
    expect(card.getByText('£950').closest('p')?.textContent).toBe('£950/month');
    expect(card.getByText('14 Mare Street, Hackney, London')).toBeTruthy();
    expect(card.getByText('Double room')).toBeTruthy();
    expect(card.getByText('Available from 22 Nov 2026')).toBeTruthy();

    const amenities = within(card.getByRole('list', { name: 'Amenities' }));
    expect(amenities.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['WiFi', 'Bills Included', 'Furnished']);
    expect(amenities.queryByRole('img', { name: 'Parking' })).toBeNull();

    const text = snippet(long, 100);
    expect(text.length).toBeLessThanOrEqual(101);
    expect(text.endsWith('…')).toBe(true);
    expect(card.getByText(text)).toBeTruthy();
    expect(card.getByText('Advertised by Rajesh Patel')).toBeTruthy();
    expect(card.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/rooms/1');
  });

  it('formats pence and shows Parking; a room without a photo gets the placeholder', async () => {
    stubSearch(() =>
      page([
        listingFixture({
          ListingID: 8,
          Title: 'Studio in Canary Wharf',
          Rent: 1249.5,
          ImageUrl: null,
          ThumbnailUrl: null,
          Photos: [],
          Amenities: [{ AmenityID: 2, Name: 'Parking' }],
          Description: 'Short and sweet.',
        }),
      ]),
    );
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    const card = within(await screen.findByRole('article', { name: 'Studio in Canary Wharf' }));
    expect(card.getByText('£1,249.50')).toBeTruthy();
    expect(card.getByRole('img', { name: 'Parking' })).toBeTruthy();
    expect(card.getByRole('img', { name: 'No photo provided' })).toBeTruthy();
    expect(card.getByText('Short and sweet.')).toBeTruthy();
  });
});

const many = (from: number, n: number) => Array.from({ length: n }, (_, i) => listingFixture({ ListingID: from + i, Title: `Room number ${from + i}` }));

describe('Room search: pagination and states', () => {
  it('shows a capped total as "1,000+"', async () => {
    stubSearch(() => page(many(1, LISTINGS_PAGE_SIZE_DEFAULT), { total: 1000, totalCapped: true, page: 1, totalPages: 42 }));
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    await screen.findByRole('heading', { level: 2, name: '1,000+ rooms found' });
    expect(screen.getByText('Showing 1–24 of 1,000+')).toBeTruthy();
  });

  it('shows the total, pages through the server and keeps the filters in every page link', async () => {
    const net = stubSearch((url) => {
      const p = Number(url.searchParams.get('page') ?? 1);
      return page(many((p - 1) * LISTINGS_PAGE_SIZE_DEFAULT + 1, p === 3 ? 12 : LISTINGS_PAGE_SIZE_DEFAULT), { total: 60, page: p, totalPages: 3 });
    });
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/rooms?city=London' });
    await screen.findByRole('heading', { level: 2, name: '60 rooms found' });
    expect(screen.getByText('Showing 1–24 of 60')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Search results pages' }));
    expect(nav.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/rooms?city=London&page=3');
    expect(nav.queryByRole('link', { name: /Previous/ })).toBeNull();

    await user.click(nav.getByRole('link', { name: /Next/ }));
    expect(location()).toBe('/rooms?city=London&page=2');
    await screen.findByText('Showing 25–48 of 60');
    expect(searchCalls(net).at(-1)!.get('page')).toBe('2');
    // Focus moves to the new result count.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: '60 rooms found' })));

    const nav2 = within(screen.getByRole('navigation', { name: 'Search results pages' }));
    await user.click(nav2.getByRole('link', { name: 'Page 3' }));
    await screen.findByText('Showing 49–60 of 60');
    expect(within(screen.getByRole('navigation', { name: 'Search results pages' })).queryByRole('link', { name: /Next/ })).toBeNull();
    await user.click(within(screen.getByRole('navigation', { name: 'Search results pages' })).getByRole('link', { name: /Previous/ }));
    expect(location()).toBe('/rooms?city=London&page=2');
  });

  it('shows no pagination for a single page', async () => {
    stubSearch(() => page([listingFixture()]));
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    await screen.findByRole('heading', { level: 2, name: '1 room found' });
    expect(screen.queryByRole('navigation', { name: 'Search results pages' })).toBeNull();
  });

  it('shows the loading state, then the empty message for no results', async () => {
    stubSearch(() => page([]));
    renderWithHost(<RoomSearchPage />, { url: '/rooms?city=Nowhere' });
    expect(screen.getByText('Finding rooms…')).toBeTruthy();
    expect(await screen.findByText(TEXTS.roomsEmpty)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'No rooms found' })).toBeTruthy();
  });

  it('treats a 404 answer as no results', async () => {
    stubSearch(() => json({ message: 'Nothing here' }, 404));
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    expect(await screen.findByText(TEXTS.roomsEmpty)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Error: ' and the server's message on a failure", async () => {
    stubSearch(() => json({ message: 'Too many requests. Please wait a moment and try again.' }, 429));
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    expect((await screen.findByRole('alert')).textContent).toContain('Error: Too many requests. Please wait a moment and try again.');
  });

  it("shows 'Error: ' and the fallback text when the server gives no message", async () => {
    let fail = true;
    stubSearch(() => (fail ? new Response('Bad gateway', { status: 502 }) : page([listingFixture()])));
    const user = userEvent.setup();
    renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    expect((await screen.findByRole('alert')).textContent).toContain(`Error: ${TEXTS.roomsFailed}`);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: '1 room found' })).toBeTruthy();
  });

  it('says where the results end when the page is past the last one', async () => {
    stubSearch(() => page([], { total: 30, page: 9, totalPages: 2 }));
    renderWithHost(<RoomSearchPage />, { url: '/rooms?page=9' });
    expect(await screen.findByText('There are no rooms on page 9; the results end at page 2.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the last page' }).getAttribute('href')).toBe('/rooms?page=2');
  });
});

describe('Room search: freshness', () => {
  it('refetches when a listing changes anywhere on the page: a mutation in the one cache, or an older remote’s announcement', async () => {
    let rent = 950;
    const net = stubFetch((req, url) => {
      if (url.pathname !== '/api/listings') return undefined;
      return req.method === 'POST' ? json({ listingId: 2, message: 'Listing created.' }, 201) : json(page([listingFixture({ Rent: rent })]));
    });
    const { store } = renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    await screen.findByText('£950');
    // mf-listings injects the same shared listings endpoints: its post invalidates this page's entry.
    const landlordModule = injectHostEndpoints(listingsEndpoints);
    rent = 875;
    await act(async () => {
      await store.dispatch(landlordModule.endpoints.createListing.initiate(new FormData()));
    });
    expect(await screen.findByText('£875')).toBeTruthy();
    expect(searchCalls(net)).toHaveLength(2);
    // A remote built before the one api still announces its changes made in its own cache.
    rent = 800;
    act(() => {
      store.dispatch(listingsChanged({ listingId: 1, source: 'mfListingsApi' }));
    });
    expect(await screen.findByText('£800')).toBeTruthy();
    expect(searchCalls(net)).toHaveLength(3);
  });
});
