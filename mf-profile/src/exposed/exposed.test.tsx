import { renderWithHost, TEST_USERS } from '@roomnest/shared/testing';
import { describe, expect, it } from 'vitest';
import FlatmatesPage from './FlatmatesPage.tsx';
import MyProfilePage from './MyProfilePage.tsx';

describe('mf-profile exposed modules', () => {
  it('FlatmatesPage renders the flatmate search frame', () => {
    const { getByRole } = renderWithHost(<FlatmatesPage />, { url: '/flatmates' });
    expect(getByRole('heading', { level: 1, name: 'Find a flatmate' })).toBeTruthy();
  });

  it('MyProfilePage renders the profile editor frame', () => {
    const { getByRole } = renderWithHost(<MyProfilePage />, { url: '/my-flatmate-profile', user: TEST_USERS.tenant });
    expect(getByRole('heading', { level: 1, name: 'My flatmate profile' })).toBeTruthy();
    expect(document.title).toBe('My flatmate profile | RoomNest');
  });
});
