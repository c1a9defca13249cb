import { LISTING_STATS_DAYS, TEXTS, TRUST_TEXTS, type Listing, type ListingStatus, type MyListing, type MyListingsStats, type PlanUsage } from '@roomnest/shared';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyListingsPage from '../../exposed/MyListingsPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A tiny server: my-listings from `state`, PATCH status, renew and delete change it; the plan usage when given. */
function stubServer(listings: (Listing | MyListing)[], fail: Partial<Record<'list' | 'status' | 'delete' | 'renew', Response>> = {}, usage?: PlanUsage, stats?: MyListingsStats) {
  const state = { listings: listings.map((l): MyListing => ({ Views: 0, Enquiries: 0, RemovedAt: null, ...l })) };
  const net = stubFetch(async (request, url) => {
    if (url.pathname === '/api/users/plan-usage' && usage) return json(usage);
    if (url.pathname === '/api/listings/my-listings/stats') return stats ? json(stats) : json({ message: 'Not here.' }, 500);
    const m = /^\/api\/listings\/(\d+)(\/status|\/renew)?$/.exec(url.pathname);
    if (url.pathname === '/api/listings/my-listings') return fail.list ?? json({ listings: state.listings });
    if (!m) return undefined;
    const id = Number(m[1]);
    const index = state.listings.findIndex((l) => l.ListingID === id);
    if (m[2] === '/status' && request.method === 'PATCH') {
      if (fail.status) return fail.status;
      const { Status } = (await request.json()) as { Status: ListingStatus };
      state.listings[index] = { ...state.listings[index]!, Status };
      return json({ message: `Status updated to ${Status}.`, listing: state.listings[index] });
    }
    if (m[2] === '/renew' && request.method === 'POST') {
      if (fail.renew) return fail.renew;
      state.listings[index] = { ...state.listings[index]!, ExpiresAt: inDays(30) };
      return json({ message: 'Listing renewed: it stays in search until 22 Dec 2026.', listing: state.listings[index] });
    }
    if (!m[2] && request.method === 'DELETE') {
      if (fail.delete) return fail.delete;
      state.listings.splice(index, 1);
      return json({ message: 'Listing deleted.' });
    }
    return undefined;
  });
  return { ...net, state };
}

const three = () => [
  listingFixture({ ListingID: 1, Title: 'Double in Hackney', Status: 'Available', ExpiresAt: inDays(20) }),
  listingFixture({ ListingID: 2, Title: 'Studio in Stratford', Status: 'Pending', Rent: 1250, ExpiresAt: inDays(3), ThumbnailUrl: null, ImageUrl: null, Photos: [] }),
  listingFixture({ ListingID: 3, Title: 'Single in Ilford', Status: 'Unavailable', Rent: 600, ExpiresAt: inDays(-2) }),
];

/** 30 London days ending 20/11/2026, all zero but for `figures` (by date). */
const series = (figures: Record<string, [number, number]> = {}) =>
  Array.from({ length: LISTING_STATS_DAYS }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 20 - (LISTING_STATS_DAYS - 1) + i)).toISOString().slice(0, 10);
    const [Views, Enquiries] = figures[date] ?? [0, 0];
    return { Date: date, Views, Enquiries };
  });

const row = (title: string) => within(screen.getByRole('article', { name: title }));
const findRow = async (title: string) => within(await screen.findByRole('article', { name: title }));
/** The colour of the status badge in a row (the status select holds the same words). */
const badgeTone = (r: ReturnType<typeof row>, status: ListingStatus) =>
  r
    .getAllByText(status)
    .map((el) => el.closest('[data-tone]'))
    .find(Boolean)
    ?.getAttribute('data-tone');
const renderMine = (user: (typeof TEST_USERS)[keyof typeof TEST_USERS] = TEST_USERS.landlord) => renderWithHost(<MyListingsPage />, { url: '/my-listings', user });

describe('My listings: rows', () => {
  it('shows each listing with photo, title, rent, status badge in its colour and expiry', async () => {
    stubServer(three());
    renderMine();
    await screen.findByRole('article', { name: 'Double in Hackney' });
    expect(screen.getByText('3 listings, 1 in search')).toBeTruthy();

    const a = row('Double in Hackney');
    expect(a.getByText('£950')).toBeTruthy();
    expect(badgeTone(a, 'Available')).toBe('green');
    expect(a.getByText(/^Expires \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeTruthy();
    expect(a.queryByRole('button', { name: 'Renew' })).toBeNull();
    // The cover's card copies, the small one for the row's narrow column.
    const thumb = document.querySelector('img[src="/uploads/listings/room-1-card.webp"]');
    expect(thumb?.getAttribute('srcset')).toBe('/uploads/listings/room-1-card-320.webp 320w, /uploads/listings/room-1-card.webp 640w');
    expect(thumb?.getAttribute('sizes')).toBe('10rem');

    const p = row('Studio in Stratford');
    expect(badgeTone(p, 'Pending')).toBe('yellow');
    expect(p.getByText('£1,250')).toBeTruthy();
    // The photo link repeats the View link, so it is hidden from assistive technology.
    expect(p.getByRole('img', { name: 'No photo provided', hidden: true })).toBeTruthy();
    // Within 7 days of expiry: renewable already.
    expect(p.getByRole('button', { name: 'Renew' })).toBeTruthy();

    const u = row('Single in Ilford');
    expect(badgeTone(u, 'Unavailable')).toBe('grey');
    expect(u.getByText('Expired')).toBeTruthy();
    expect(u.getByRole('button', { name: 'Renew' })).toBeTruthy();
    expect(u.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/rooms/3');
    expect(u.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/rooms/3/edit');
  });

  it('renews an expired listing', async () => {
    const net = stubServer(three());
    const user = userEvent.setup();
    renderMine();
    await user.click((await findRow('Single in Ilford')).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Listing renewed: it stays in search until 22 Dec 2026.')).toBeTruthy();
    await waitFor(() => expect(row('Single in Ilford').queryByText('Expired')).toBeNull());
    expect(net.callsTo('/api/listings/3/renew', 'POST')).toHaveLength(1);
  });

  it('marks a listing our trust and safety team removed, without Renew or the expiry hint', async () => {
    const removed: MyListing = { ...listingFixture({ ListingID: 3, Title: 'Single in Ilford', ExpiresAt: inDays(-2) }), Views: 0, Enquiries: 0, RemovedAt: inDays(-1) };
    stubServer([three()[0]!, removed]);
    renderMine();
    const r = await findRow('Single in Ilford');
    expect(r.getByText(TRUST_TEXTS.removedByModeration)).toBeTruthy();
    expect(r.getByText(TRUST_TEXTS.removedByModerationHint)).toBeTruthy();
    expect(r.queryByRole('button', { name: 'Renew' })).toBeNull();
    expect(r.queryByText(/Expired listings are not shown/)).toBeNull();
    expect(row('Double in Hackney').queryByText(TRUST_TEXTS.removedByModeration)).toBeNull();
  });

  it('reports a refused renewal in the server’s words', async () => {
    stubServer(three(), { renew: json({ message: 'Your Free plan allows 1 active listing, and you have reached that limit.' }, 403) });
    const user = userEvent.setup();
    renderMine();
    await user.click((await findRow('Single in Ilford')).getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Your Free plan allows 1 active listing, and you have reached that limit.')).toBeTruthy();
  });
});

describe('My listings: status', () => {
  it('enables Update only when the chosen status differs, then updates the badge', async () => {
    const net = stubServer(three());
    const user = userEvent.setup();
    renderMine();
    const r = await findRow('Double in Hackney');
    const select = r.getByLabelText('Status') as HTMLSelectElement;
    const update = r.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(select.value).toBe('Available');
    expect(update.disabled).toBe(true);
    await user.selectOptions(select, 'Pending');
    expect(update.disabled).toBe(false);
    await user.selectOptions(select, 'Available');
    expect(update.disabled).toBe(true);
    await user.selectOptions(select, 'Pending');
    await user.click(update);

    expect(await screen.findByText('Status updated to Pending.')).toBeTruthy();
    await waitFor(() => expect(badgeTone(row('Double in Hackney'), 'Pending')).toBe('yellow'));
    expect((row('Double in Hackney').getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    const patch = net.callsTo('/api/listings/1/status', 'PATCH')[0]!;
    expect(await patch.json()).toEqual({ Status: 'Pending' });
  });

  it('asks for a new status when the unchanged form is sent anyway', async () => {
    const net = stubServer(three());
    renderMine();
    const r = await findRow('Double in Hackney');
    fireEvent.submit(r.getByRole('form', { name: 'Status of Double in Hackney' }));
    expect(r.getByRole('alert').textContent).toBe(TEXTS.selectNewStatus);
    expect(net.callsTo('/api/listings/1/status')).toHaveLength(0);
  });

  it('reports a failed status change', async () => {
    stubServer(three(), { status: new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderMine();
    const r = await findRow('Studio in Stratford');
    await user.selectOptions(r.getByLabelText('Status'), 'Available');
    await user.click(r.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(TEXTS.statusUpdateFailed)).toBeTruthy();
    expect((r.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('My listings: delete', () => {
  it('asks first, then deletes and drops the row', async () => {
    const net = stubServer(three());
    const user = userEvent.setup();
    renderMine();
    await user.click((await findRow('Studio in Stratford')).getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this listing?' }));
    expect(dialog.getByText(/“Studio in Stratford” will be removed/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(net.callsTo('/api/listings/2', 'DELETE')).toHaveLength(0);

    await user.click(row('Studio in Stratford').getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText('Listing deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Studio in Stratford' })).toBeNull());
    expect(net.callsTo('/api/listings/2', 'DELETE')).toHaveLength(1);
  });

  it('reports a failed delete', async () => {
    stubServer(three(), { delete: new Response('', { status: 500 }) });
    const user = userEvent.setup();
    renderMine();
    await user.click((await findRow('Double in Hackney')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText(TEXTS.deleteListingFailed)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Double in Hackney' })).toBeTruthy();
  });
});

describe('My listings: states', () => {
  it('invites a landlord without listings to list a first room', async () => {
    stubServer([]);
    renderMine();
    expect(await screen.findByRole('heading', { name: 'You have no listings yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List your first room' }).getAttribute('href')).toBe('/post-ad');
  });

  it('reports a load failure', async () => {
    stubServer([], { list: new Response('', { status: 500 }) });
    renderMine();
    expect((await screen.findByRole('alert')).textContent).toContain(TEXTS.myListingsFailed);
  });

  it('sends a non-landlord home with the access text', async () => {
    stubServer([], { list: json({ message: TEXTS.myListingsDenied }, 403) });
    const { location } = renderMine(TEST_USERS.tenant);
    expect(await screen.findByText(TEXTS.myListingsDenied)).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('My listings: the plan', () => {
  it('says how much of the plan’s listing limit is used, in the plan’s one name, with a link to the plans', async () => {
    const usage: PlanUsage = {
      plan: 'Free',
      unlimitedMessages: false,
      listings: { limit: 1, active: 1, nextExpiresAt: inDays(20), lastExpiresAt: inDays(20) },
      newConversations: { limit: 2, started: 0, remaining: 2, resetsOn: '2026-12-01' },
    };
    stubServer([listingFixture({ ListingID: 1, Title: 'Double in Hackney', ExpiresAt: inDays(20) })], {}, usage);
    renderMine();
    expect(await screen.findByText(/Your Free plan: 1 of 1 active listing used/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'compare plans' }).getAttribute('href')).toBe('/pricing');
  });
});

describe('My Listings: views and enquiries', () => {
  it('shows each listing’s views and enquiries, and a chart of the last 30 days with a summary and a table of dd/mm days', async () => {
    const listings = [
      { ...listingFixture({ ListingID: 1, Title: 'Double in Hackney', ExpiresAt: inDays(20) }), Views: 42, Enquiries: 3 },
      { ...listingFixture({ ListingID: 2, Title: 'Studio in Stratford', ExpiresAt: inDays(20) }), Views: 1, Enquiries: 1 },
    ];
    const stats: MyListingsStats = {
      From: '2026-10-22',
      To: '2026-11-20',
      listings: [
        { ListingID: 1, Title: 'Double in Hackney', Days: series({ '2026-11-03': [5, 1], '2026-11-19': [9, 2], '2026-11-20': [4, 0] }) },
        { ListingID: 2, Title: 'Studio in Stratford', Days: series({ '2026-11-20': [1, 1] }) },
      ],
    };
    stubServer(listings, {}, undefined, stats);
    renderMine();
    const hackney = await findRow('Double in Hackney');
    expect(hackney.getByTestId('listing-figures').textContent).toBe('42 views · 3 enquiries');
    expect(row('Studio in Stratford').getByTestId('listing-figures').textContent).toBe('1 view · 1 enquiry');
    const figure = await hackney.findByRole('figure');
    expect(figure.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(figure).getByText(/^Last 30 days/).textContent).toBe('Last 30 days: 18 views, 3 enquiries. Busiest day 19/11 with 9 views.');
    expect(figure.querySelectorAll('rect')).toHaveLength(3);
    expect(figure.querySelectorAll('circle')).toHaveLength(2);
    expect(figure.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // The table: every day, dd/mm, with both figures.
    const table = within(figure).getByRole('table', { name: 'Views and enquiries a day for Double in Hackney', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(LISTING_STATS_DAYS + 1);
    expect(rows.at(-2)!.textContent).toBe('19/1192');
    expect(within(rows[1]!).getByRole('rowheader', { hidden: true }).textContent).toBe('22/10');
    expect(row('Studio in Stratford').getByText(/^Last 30 days/).textContent).toBe('Last 30 days: 1 view, 1 enquiry. Busiest day 20/11 with 1 view.');
  });

  it('shows the figures without a chart while the series cannot be had', async () => {
    stubServer([{ ...listingFixture({ ListingID: 1, Title: 'Double in Hackney', ExpiresAt: inDays(20) }), Views: 0, Enquiries: 0 }]);
    renderMine();
    const hackney = await findRow('Double in Hackney');
    expect(hackney.getByTestId('listing-figures').textContent).toBe('0 views · 0 enquiries');
    expect(hackney.queryByRole('figure')).toBeNull();
  });
});
