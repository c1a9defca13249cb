/**
 * A visitor sent to sign up from a room (Contact Landlord: /signup with the room in the router state) comes back
 * to that room once registered and logged in, whichever way they reach /login: the register page's own link, or
 * the pricing page that registration leads to (docs/product.md, Session) and its link to log in.
 */
import { TEXTS } from '@roomnest/shared';
import { loginRedirectState } from '@roomnest/shared/client';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubNetwork, tenant } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});
afterEach(() => sessionStorage.clear());

/** Where Contact Landlord sends a visitor: /signup, remembering the room with the chat one click away. */
const fromRoom = { pathname: '/signup', state: loginRedirectState({ pathname: '/rooms/12', search: '', hash: '#contact' }) };
const here = (router: Awaited<ReturnType<typeof renderApp>>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}${router.state.location.hash}`;

function network() {
  return stubNetwork((r) => {
    const { pathname } = new URL(r.url);
    if (pathname === '/api/auth/register') return json({ message: 'Registration successful. Please log in.', userId: 7 }, 201);
    if (pathname === '/api/auth/login') return json({ token: 'tok-7', message: 'Login successful.', user: tenant });
    return undefined;
  });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function register() {
  fill('Full name', tenant.name);
  fill('Email', tenant.email);
  fill('Password', 'secret1');
  fill('Confirm password', 'secret1');
  fireEvent.click(screen.getByRole('button', { name: 'Register' }));
}

function logIn() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: tenant.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('back to the room after signing up', () => {
  it('/signup becomes /register and keeps the room it was sent from', async () => {
    network();
    const { router } = await renderApp(fromRoom);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual(fromRoom.state);
  });

  it('registering goes to /pricing?signup=true and does not log in; the next login goes back to the room', async () => {
    network();
    const { router } = await renderApp(fromRoom);
    await screen.findByRole('form', { name: 'Register' });
    register();
    expect(await screen.findByText(TEXTS.signupSucceeded)).toBeTruthy();
    await waitFor(() => expect(here(router)).toBe('/pricing?signup=true'));
    // The pricing page (another module) links to /login without any state.
    await act(() => router.navigate('/login'));
    logIn();
    await waitFor(() => expect(here(router)).toBe('/rooms/12#contact'));
    expect(await screen.findByText('mf_search/RoomDetailPage at /rooms/12')).toBeTruthy();
  });

  it('an existing account logs in from the register page and goes back to the room', async () => {
    network();
    const { router } = await renderApp(fromRoom);
    fireEvent.click(await screen.findByRole('link', { name: 'Log in' }));
    await screen.findByRole('form', { name: 'Log in' });
    logIn();
    await waitFor(() => expect(here(router)).toBe('/rooms/12#contact'));
  });

  it('a login after that one goes to /pricing again: the room is remembered for one login', async () => {
    network();
    const { router } = await renderApp(fromRoom);
    await screen.findByRole('form', { name: 'Register' });
    register();
    await waitFor(() => expect(here(router)).toBe('/pricing?signup=true'));
    await act(() => router.navigate('/login'));
    logIn();
    await waitFor(() => expect(here(router)).toBe('/rooms/12#contact'));
    await act(() => router.navigate('/login'));
    logIn();
    await waitFor(() => expect(here(router)).toBe('/pricing'));
  });

  it('never sends anyone to another site, whatever the state says', async () => {
    network();
    const { router } = await renderApp({ pathname: '/signup', state: { from: { pathname: '/\\evil.example', search: '', hash: '' } } });
    await screen.findByRole('form', { name: 'Register' });
    register();
    await waitFor(() => expect(here(router)).toBe('/pricing?signup=true'));
    expect(sessionStorage.length).toBe(0);
    await act(() => router.navigate('/login'));
    logIn();
    await waitFor(() => expect(here(router)).toBe('/pricing'));
  });
});
