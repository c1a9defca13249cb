import { TEXTS } from '@roomnest/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, settle, storeSession, stubNetwork, tenant } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

const path = (r: Request) => new URL(r.url).pathname;

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
});

describe('a 401 while logged in', () => {
  it('toasts once, logs out and sends the user to /login remembering the page; logging in returns there', async () => {
    storeSession({ token: 'stale', user: tenant });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const net = stubNetwork(
      (r) => (r.headers.get('authorization') === 'Bearer stale' ? json({ message: 'Your session is invalid or has expired.' }, 401) : undefined),
      (r) => (path(r) === '/api/auth/login' ? json({ token: 'fresh', message: 'Login successful.', user: tenant }) : undefined),
    );
    const { router, store } = await renderApp('/messages/chat/3?draft=1');

    expect(await screen.findByText(TEXTS.sessionExpired)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: { pathname: '/messages/chat/3', search: '?draft=1', hash: '' } });
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    await settle(20);
    expect(screen.getAllByText(TEXTS.sessionExpired)).toHaveLength(1);
    // The guard of the page being left stays quiet.
    expect(screen.queryByText(TEXTS.messagesLoginRequired)).toBeNull();
    expect(net.callsTo('/api/messages/unread-count')[0]?.headers.get('authorization')).toBe('Bearer stale');
    expect(consoleError).toHaveBeenCalledWith(TEXTS.unreadCountFailed);

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'amelia@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('mf_messaging/ChatPage at /messages/chat/3')).toBeTruthy();
    expect(router.state.location.search).toBe('?draft=1');
    expect(store.getState().auth.token).toBe('fresh');
  });

  it('toasts once when several requests fail together', async () => {
    storeSession({ token: 'stale', user: tenant });
    stubNetwork((r) => (path(r) === '/api/users/profile' ? json({ message: 'expired' }, 401) : undefined));
    const { store, router } = await renderApp('/rooms');
    await screen.findByText('mf_search/RoomSearchPage at /rooms');
    const { injectHostEndpoints } = await import('@roomnest/shared/client');
    const probe = injectHostEndpoints((b) => ({ probe: b.query<unknown, number>({ query: (n) => `/users/profile?n=${n}` }) }));
    await Promise.all([1, 2, 3].map((n) => store.dispatch(probe.endpoints.probe.initiate(n))));
    expect(await screen.findByText(TEXTS.sessionExpired)).toBeTruthy();
    await settle(20);
    expect(screen.getAllByText(TEXTS.sessionExpired)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/rooms', search: '', hash: '' } });
  });

  it('does nothing on a 401 when nobody is logged in', async () => {
    stubNetwork(() => json({ message: 'no' }, 401));
    const { router } = await renderApp('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'x@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('no')).toBeTruthy();
    expect(screen.queryByText(TEXTS.sessionExpired)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
