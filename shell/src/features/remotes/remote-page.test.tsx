import { TEXTS } from '@roomnest/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { fakeRemotePage, resolveFakeRemote, type LoadRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage } from './load-remote.ts';
import { prefetchRemotePage } from './RemotePage.tsx';
import { loadRegistry, remoteVersion } from './registry.ts';

vi.mock('./load-remote.ts', () => ({ loadRemotePage: vi.fn<LoadRemotePage>() }));
vi.mock('@module-federation/runtime', () => ({
  registerRemotes: vi.fn<typeof import('@module-federation/runtime').registerRemotes>(),
  loadRemote: vi.fn<typeof import('@module-federation/runtime').loadRemote>(),
}));

const never = () => new Promise<never>(() => undefined);
/** remotes.json after a release of mf-content at `version`. */
const release = (version: string) => ({ mf_content: { version, entry: `/store/mf-content/${version}/mf-manifest.json` } });
function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}
let consoleError: ReturnType<typeof vi.spyOn>;
const logged = () => consoleError.mock.calls.map((c: unknown[]) => String(c[0])).join('\n');

beforeEach(() => {
  stubNetwork();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.setItem('remoteLoadTimeoutMs', '60');
});

describe('remote boundary', () => {
  it('shows the loading state, then the page', async () => {
    let resolve: ((m: ReturnType<typeof fakeRemotePage>) => void) | undefined;
    vi.mocked(loadRemotePage).mockImplementation(() => new Promise((r) => (resolve = r)));
    localStorage.setItem('remoteLoadTimeoutMs', '5000');
    await renderApp('/rooms');
    expect(await screen.findByText(TEXTS.remoteLoading)).toBeTruthy();
    await act(async () => resolve?.(fakeRemotePage('mf_search', 'RoomSearchPage')));
    expect(await screen.findByText('mf_search/RoomSearchPage at /rooms')).toBeTruthy();
    expect(loadRemotePage).toHaveBeenCalledWith('mf_search', 'RoomSearchPage', { fresh: false });
    expect(loadRemotePage).toHaveBeenCalledTimes(1); // once, although StrictMode mounts twice
  });

  it('gives a page that suspends itself a Suspense boundary', async () => {
    const Inner = lazy(async () => ({ default: () => <p>inner part</p> }));
    vi.mocked(loadRemotePage).mockResolvedValue({ default: () => <Inner /> });
    await renderApp('/faq');
    expect(await screen.findByText('inner part')).toBeTruthy();
  });

  it('times out into the error view; Retry starts a new load, not the failed one', async () => {
    vi.mocked(loadRemotePage).mockImplementationOnce(never).mockImplementation(resolveFakeRemote);
    await renderApp('/find-a-room');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    expect(logged()).toContain('[remote] mf_search/RoomSearchPage (version unknown) timed out while loading: mf_search/RoomSearchPage did not load within 60 ms');

    fireEvent.click(screen.getByRole('button', { name: TEXTS.retry }));
    expect(await screen.findByText('mf_search/RoomSearchPage at /find-a-room')).toBeTruthy();
    expect(vi.mocked(loadRemotePage).mock.calls).toEqual([
      ['mf_search', 'RoomSearchPage', { fresh: false }],
      ['mf_search', 'RoomSearchPage', { fresh: true }],
    ]);
    expect(screen.queryByText(TEXTS.remoteUnavailable)).toBeNull();
  });

  it('shows the error view when the remote fails to load, with the rest of the site working', async () => {
    vi.mocked(loadRemotePage).mockRejectedValue(new Error('remoteEntry.js 404'));
    await renderApp('/flatmates');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(TEXTS.remoteUnavailable)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: TEXTS.retry })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(logged()).toContain('[remote] mf_profile/FlatmatesPage (version unknown) failed to load: remoteEntry.js 404');
  });

  it('contains a render error of the remote page, and Retry renders it again', async () => {
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('Cannot read properties of undefined');
      return <p>Messages page</p>;
    }
    vi.mocked(loadRemotePage).mockResolvedValue({ default: Flaky });
    localStorage.setItem('authToken', 't');
    localStorage.setItem('currentUser', JSON.stringify({ userId: 1, name: 'A', email: 'a@x.uk', userType: 'Tenant', plan: 'Free', profilePictureURL: null }));
    await renderApp('/messages');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(logged()).toContain('[remote] mf_messaging/ConversationsPage (version unknown) failed while rendering: Cannot read properties of undefined');

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: TEXTS.retry }));
    expect(await screen.findByText('Messages page')).toBeTruthy();
    // Rendered again, not loaded again: its version did not change.
    expect(loadRemotePage).toHaveBeenCalledTimes(1);
  });

  it('after a release that fails, Retry reads remotes.json again and loads the version operations rolled back to', async () => {
    let live = release('2.0.0-broken');
    stubNetwork((r) => (new URL(r.url).pathname === '/remotes.json' ? json(live) : undefined));
    await loadRegistry();
    // What the runtime would load: the version remotes.json names at that moment.
    vi.mocked(loadRemotePage).mockImplementation(async (remote, module) =>
      remoteVersion(remote) === '2.0.0-broken' ? { default: Broken } : fakeRemotePage(remote, `${module} ${remoteVersion(remote)}`),
    );
    const { router } = await renderApp('/pricing');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    expect(logged()).toContain('[remote] mf_content/ContentPage (version 2.0.0-broken) failed while rendering');

    live = release('1.9.0-good'); // npm run rollback mf-content
    fireEvent.click(screen.getByRole('button', { name: TEXTS.retry }));
    expect(await screen.findByText('mf_content/ContentPage 1.9.0-good at /pricing')).toBeTruthy();
    expect(vi.mocked(loadRemotePage).mock.calls.at(-1)).toEqual(['mf_content', 'ContentPage', { fresh: true }]);
    expect(screen.queryByText(TEXTS.remoteUnavailable)).toBeNull();
    // Another page of that remote also comes from the version now live.
    await act(() => router.navigate('/faq'));
    expect(await screen.findByText('mf_content/ContentPage 1.9.0-good at /faq')).toBeTruthy();
  });

  it('contains a thrown value that is not an Error, even one that cannot be turned into text', async () => {
    vi.mocked(loadRemotePage).mockResolvedValue({
      default: () => {
        throw Object.create(null) as unknown as Error;
      },
    });
    await renderApp('/rooms');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(logged()).toContain('[remote] mf_search/RoomSearchPage (version unknown) failed while rendering: unprintable error');
  });

  it('does not carry an error into the next route', async () => {
    vi.mocked(loadRemotePage).mockImplementation(async (remote, module) => {
      if (module === 'RoomDetailPage') throw new Error('chunk failed');
      return fakeRemotePage(remote, module);
    });
    const { router } = await renderApp('/rooms/3');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    await act(() => router.navigate('/rooms'));
    expect(await screen.findByText('mf_search/RoomSearchPage at /rooms')).toBeTruthy();
    expect(screen.queryByText(TEXTS.remoteUnavailable)).toBeNull();
  });

  it('renders a page loaded before at once, without loading it again', async () => {
    vi.mocked(loadRemotePage).mockImplementation(resolveFakeRemote);
    const { router } = await renderApp('/about-us');
    expect(await screen.findByText('mf_content/ContentPage at /about-us')).toBeTruthy();
    await act(() => router.navigate('/faq'));
    expect(screen.getByText('mf_content/ContentPage at /faq')).toBeTruthy();
    expect(loadRemotePage).toHaveBeenCalledTimes(1);
  });

  it('starts loading a page when a link to it is pointed at; the navigation then uses that load', async () => {
    let resolve: ((m: ReturnType<typeof fakeRemotePage>) => void) | undefined;
    vi.mocked(loadRemotePage).mockImplementation(async (remote, module) =>
      module === 'FlatmatesPage' ? new Promise((r) => (resolve = r)) : fakeRemotePage(remote, module),
    );
    localStorage.setItem('remoteLoadTimeoutMs', '5000');
    await renderApp('/pricing');
    expect(await screen.findByText('mf_content/ContentPage at /pricing')).toBeTruthy();
    const link = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Flatmates' });
    fireEvent.pointerOver(link);
    await act(async () => undefined);
    expect(loadRemotePage).toHaveBeenLastCalledWith('mf_profile', 'FlatmatesPage', { fresh: false });

    fireEvent.click(link);
    await act(async () => resolve?.(fakeRemotePage('mf_profile', 'FlatmatesPage')));
    expect(await screen.findByText('mf_profile/FlatmatesPage at /flatmates')).toBeTruthy();
    expect(vi.mocked(loadRemotePage).mock.calls.filter(([remote]) => remote === 'mf_profile')).toHaveLength(1);
  });

  it('shows a page whose early load ends between the route’s first render and its effects', async () => {
    let resolve: ((m: ReturnType<typeof fakeRemotePage>) => void) | undefined;
    vi.mocked(loadRemotePage).mockImplementation(async (remote, module) =>
      module === 'FlatmatesPage' ? new Promise((r) => (resolve = r)) : fakeRemotePage(remote, module),
    );
    localStorage.setItem('remoteLoadTimeoutMs', '5000');
    const { router } = await renderApp('/pricing', { strict: false });
    expect(await screen.findByText('mf_content/ContentPage at /pricing')).toBeTruthy();
    await act(async () => prefetchRemotePage('mf_profile', 'FlatmatesPage'));
    expect(resolve).toBeDefined();

    // As in a browser: React commits the loading state, the load ends (promise jobs), then effects run (a later task).
    const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const observer = new MutationObserver(() => {
        if (!document.body.textContent?.includes(TEXTS.remoteLoading)) return;
        observer.disconnect();
        resolve?.(fakeRemotePage('mf_profile', 'FlatmatesPage'));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      void router.navigate('/flatmates');
      await waitFor(() => expect(screen.getByText('mf_profile/FlatmatesPage at /flatmates')).toBeTruthy(), { timeout: 2000 });
    } finally {
      reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('takes the timeout from window.roomnestRemoteLoadTimeoutMs first', async () => {
    localStorage.setItem('remoteLoadTimeoutMs', '600000');
    window.roomnestRemoteLoadTimeoutMs = 40;
    try {
      vi.mocked(loadRemotePage).mockImplementation(never);
      await renderApp('/pricing');
      expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
      expect(logged()).toContain('did not load within 40 ms');
    } finally {
      delete window.roomnestRemoteLoadTimeoutMs;
    }
  });
});
