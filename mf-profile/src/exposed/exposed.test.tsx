import { hostQueries, json, renderWithHost, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flatmatePage, profileFixture } from '../test/fixtures.ts';
import FlatmatesPage from './FlatmatesPage.tsx';
import MyProfilePage from './MyProfilePage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('mf-profile exposed modules', () => {
  it('FlatmatesPage finds the page’s one api in the host store and renders the search', async () => {
    stubFetch((_r, url) => (url.pathname === '/api/users/flatmate-search' ? json(flatmatePage([])) : undefined));
    const { store } = renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    expect(screen.getByRole('heading', { level: 1, name: 'Find a flatmate' })).toBeTruthy();
    expect(document.title).toBe('Find a flatmate | RoomNest');
    await screen.findByRole('heading', { level: 2, name: 'No flatmates found' });
    expect(hostQueries(store)).toContainEqual(expect.stringMatching(/^searchFlatmates\(/));
  });

  it("MyProfilePage is 'List My Profile' for a tenant", async () => {
    stubFetch((_r, url) => (url.pathname === '/api/users/profile' ? json(profileFixture()) : undefined));
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    expect(screen.getByRole('heading', { level: 1, name: 'List My Profile' })).toBeTruthy();
    expect(document.title).toBe('List My Profile | RoomNest');
    expect(await screen.findByRole('form', { name: 'Your profile' })).toBeTruthy();
  });

  it("MyProfilePage is 'My Profile' for a landlord", async () => {
    const l = TEST_USERS.landlord;
    stubFetch((_r, url) =>
      url.pathname === '/api/users/profile' ? json(profileFixture({ UserID: l.userId, Name: l.name, Email: l.email, UserType: 'Landlord' })) : undefined,
    );
    renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: l });
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Your profile' })).toBeTruthy();
  });
});
