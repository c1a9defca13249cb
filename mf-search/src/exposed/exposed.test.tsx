import { hostQueries, json, listingFixture, renderWithHost, stubFetch } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RoomDetailPage from './RoomDetailPage.tsx';
import RoomSearchPage from './RoomSearchPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('mf-search exposed modules', () => {
  it('RoomSearchPage finds the page’s one api in the host store and renders the search', async () => {
    stubFetch(() => json({ listings: [], total: 0, page: 1, totalPages: 0 }));
    const { store } = renderWithHost(<RoomSearchPage />, { url: '/rooms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Find a room' })).toBeTruthy();
    expect(document.title).toBe('Find a room | RoomNest');
    await screen.findByRole('heading', { level: 2, name: 'No rooms found' });
    expect(hostQueries(store)).toContainEqual(expect.stringMatching(/^searchListings\(/));
  });

  it('RoomDetailPage reads the room id from the route', async () => {
    const net = stubFetch((_r, url) => (url.pathname === '/api/listings/42' ? json(listingFixture({ ListingID: 42 })) : undefined));
    renderWithHost(<RoomDetailPage />, { url: '/rooms/42', routePath: '/rooms/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bright double room near London Fields' })).toBeTruthy();
    expect(net.callsTo('/api/listings/42')).toHaveLength(1);
  });
});
