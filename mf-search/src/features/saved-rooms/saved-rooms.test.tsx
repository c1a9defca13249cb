import { SAVED_TEXTS, type Listing } from '@roomnest/shared';
import { json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoomDetailPage from '../../exposed/RoomDetailPage.tsx';
import RoomSearchPage from '../../exposed/RoomSearchPage.tsx';
import SavedRoomsPage from '../../exposed/SavedRoomsPage.tsx';
import { unavailableNotice } from './SavedRoomsPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const tenant = TEST_USERS.tenant;
const FUTURE = '2099-01-01T00:00:00.000Z';
const PAST = '2020-01-01T00:00:00.000Z';

const live = listingFixture({ ListingID: 5, Title: 'Live room', ExpiresAt: FUTURE });
const letAgreed = listingFixture({ ListingID: 4, Title: 'Let room', Status: 'Pending', ExpiresAt: FUTURE });
const expired = listingFixture({ ListingID: 3, Title: 'Old room', ExpiresAt: PAST });
const withdrawn = listingFixture({ ListingID: 2, Title: 'Withdrawn room', Status: 'Unavailable', ExpiresAt: FUTURE });

function stubSaved(listings: Listing[] | (() => Response), extra?: (request: Request, url: URL) => Response | undefined | Promise<Response>) {
  return stubFetch((request, url) => {
    if (url.pathname === '/api/saved-listings' && request.method === 'GET') return typeof listings === 'function' ? listings() : json({ listings });
    return extra?.(request, url);
  });
}

const renderSaved = () => renderWithHost(<SavedRoomsPage />, { url: '/saved', routePath: '/saved', user: tenant });
const cards = () => within(screen.getByRole('list', { name: 'Saved rooms' })).getAllByRole('article');

describe('the Saved rooms page', () => {
  it('lists the saved rooms as the server orders them (newest first), each with its heart pressed', async () => {
    stubSaved([live, letAgreed, expired, withdrawn]);
    renderSaved();
    expect(screen.getByRole('heading', { level: 1, name: 'Saved rooms' })).toBeTruthy();
    expect(document.title).toBe('Saved rooms | RoomNest');
    expect(screen.getByRole('link', { name: 'saved searches' }).getAttribute('href')).toBe('/saved-searches');
    await screen.findByRole('list', { name: 'Saved rooms' });
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Live room', 'Let room', 'Old room', 'Withdrawn room']);
    expect(screen.getByText('4 rooms, most recently saved first')).toBeTruthy();
    for (const card of cards()) expect(within(card).getByRole('button', { name: 'Remove from saved rooms' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says which rooms are no longer available, and links only to the rooms whose page still exists', async () => {
    stubSaved([live, letAgreed, expired, withdrawn]);
    renderSaved();
    await screen.findByRole('list', { name: 'Saved rooms' });
    const [liveCard, letCard, expiredCard, withdrawnCard] = cards();
    expect(within(liveCard!).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/rooms/5');
    expect(within(liveCard!).queryByText(/Let agreed|Expired|No longer available/)).toBeNull();
    for (const [card, notice] of [
      [letCard, 'Let agreed'],
      [expiredCard, 'Expired'],
      [withdrawnCard, 'No longer available'],
    ] as const) {
      expect(within(card!).getByText(notice)).toBeTruthy();
      expect(within(card!).queryByRole('link')).toBeNull();
    }
  });

  it('removes a room at once with its heart', async () => {
    const network = stubSaved([live, letAgreed], (request, url) =>
      url.pathname === '/api/saved-listings/4' && request.method === 'DELETE' ? json({ message: SAVED_TEXTS.roomUnsaved }) : undefined,
    );
    renderSaved();
    await screen.findByRole('list', { name: 'Saved rooms' });
    await userEvent.click(within(cards()[1]!).getByRole('button', { name: 'Remove from saved rooms' }));
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual(['Live room']);
    expect(screen.getByText('1 room, most recently saved first')).toBeTruthy();
    await waitFor(() => expect(network.callsTo('/api/saved-listings/4', 'DELETE')).toHaveLength(1));
  });

  it('shows an empty state that leads to the search', async () => {
    stubSaved([]);
    renderSaved();
    expect(await screen.findByRole('heading', { name: 'No saved rooms yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a room' }).getAttribute('href')).toBe('/rooms');
  });

  it('says when the list cannot be read, and reads it again on Try again', async () => {
    let fail = true;
    stubSaved(() => (fail ? json({ message: 'The service is busy. Please try again.' }, 503) : json({ listings: [live] })));
    renderSaved();
    expect(await screen.findByText('The service is busy. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Saved rooms' });
    expect(cards()).toHaveLength(1);
  });

  it('names why a room is no longer advertised', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(unavailableNotice({ Status: 'Available', ExpiresAt: '2026-12-01T00:00:00Z' }, now)).toBeNull();
    expect(unavailableNotice({ Status: 'Available', ExpiresAt: '2026-11-27T11:59:00Z' }, now)).toBe('Expired');
    expect(unavailableNotice({ Status: 'Pending', ExpiresAt: '2026-11-27T11:59:00Z' }, now)).toBe('Let agreed');
    expect(unavailableNotice({ Status: 'Unavailable', ExpiresAt: '2026-12-01T00:00:00Z' }, now)).toBe('No longer available');
  });
});

describe('the heart on a search card', () => {
  it('saves the room without opening it', async () => {
    const room = listingFixture({ ListingID: 9, Title: 'Card room' });
    const network = stubSaved([], (request, url) => {
      if (url.pathname === '/api/listings' && request.method === 'GET') return json({ listings: [room], total: 1, page: 1, totalPages: 1 });
      if (url.pathname === '/api/saved-listings/9' && request.method === 'PUT') return json({ message: SAVED_TEXTS.roomSaved });
      return undefined;
    });
    const { location } = renderWithHost(<RoomSearchPage />, { url: '/rooms', user: tenant });
    const heart = await screen.findByRole('button', { name: 'Save room', description: 'Card room' });
    await waitFor(() => expect(network.callsTo('/api/saved-listings', 'GET')).toHaveLength(1));
    await userEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(location()).toBe('/rooms');
    await waitFor(() => expect(network.callsTo('/api/saved-listings/9', 'PUT')).toHaveLength(1));
  });
});

describe('the heart on the room page', () => {
  it('shows the room as saved and removes it from the saved rooms', async () => {
    const room = listingFixture({ ListingID: 7, Title: 'Detail room', ExpiresAt: FUTURE });
    const network = stubSaved([room], (request, url) => {
      if (url.pathname === '/api/listings/7' && request.method === 'GET') return json(room);
      if (url.pathname === '/api/saved-listings/7' && request.method === 'DELETE') return json({ message: SAVED_TEXTS.roomUnsaved });
      return undefined;
    });
    renderWithHost(<RoomDetailPage />, { url: '/rooms/7', routePath: '/rooms/:id', user: tenant });
    const heart = await screen.findByRole('button', { name: 'Remove from saved rooms', description: 'Detail room' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(heart.getAttribute('aria-label')).toBe('Save room');
    await waitFor(() => expect(network.callsTo('/api/saved-listings/7', 'DELETE')).toHaveLength(1));
  });
});

describe('the room page of a room nobody else may see', () => {
  it('shows its owner no heart, since only a public room can be saved', async () => {
    const room = listingFixture({ ListingID: 8, Title: 'Pending room', Status: 'Pending' });
    stubSaved([], (request, url) => (url.pathname === '/api/listings/8' && request.method === 'GET' ? json(room) : undefined));
    renderWithHost(<RoomDetailPage />, { url: '/rooms/8', routePath: '/rooms/:id', user: TEST_USERS.landlord });
    await screen.findByRole('heading', { level: 1, name: 'Pending room' });
    expect(screen.queryByRole('button', { name: /Save room|Remove from saved rooms/ })).toBeNull();
  });
});
