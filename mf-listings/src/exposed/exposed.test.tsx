import { hostQueries, json, listingFixture, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EditListingPage from './EditListingPage.tsx';
import MyListingsPage from './MyListingsPage.tsx';
import PostAdPage from './PostAdPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const landlord = TEST_USERS.landlord;

describe('mf-listings exposed modules', () => {
  it('PostAdPage finds the page’s one api in the host store and renders the form', async () => {
    stubFetch(() => undefined);
    const { store } = renderWithHost(<PostAdPage />, { url: '/post-ad', user: landlord });
    expect(screen.getByRole('heading', { level: 1, name: 'List your room' })).toBeTruthy();
    // Once the plan check on arrival has answered (here: it could not, so the form shows and the server decides).
    expect(await screen.findByRole('form', { name: 'Post a room' })).toBeTruthy();
    expect(hostQueries(store)).toContainEqual(expect.stringMatching(/^getPlanUsage\(/));
  });

  it('EditListingPage reads the listing id from the route', async () => {
    const net = stubFetch((_r, url) => (url.pathname === '/api/listings/7' ? json(listingFixture({ ListingID: 7 })) : undefined));
    renderWithHost(<EditListingPage />, { url: '/rooms/7/edit', routePath: '/rooms/:id/edit', user: landlord });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the advert/ }).getAttribute('href')).toBe('/rooms/7');
    expect(net.callsTo('/api/listings/7')).toHaveLength(1);
  });

  it('MyListingsPage renders the listing manager with a link to post another room', async () => {
    stubFetch((_r, url) => (url.pathname === '/api/listings/my-listings' ? json({ listings: [] }) : undefined));
    renderWithHost(<MyListingsPage />, { url: '/my-listings', user: landlord });
    expect(screen.getByRole('heading', { level: 1, name: 'Manage my ads' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List another room' }).getAttribute('href')).toBe('/post-ad');
    expect(await screen.findByRole('link', { name: 'List your first room' })).toBeTruthy();
  });
});
