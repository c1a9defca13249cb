import { renderWithHost, TEST_USERS } from '@roomnest/shared/testing';
import { describe, expect, it } from 'vitest';
import EditListingPage from './EditListingPage.tsx';
import MyListingsPage from './MyListingsPage.tsx';
import PostAdPage from './PostAdPage.tsx';

const landlord = TEST_USERS.landlord;

describe('mf-listings exposed modules', () => {
  it('PostAdPage renders the post-an-ad frame', () => {
    const { getByRole } = renderWithHost(<PostAdPage />, { url: '/post-ad', user: landlord });
    expect(getByRole('heading', { level: 1, name: 'List your room' })).toBeTruthy();
  });

  it('EditListingPage reads the listing id from the route', () => {
    const { getByRole, getByText } = renderWithHost(<EditListingPage />, { url: '/rooms/7/edit', routePath: '/rooms/:id/edit', user: landlord });
    expect(getByRole('heading', { level: 1, name: 'Edit listing' })).toBeTruthy();
    expect(getByText(/status of listing 7:/)).toBeTruthy();
    expect(getByRole('link', { name: /Back to the advert/ }).getAttribute('href')).toBe('/rooms/7');
  });

  it('MyListingsPage renders the listing manager frame with a link to post another room', () => {
    const { getByRole } = renderWithHost(<MyListingsPage />, { url: '/my-listings', user: landlord });
    expect(getByRole('heading', { level: 1, name: 'Manage my ads' })).toBeTruthy();
    expect(getByRole('link', { name: 'List another room' }).getAttribute('href')).toBe('/post-ad');
  });
});
