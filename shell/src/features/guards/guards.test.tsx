import { TEXTS, TRUST_TEXTS } from '@roomnest/shared';
import { loggedOut, sessionExpired, useHostDispatch } from '@roomnest/shared/client';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { landlord, moderator, renderApp, settle, storeSession, stubNetwork, tenant } from '../../test/app-harness.tsx';
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
    ['/moderation', TEXTS.loginRequired],
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

  it.each([
    ['a tenant', tenant],
    ['a landlord', landlord],
  ])('shows %s on /moderation the moderators-only page in its place, without loading the remote or moving', async (_who, user) => {
    storeSession({ token: 't3', user });
    const { router } = await renderApp('/moderation?tab=audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeTruthy();
    expect(screen.getByText(TRUST_TEXTS.moderatorsPage)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
    await settle(20);
    expect(router.state.location.pathname).toBe('/moderation');
    expect(loadRemotePage).not.toHaveBeenCalled();
    // A refusal is the page itself: no toast.
    expect(screen.queryByText(TEXTS.accessDenied)).toBeNull();
    expect(document.title).toBe('Moderation | RoomNest');
  });

  it('gives a moderator the moderation remote', async () => {
    storeSession({ token: 't4', user: moderator });
    await renderApp('/moderation');
    expect(await screen.findByText('mf_moderation/ModerationPage at /moderation')).toBeTruthy();
    expect(screen.queryByText(TRUST_TEXTS.moderatorsPage)).toBeNull();
  });

  it('takes the moderation page away at once when the session ends, and sends the visitor to log in', async () => {
    storeSession({ token: 't4', user: moderator });
    const { router, store } = await renderApp('/moderation');
    expect(await screen.findByText('mf_moderation/ModerationPage at /moderation')).toBeTruthy();
    await act(async () => store.dispatch(sessionExpired()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText('mf_moderation/ModerationPage at /moderation')).toBeNull();
  });

  it('leaves public routes open to everyone', async () => {
    await renderApp('/rooms/5');
    expect(await screen.findByText('mf_search/RoomDetailPage at /rooms/5')).toBeTruthy();
  });
});
