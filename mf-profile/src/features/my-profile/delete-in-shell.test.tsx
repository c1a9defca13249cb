import { createHostStore, selectIsLoggedIn, useHostSelector } from '@roomnest/shared/client';
import { json, stubFetch, TEST_USERS } from '@roomnest/shared/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyProfilePage from '../../exposed/MyProfilePage.tsx';
import { profileFixture } from '../../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** Like the shell's guard: once logged out, it sends the user to /login a task later. */
function LoginGuard({ children }: { children: ReactNode }) {
  const loggedIn = useHostSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  useEffect(() => {
    if (loggedIn) return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), 0);
    return () => clearTimeout(timer);
  }, [loggedIn, navigate]);
  return loggedIn ? children : null;
}

describe('My profile: deleting the account inside the shell', () => {
  it('lands on the home page, not on /login, although the page sits behind a login guard', async () => {
    stubFetch((request, url) => {
      if (url.pathname !== '/api/users/profile') return undefined;
      return request.method === 'DELETE' ? json({ message: 'Deleted.' }) : json(profileFixture());
    });
    const store = createHostStore({ auth: { token: 't', user: TEST_USERS.tenant } });
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/login', element: <p>Login page</p> },
        { path: '/my-flatmate-profile', element: <LoginGuard><MyProfilePage /></LoginGuard> },
      ],
      { initialEntries: ['/my-flatmate-profile'] },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    await new Promise((r) => setTimeout(r, 20));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
