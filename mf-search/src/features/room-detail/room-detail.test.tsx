import { TEXTS, VERIFY_TEXTS, type Listing } from '@roomnest/shared';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoomDetailPage from '../../exposed/RoomDetailPage.tsx';
import RoomSearchPage from '../../exposed/RoomSearchPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const owner = TEST_USERS.landlord; // userId 202, the fixture's LandlordID
const tenant = TEST_USERS.tenant;
const otherLandlord = TEST_USERS.premiumLandlord;

function stubListing(listing: Listing | (() => Response), onDelete?: () => Response) {
  return stubFetch((request, url) => {
    if (url.pathname === `/api/listings/${typeof listing === 'function' ? '1' : listing.ListingID}`) {
      if (request.method === 'GET') return typeof listing === 'function' ? listing() : json(listing);
      if (request.method === 'DELETE' && onDelete) return onDelete();
    }
    if (url.pathname === '/api/listings' && request.method === 'GET') return json({ listings: [listingFixture()], total: 1, page: 1, totalPages: 1 });
    return undefined;
  });
}

/** /signup as a page that shows the router state it was given. */
function SignupProbe() {
  return <output data-testid="signup-state">{JSON.stringify(useLocation().state)}</output>;
}

const renderDetail = (user?: (typeof TEST_USERS)[keyof typeof TEST_USERS], id = '1') =>
  renderWithHost(<RoomDetailPage />, { url: `/rooms/${id}`, routePath: '/rooms/:id', user });

describe('Room detail: content', () => {
  it('shows every field of the listing', async () => {
    stubListing(listingFixture());
    renderDetail(tenant);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bright double room near London Fields' })).toBeTruthy();
    expect(document.title).toBe('Bright double room near London Fields | RoomNest');
    // The description the server writes for this room (route-meta.ts), so a link opened or navigated to reads the same.
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /^Double room in London for £950 a month, available from 22 Nov 2026\. A sunny double room/,
    );
    expect(screen.getByText('14 Mare Street, Hackney, London, Greater London E8 4RP')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Bright double room near London Fields' }).getAttribute('src')).toBe('/uploads/listings/room-1.jpg');
    expect(screen.getByText(/A sunny double room in a friendly three-bedroom Victorian terrace/)).toBeTruthy();
    const amenities = within(screen.getByRole('region', { name: 'Amenities' }));
    expect(amenities.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['WiFi', 'Furnished', 'Bills Included']);
    const terms = within(screen.getByRole('region', { name: 'Tenancy and house rules' }));
    expect(terms.getByText('Lease terms').nextElementSibling?.textContent).toBe('12-month AST, bills included');
    expect(terms.getByText('Pet policy').nextElementSibling?.textContent).toBe('Case-by-Case');
    expect(terms.getByText('Smoking policy').nextElementSibling?.textContent).toBe('Outside Only');
    const summary = within(screen.getByRole('complementary', { name: 'Rent and contact' }));
    expect(summary.getByText('£950').closest('p')?.textContent).toBe('£950 /month');
    expect(summary.getByText('Room type').nextElementSibling?.textContent).toBe('Double');
    expect(summary.getByText('Available from').nextElementSibling?.textContent).toBe('22 Nov 2026');
    expect(summary.getByText('Deposit').nextElementSibling?.textContent).toBe('£1,100');
    expect(summary.getByRole('heading', { name: 'Advertised by' })).toBeTruthy();
    expect(summary.getByText('Rajesh Patel')).toBeTruthy();
  });

  it("shows the landlord's picture, a missing deposit and the text for a missing landlord", async () => {
    stubListing(listingFixture({ Deposit: null, LandlordName: '', LandlordProfilePictureURL: null, Amenities: [], AmenitiesNames: '' }));
    renderDetail();
    expect(await screen.findByText(TEXTS.landlordUnavailable)).toBeTruthy();
    expect(screen.getByText('Deposit').nextElementSibling?.textContent).toBe('Not specified');
    expect(screen.getByText('No amenities listed.')).toBeTruthy();
  });

  it("shows the landlord's profile picture when there is one", async () => {
    stubListing(listingFixture({ LandlordProfilePictureURL: '/uploads/profiles/rajesh.jpg' }));
    renderDetail();
    await screen.findByText('Rajesh Patel');
    // Decorative: the name is written beside it.
    const img = document.querySelector('img[src="/uploads/profiles/rajesh.jpg"]');
    expect(img?.getAttribute('alt')).toBe('');
  });

  it('marks a landlord who has confirmed their email address, and no other', async () => {
    stubListing(listingFixture({ LandlordEmailVerified: true }));
    const first = renderDetail();
    const landlord = (await screen.findByText('Rajesh Patel')).parentElement!;
    expect(within(landlord).getByText(VERIFY_TEXTS.mark)).toBeTruthy();
    first.unmount();
    stubListing(listingFixture({ LandlordEmailVerified: false }));
    renderDetail();
    await screen.findByText('Rajesh Patel');
    expect(screen.queryByText(VERIFY_TEXTS.mark)).toBeNull();
  });

  it('says the room was not found for a 404 and for an id that is not a number', async () => {
    stubListing(() => json({ message: TEXTS.roomNotFound }, 404));
    renderDetail();
    // The page's one h1: headings start there for screen readers.
    expect(await screen.findByRole('heading', { level: 1, name: TEXTS.roomNotFound })).toBeTruthy();
    const net = stubListing(listingFixture());
    renderDetail(undefined, 'abc');
    expect(screen.getAllByRole('heading', { name: TEXTS.roomNotFound })).toHaveLength(2);
    expect(net.calls).toHaveLength(0);
  });

  it.each([
    ['an empty object', {}],
    ['an empty list', []],
    ['null', null],
  ])('says the room was not found when a 200 answer holds %s instead of a listing', async (_what, body) => {
    stubListing(() => json(body));
    renderDetail(tenant);
    expect(await screen.findByRole('heading', { name: TEXTS.roomNotFound })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contact Landlord' })).toBeNull();
  });

  it('shows the load failure text when the server gives no message', async () => {
    stubListing(() => new Response('', { status: 500 }));
    renderDetail();
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.roomDetailsFailed);
  });

  it('links back to the search it came from, query string and all', async () => {
    stubListing(listingFixture());
    const user = userEvent.setup();
    renderWithHost(
      <Routes>
        <Route path="/rooms" element={<RoomSearchPage />} />
        <Route path="/rooms/:id" element={<RoomDetailPage />} />
      </Routes>,
      { url: '/rooms?city=London&roomType=Double&page=1' },
    );
    await user.click(await screen.findByRole('link', { name: 'View Details' }));
    // Focus moves to the room's title after the navigation.
    const title = await screen.findByRole('heading', { level: 1, name: 'Bright double room near London Fields' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('link', { name: /Back to search results/ }).getAttribute('href')).toBe('/rooms?city=London&roomType=Double&page=1');
  });

  it('links back to /rooms when opened directly', async () => {
    stubListing(listingFixture());
    renderDetail();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: /Back to search results/ }).getAttribute('href')).toBe('/rooms');
  });
});

describe('Room detail: who sees what', () => {
  it('a tenant contacts the landlord in a chat and sees no owner actions', async () => {
    stubListing(listingFixture());
    const user = userEvent.setup();
    const { location } = renderDetail(tenant);
    const contact = await screen.findByRole('button', { name: 'Contact Landlord' });
    expect(screen.queryByRole('link', { name: 'Edit Listing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Listing' })).toBeNull();
    expect((contact as HTMLButtonElement).disabled).toBe(false);
    await user.click(contact);
    expect(location()).toBe('/messages/chat/202?listing=1');
  });

  it('another landlord may contact the landlord too', async () => {
    stubListing(listingFixture());
    const user = userEvent.setup();
    const { location } = renderDetail(otherLandlord);
    await user.click(await screen.findByRole('button', { name: 'Contact Landlord' }));
    expect(location()).toBe('/messages/chat/202?listing=1');
    expect(screen.queryByRole('button', { name: 'Delete Listing' })).toBeNull();
  });

  it('a visitor is asked to sign up or log in and sent to /signup, which is told the room to come back to', async () => {
    stubListing(listingFixture());
    const user = userEvent.setup();
    const { location } = renderWithHost(
      <Routes>
        <Route path="/rooms/:id" element={<RoomDetailPage />} />
        <Route path="/signup" element={<SignupProbe />} />
      </Routes>,
      { url: '/rooms/1?ref=home' },
    );
    await user.click(await screen.findByRole('button', { name: 'Contact Landlord' }));
    expect(await screen.findByText(TEXTS.contactLandlordLogin)).toBeTruthy();
    expect(location()).toBe('/signup');
    expect(JSON.parse(screen.getByTestId('signup-state').textContent ?? 'null')).toEqual({ from: { pathname: '/rooms/1', search: '?ref=home', hash: '#contact' } });
  });

  it('back from signing up or logging in (#contact), Contact Landlord has the focus and says it is ready', async () => {
    stubListing(listingFixture());
    const user = userEvent.setup();
    const { location } = renderWithHost(<RoomDetailPage />, { url: '/rooms/1#contact', routePath: '/rooms/:id', user: tenant });
    const contact = await screen.findByRole('button', { name: 'Contact Landlord' });
    expect(screen.getByRole('status').textContent).toBe(TEXTS.contactLandlordReady);
    await waitFor(() => expect(document.activeElement).toBe(contact));
    await user.click(contact);
    expect(location()).toBe('/messages/chat/202?listing=1');
  });

  it('#contact changes nothing for a visitor or for the owner', async () => {
    stubListing(listingFixture());
    renderWithHost(<RoomDetailPage />, { url: '/rooms/1#contact', routePath: '/rooms/:id' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(TEXTS.contactLandlordReady)).toBeNull();
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Contact Landlord' }));
    cleanup();

    renderWithHost(<RoomDetailPage />, { url: '/rooms/1#contact', routePath: '/rooms/:id', user: owner });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(TEXTS.contactLandlordReady)).toBeNull();
    expect((screen.getByRole('button', { name: 'Contact Landlord' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the owner cannot contact themselves and gets Edit and Delete', async () => {
    stubListing(listingFixture({ Status: 'Pending' }));
    renderDetail(owner);
    const contact = await screen.findByRole('button', { name: 'Contact Landlord' });
    expect((contact as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('This is your listing.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Listing' }).getAttribute('href')).toBe('/rooms/1/edit');
    expect(screen.getByRole('button', { name: 'Delete Listing' })).toBeTruthy();
    expect(screen.getByText(/Only you can see this listing while it is pending/)).toBeTruthy();
  });
});

describe('Room detail: delete', () => {
  it('asks first; Cancel keeps the listing', async () => {
    const onDelete = vi.fn<() => Response>(() => json({ message: 'Listing deleted.' }));
    stubListing(listingFixture(), onDelete);
    const user = userEvent.setup();
    renderDetail(owner);
    const del = await screen.findByRole('button', { name: 'Delete Listing' });
    await user.click(del);
    const dialog = screen.getByRole('dialog', { name: 'Delete this listing?' });
    expect(within(dialog).getByText(/will be removed from search/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(del);
  });

  it('deletes on confirmation, says so and goes to My listings', async () => {
    const onDelete = vi.fn<() => Response>(() => json({ message: 'Listing deleted.' }));
    const net = stubListing(listingFixture(), onDelete);
    const user = userEvent.setup();
    const { location } = renderDetail(owner);
    await user.click(await screen.findByRole('button', { name: 'Delete Listing' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText('Listing deleted.')).toBeTruthy();
    expect(location()).toBe('/my-listings');
    expect(net.callsTo('/api/listings/1', 'DELETE')).toHaveLength(1);
    expect(net.callsTo('/api/listings/1', 'DELETE')[0]!.headers.get('authorization')).toBe('Bearer test-token-202');
  });

  it('says the room could not be deleted and stays', async () => {
    stubListing(listingFixture(), () => new Response('', { status: 500 }));
    const user = userEvent.setup();
    const { location } = renderDetail(owner);
    await user.click(await screen.findByRole('button', { name: 'Delete Listing' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText(TEXTS.deleteRoomFailed)).toBeTruthy();
    expect(location()).toBe('/rooms/1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("prefers the server's message when the delete is refused", async () => {
    stubListing(listingFixture(), () => json({ message: 'Only the landlord who posted this listing can change it.' }, 403));
    const user = userEvent.setup();
    renderDetail(owner);
    await user.click(await screen.findByRole('button', { name: 'Delete Listing' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText('Only the landlord who posted this listing can change it.')).toBeTruthy();
  });
});

describe('Room detail: an expired listing, seen by its owner', () => {
  const expiredOn = '2026-02-03T09:30:00.000Z';
  const renewedUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();

  /** GET answers the listing as it is now; POST …/renew answers `renewAnswer` and, on success, renews what GET answers next. */
  function stubExpired(renewAnswer: (listing: Listing) => Response = (l) => json({ message: 'Listing renewed.', listing: l })) {
    let current = listingFixture({ ExpiresAt: expiredOn });
    return stubFetch((request, url) => {
      if (url.pathname === '/api/listings/1' && request.method === 'GET') return json(current);
      if (url.pathname === '/api/listings/1/renew' && request.method === 'POST') {
        const answer = renewAnswer({ ...current, ExpiresAt: renewedUntil });
        if (answer.ok) current = { ...current, ExpiresAt: renewedUntil };
        return answer;
      }
      return undefined;
    });
  }

  it('says it expired and when, that nobody else can see it, and offers Renew beside Edit and Delete', async () => {
    stubExpired();
    renderDetail(owner);
    const notice = await screen.findByRole('region', { name: 'This listing has expired' });
    expect(notice.textContent).toContain('It expired on 3 Feb 2026.');
    expect(notice.textContent).toContain('Only you can see it: it is not shown in search and nobody else can open this page.');
    expect(within(notice).getByRole('button', { name: 'Renew listing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Listing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Listing' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Contact Landlord' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renews through the listings api, says so, and the page shows it live again', async () => {
    const net = stubExpired();
    const user = userEvent.setup();
    renderDetail(owner);
    await user.click(await screen.findByRole('button', { name: 'Renew listing' }));
    expect(await screen.findByText('Listing renewed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'This listing has expired' })).toBeNull());
    expect(net.callsTo('/api/listings/1/renew', 'POST')).toHaveLength(1);
    expect(net.callsTo('/api/listings/1/renew', 'POST')[0]!.headers.get('authorization')).toBe('Bearer test-token-202');
    // Focus is not lost with the button: it goes to the room's title.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it("shows the server's reason when the renewal is refused, and the notice stays", async () => {
    const refusal = 'Your Free plan allows 1 active listing, and you have reached that limit.';
    stubExpired(() => json({ message: refusal }, 403));
    const user = userEvent.setup();
    renderDetail(owner);
    await user.click(await screen.findByRole('button', { name: 'Renew listing' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'This listing has expired' })).toBeTruthy();
  });

  it('falls back to a plain sentence when a failed renewal carries no message', async () => {
    stubExpired(() => new Response('', { status: 500 }));
    const user = userEvent.setup();
    renderDetail(owner);
    await user.click(await screen.findByRole('button', { name: 'Renew listing' }));
    expect(await screen.findByText(TEXTS.renewFailed)).toBeTruthy();
  });

  it('is not offered to anyone else, nor for a listing that is still live', async () => {
    stubExpired();
    renderDetail(tenant);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'This listing has expired' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Renew listing' })).toBeNull();
    cleanup();

    stubListing(listingFixture({ ExpiresAt: renewedUntil }));
    renderDetail(owner);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Renew listing' })).toBeNull();
  });
});
