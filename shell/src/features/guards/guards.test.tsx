import { TEXTS } from '@roomnest/shared';
import { loggedOut, useHostDispatch } from '@roomnest/shared/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landlord, renderApp, settle, storeSession, stubNetwork, tenant } from '../../test/app-harness.tsx';
import { resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from '../remotes/load-remote.ts';

vi.mock('../remotes/load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));

beforeEach(() => {
  vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
  stubNetwork();
});

/**
 * A guarded remote page that ends the session the way mf-profile's account deletion does: it leaves first, committed
 * at once, then logs out. The guard must not send the user to /login from the page they left.
 */
function LeavesThenLogsOut() {
  const navigate = useNavigate();
  const dispatch = useHostDispatch();
  const leave = async () => {
    await navigate('/', { replace: true, flushSync: true });
    dispatch(loggedOut());
  };
  return (
    <button type="button" onClick={() => void leave()}>
      Delete my account
    </button>
  );
}

describe('route guards', () => {
  it.each([
    ['/messages', TEXTS.messagesLoginRequired],
    ['/messages/chat/12', TEXTS.messagesLoginRequired],
    ['/my-flatmate-profile', TEXTS.loginRequired],
    ['/post-ad', TEXTS.loginRequired],
    ['/rooms/4/edit', TEXTS.loginRequired],
    ['/my-listings', TEXTS.loginRequired],
  ])('sends a logged-out visitor of %s to /login, once, remembering the location', async (path, text) => {
    const { router } = await renderApp(`${path}?tab=1`);
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ from: { pathname: path, search: '?tab=1', hash: '' } });
    await settle(20);
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(loadRemotePage).not.toHaveBeenCalled();
  });

  it.each([
    ['/post-ad', TEXTS.accessDenied],
    ['/rooms/4/edit', TEXTS.accessDenied],
    ['/my-listings', TEXTS.myListingsDenied],
  ])('sends a tenant on %s home with a toast', async (path, text) => {
    storeSession({ token: 't1', user: tenant });
    const { router } = await renderApp(path);
    expect(await screen.findByText(text)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await settle(20);
    expect(screen.getAllByText(text)).toHaveLength(1);
  });

  it.each([
    ['/post-ad', 'mf_listings/PostAdPage'],
    ['/rooms/4/edit', 'mf_listings/EditListingPage'],
    ['/my-listings', 'mf_listings/MyListingsPage'],
    ['/messages', 'mf_messaging/ConversationsPage'],
    ['/my-flatmate-profile', 'mf_profile/MyProfilePage'],
  ])('lets a landlord see %s', async (path, page) => {
    storeSession({ token: 't2', user: landlord });
    await renderApp(path);
    expect(await screen.findByText(`${page} at ${path}`)).toBeTruthy();
  });

  it('lets a tenant see messages and the chat', async () => {
    storeSession({ token: 't1', user: tenant });
    await renderApp('/messages/chat/9');
    expect(await screen.findByText('mf_messaging/ChatPage at /messages/chat/9')).toBeTruthy();
  });

  it('lets a remote that leaves its guarded page and then logs out (account deletion) land where it went, not on /login', async () => {
    vi.mocked(loadRemotePage).mockImplementation(async (remote, module) => (module === 'MyProfilePage' ? { default: LeavesThenLogsOut } : resolveFakeRemote(remote, module)));
    storeSession({ token: 't1', user: tenant });
    const { router, store } = await renderApp('/my-flatmate-profile');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    await settle(20);
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('mf_content/HomePage at /')).toBeTruthy();
    expect(screen.queryByText(TEXTS.loginRequired)).toBeNull();
  });

  it('leaves public routes open to everyone', async () => {
    await renderApp('/rooms/5');
    expect(await screen.findByText('mf_search/RoomDetailPage at /rooms/5')).toBeTruthy();
  });
});
