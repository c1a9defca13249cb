import { registerRemotes, loadRemote } from '@module-federation/runtime';
import { TEXTS } from '@roomnest/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, stubNetwork } from '../../test/app-harness.tsx';
import { fakeRemotePage } from '../../test/remote-stub.tsx';
import { loadRemotePage, RemoteMissingError } from './load-remote.ts';
import { loadRegistry, reloadRegistry, remoteVersion } from './registry.ts';

vi.mock('@module-federation/runtime', () => ({
  registerRemotes: vi.fn<typeof import('@module-federation/runtime').registerRemotes>(),
  loadRemote: vi.fn<typeof import('@module-federation/runtime').loadRemote>(),
}));

const REGISTRY = {
  mf_search: { version: '1.0.0-abc', entry: '/store/mf-search/1.0.0-abc/mf-manifest.json' },
  mf_content: { version: 'dev', entry: 'http://localhost:5105/remoteEntry.js' },
  broken: { version: 3 },
};
const isRegistry = (r: Request) => new URL(r.url).pathname === '/remotes.json';

beforeEach(() => {
  vi.mocked(registerRemotes).mockReset();
  vi.mocked(loadRemote).mockReset();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('runtime module registry', () => {
  it('reads /remotes.json uncached and registers every remote, .js entries as modules', async () => {
    const net = stubNetwork((r) => (isRegistry(r) ? json(REGISTRY) : undefined));
    await loadRegistry();
    expect(net.fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'mf_search', entry: `${window.location.origin}/store/mf-search/1.0.0-abc/mf-manifest.json` },
        { name: 'mf_content', entry: 'http://localhost:5105/remoteEntry.js', type: 'module' },
      ],
      { force: true },
    );
    expect(window.__ROOMNEST__).toEqual({ shell: 'test', remotes: { mf_search: '1.0.0-abc', mf_content: 'dev' }, cohort: null, canaries: [] });
    expect(console.info).toHaveBeenCalledWith('RoomNest shell test; remotes: mf_search 1.0.0-abc, mf_content dev');
    expect(remoteVersion('mf_search')).toBe('1.0.0-abc');

    await loadRegistry();
    expect(net.callsTo('/remotes.json')).toHaveLength(1);
  });

  it('shows the browser’s canary cohort and the remotes it gets as canary, from the answer for its cohort', async () => {
    const body = {
      mf_search: { version: '1.0.0-abc', entry: '/store/mf-search/1.0.0-abc/mf-manifest.json', cohort: 'stable' },
      mf_content: { version: '1.1.0-new', entry: '/store/mf-content/1.1.0-new/mf-manifest.json', cohort: 'canary' },
      mf_profile: { version: '1.0.0-p', entry: '/store/mf-profile/1.0.0-p/mf-manifest.json', cohort: 'maybe' },
    };
    stubNetwork((r) => (isRegistry(r) ? new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'x-roomnest-cohort': '4821' } }) : undefined));
    const registry = await loadRegistry();
    expect(registry.mf_content).toEqual(body.mf_content);
    // A cohort the shell does not know is left out, not trusted.
    expect(registry.mf_profile).toEqual({ version: '1.0.0-p', entry: '/store/mf-profile/1.0.0-p/mf-manifest.json' });
    expect(window.__ROOMNEST__).toEqual({ shell: 'test', remotes: { mf_search: '1.0.0-abc', mf_content: '1.1.0-new', mf_profile: '1.0.0-p' }, cohort: 4821, canaries: ['mf_content'] });
    expect(console.info).toHaveBeenCalledWith('RoomNest shell test; remotes: mf_search 1.0.0-abc, mf_content 1.1.0-new, mf_profile 1.0.0-p; cohort 4821, canaries: mf_content');
  });

  it('does not keep a failure: the next call reads the file again', async () => {
    let ok = false;
    const net = stubNetwork((r) => (isRegistry(r) ? (ok ? json(REGISTRY) : json({ message: 'down' }, 503)) : undefined));
    await expect(loadRegistry()).rejects.toThrow('/remotes.json answered 503');
    ok = true;
    await expect(loadRegistry()).resolves.toHaveProperty('mf_search');
    expect(net.callsTo('/remotes.json')).toHaveLength(2);
  });

  it('reads remotes.json again for a Retry: registers afresh only the remotes whose entry changed (a release or a rollback)', async () => {
    let registry: Record<string, unknown> = REGISTRY;
    let down = false;
    const net = stubNetwork((r) => (isRegistry(r) ? (down ? json({ message: 'down' }, 503) : json(registry)) : undefined));
    // Before a first read there is nothing to compare with, and nothing is read.
    await expect(reloadRegistry()).resolves.toEqual(new Set());
    expect(net.callsTo('/remotes.json')).toHaveLength(0);

    await loadRegistry();
    vi.mocked(registerRemotes).mockClear();
    await expect(reloadRegistry()).resolves.toEqual(new Set());
    expect(registerRemotes).not.toHaveBeenCalled();

    registry = { ...REGISTRY, mf_search: { version: '0.9.0-old', entry: '/store/mf-search/0.9.0-old/mf-manifest.json' } };
    await expect(reloadRegistry()).resolves.toEqual(new Set(['mf_search']));
    expect(registerRemotes).toHaveBeenCalledExactlyOnceWith(
      [{ name: 'mf_search', entry: `${window.location.origin}/store/mf-search/0.9.0-old/mf-manifest.json` }],
      { force: true },
    );
    expect(remoteVersion('mf_search')).toBe('0.9.0-old');
    expect(window.__ROOMNEST__?.remotes).toEqual({ mf_search: '0.9.0-old', mf_content: 'dev' });
    // The loads that follow use the registry just read, without reading it once more.
    await expect(loadRegistry()).resolves.toHaveProperty('mf_search.version', '0.9.0-old');
    expect(net.callsTo('/remotes.json')).toHaveLength(3);

    // Unreadable: the versions loaded stay.
    down = true;
    await expect(reloadRegistry()).resolves.toEqual(new Set());
    expect(remoteVersion('mf_search')).toBe('0.9.0-old');
    expect(console.error).toHaveBeenCalledWith('[remote] /remotes.json could not be read again; keeping the versions loaded:', expect.any(Error));
  });

  it('loads a page through the runtime; a retry registers that remote afresh', async () => {
    stubNetwork((r) => (isRegistry(r) ? json(REGISTRY) : undefined));
    const page = fakeRemotePage('mf_search', 'RoomSearchPage');
    vi.mocked(loadRemote).mockResolvedValue(page);
    await expect(loadRemotePage('mf_search', 'RoomSearchPage')).resolves.toEqual(page);
    expect(loadRemote).toHaveBeenCalledWith('mf_search/RoomSearchPage');
    expect(registerRemotes).toHaveBeenCalledTimes(1);

    await loadRemotePage('mf_search', 'RoomSearchPage', { fresh: true });
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_search', entry: `${window.location.origin}/store/mf-search/1.0.0-abc/mf-manifest.json` }],
      { force: true },
    );
  });

  it('rejects a remote missing from remotes.json or a module without a default export', async () => {
    stubNetwork((r) => (isRegistry(r) ? json(REGISTRY) : undefined));
    await expect(loadRemotePage('mf_profile', 'FlatmatesPage')).rejects.toBeInstanceOf(RemoteMissingError);
    vi.mocked(loadRemote).mockResolvedValue(null);
    await expect(loadRemotePage('mf_search', 'RoomDetailPage')).rejects.toThrow('mf_search/RoomDetailPage has no default export');
  });

  it('without remotes.json the shell still works and remote pages show the error view', async () => {
    stubNetwork((r) => (isRegistry(r) ? json({ message: 'gone' }, 404) : undefined));
    const { router } = await renderApp('/rooms');
    expect(await screen.findByText(TEXTS.remoteUnavailable)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(loadRemote).not.toHaveBeenCalled();
    await router.navigate('/register');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });
});
