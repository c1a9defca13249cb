import { STORAGE_KEYS } from '@roomnest/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubNetwork } from '../../test/app-harness.tsx';
import { remoteRoutes, ROUTE_TABLE } from '../../app/route-table.ts';
import { earlyPreload, matchEarlyRoute, preloadFiles, remoteModuleFiles, type EarlyRoute, type RemoteManifest } from './early-preload.ts';
import { loadRegistry, resetRegistry } from './registry.ts';

vi.mock('@module-federation/runtime', () => ({
  registerRemotes: vi.fn<typeof import('@module-federation/runtime').registerRemotes>(),
  loadRemote: vi.fn<typeof import('@module-federation/runtime').loadRemote>(),
}));

const MANIFEST_URL = 'http://localhost:3000/store/mf-search/1.0.0-x/mf-manifest.json';
const BASE = 'http://localhost:3000/store/mf-search/1.0.0-x/';

/** The shape @module-federation/vite writes (trimmed). */
const MANIFEST: RemoteManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'RoomSearchPage',
      path: './RoomSearchPage',
      assets: {
        js: {
          sync: ['assets/dist-a.js', 'assets/RoomSearchPage-b.js'],
          async: ['assets/react-c.js', 'assets/_virtual_mf___mfe_internal__mf_search__loadShare__shared-d.js', 'assets/chunk-e.js'],
        },
        css: { sync: ['assets/RoomSearchPage-f.css'] },
      },
    },
    { name: 'RoomDetailPage', path: './RoomDetailPage', assets: { js: { sync: ['assets/RoomDetailPage-g.js'] } } },
  ],
};

const ROUTES: EarlyRoute[] = remoteRoutes(ROUTE_TABLE);

const links = () => Array.from(document.head.querySelectorAll('link'), (l) => `${l.rel}${l.as ? `:${l.as}` : ''} ${l.href}`);

beforeEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  localStorage.clear();
  resetRegistry();
  window.roomnestEarlyRegistry = undefined;
});
afterEach(() => {
  window.roomnestEarlyRegistry = undefined;
});

describe('preloading a remote page', () => {
  it('lists the entry, the page files and the remote’s shared loader, not the fallback copies of the libraries', () => {
    expect(remoteModuleFiles(MANIFEST, MANIFEST_URL, 'RoomSearchPage')).toEqual({
      js: [
        `${BASE}remoteEntry.js`,
        `${BASE}assets/dist-a.js`,
        `${BASE}assets/RoomSearchPage-b.js`,
        `${BASE}assets/_virtual_mf___mfe_internal__mf_search__loadShare__shared-d.js`,
      ],
      css: [`${BASE}assets/RoomSearchPage-f.css`],
    });
    expect(remoteModuleFiles(MANIFEST, MANIFEST_URL, 'Unknown')).toEqual({ js: [], css: [] });
    expect(remoteModuleFiles({ ...MANIFEST, metaData: { ...MANIFEST.metaData, publicPath: 'https://cdn.example/s/' } }, MANIFEST_URL, 'RoomDetailPage').js).toEqual([
      'https://cdn.example/s/remoteEntry.js',
      'https://cdn.example/s/assets/RoomDetailPage-g.js',
    ]);
  });

  it('adds one modulepreload per script, once', () => {
    const files = remoteModuleFiles(MANIFEST, MANIFEST_URL, 'RoomSearchPage');
    preloadFiles(files);
    preloadFiles(files);
    expect(links()).toEqual(files.js.map((f) => `modulepreload ${f}`));
  });

  it('matches the route table’s remote routes', () => {
    expect(matchEarlyRoute(ROUTES, '/')).toMatchObject({ remote: 'mf_content', module: 'HomePage' });
    expect(matchEarlyRoute(ROUTES, '/rooms')).toMatchObject({ remote: 'mf_search', module: 'RoomSearchPage' });
    expect(matchEarlyRoute(ROUTES, '/rooms/42')).toMatchObject({ remote: 'mf_search', module: 'RoomDetailPage' });
    expect(matchEarlyRoute(ROUTES, '/rooms/42/edit')).toMatchObject({ remote: 'mf_listings', guarded: true });
    expect(matchEarlyRoute(ROUTES, '/flatmates/')).toMatchObject({ remote: 'mf_profile', module: 'FlatmatesPage' });
    expect(matchEarlyRoute(ROUTES, '/login')).toBeNull();
    expect(matchEarlyRoute(ROUTES, '/no/such/page')).toBeNull();
  });

  it('inline: reads remotes.json at once, hands it to the registry, and preloads the current route’s remote', async () => {
    window.history.replaceState(null, '', '/rooms');
    const net = stubNetwork((r) => {
      const path = new URL(r.url).pathname;
      if (path === '/remotes.json') return json({ mf_search: { version: '1.0.0-x', entry: '/store/mf-search/1.0.0-x/mf-manifest.json' } });
      if (path === '/store/mf-search/1.0.0-x/mf-manifest.json') return json(MANIFEST);
      return undefined;
    });
    earlyPreload(ROUTES, '/remotes.json');
    expect(window.roomnestEarlyRegistry).toBeInstanceOf(Promise);
    await vi.waitFor(() => expect(links()).toContain(`modulepreload ${window.location.origin}/store/mf-search/1.0.0-x/remoteEntry.js`));
    expect(links()).toContain(`modulepreload ${window.location.origin}/store/mf-search/1.0.0-x/assets/RoomSearchPage-b.js`);

    // The registry uses that answer: remotes.json is read once.
    await expect(loadRegistry()).resolves.toHaveProperty('mf_search');
    expect(net.callsTo('/remotes.json')).toHaveLength(1);
    expect(window.roomnestEarlyRegistry).toBeUndefined();
  });

  it('inline: a guarded route is preloaded only with a stored session', async () => {
    window.history.replaceState(null, '', '/messages');
    const net = stubNetwork((r) =>
      new URL(r.url).pathname === '/remotes.json' ? json({ mf_messaging: { version: '1', entry: '/store/mf-messaging/1/mf-manifest.json' } }) : undefined,
    );
    earlyPreload(ROUTES, '/remotes.json');
    await window.roomnestEarlyRegistry;
    await new Promise((r) => setTimeout(r, 20));
    expect(net.callsTo('/store/mf-messaging/1/mf-manifest.json')).toHaveLength(0);

    localStorage.setItem(STORAGE_KEYS.token, 'token');
    earlyPreload(ROUTES, '/remotes.json');
    await vi.waitFor(() => expect(net.callsTo('/store/mf-messaging/1/mf-manifest.json')).toHaveLength(1));
  });

  it('inline: a route for moderators is preloaded only when the stored user is one', async () => {
    window.history.replaceState(null, '', '/moderation');
    const net = stubNetwork((r) =>
      new URL(r.url).pathname === '/remotes.json' ? json({ mf_moderation: { version: '1', entry: '/store/mf-moderation/1/mf-manifest.json' } }) : undefined,
    );
    localStorage.setItem(STORAGE_KEYS.token, 'token');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userId: 7, name: 'Amelia Hart', roles: [] }));
    earlyPreload(ROUTES, '/remotes.json');
    await window.roomnestEarlyRegistry;
    await new Promise((r) => setTimeout(r, 20));
    expect(net.callsTo('/store/mf-moderation/1/mf-manifest.json')).toHaveLength(0);

    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ userId: 11, name: 'Priya Shah', roles: ['moderator'] }));
    earlyPreload(ROUTES, '/remotes.json');
    await vi.waitFor(() => expect(net.callsTo('/store/mf-moderation/1/mf-manifest.json')).toHaveLength(1));
  });

  it('a failed early read is tried again by the registry', async () => {
    window.roomnestEarlyRegistry = Promise.reject(new Error('offline'));
    const net = stubNetwork((r) => (new URL(r.url).pathname === '/remotes.json' ? json({ mf_search: { version: '1', entry: '/m.json' } }) : undefined));
    await expect(loadRegistry()).resolves.toHaveProperty('mf_search');
    expect(net.callsTo('/remotes.json')).toHaveLength(1);
  });

  it('reads the session the way the shell stores it', () => {
    // early-preload.ts cannot import STORAGE_KEYS (it is inlined alone into index.html).
    expect(STORAGE_KEYS.token).toBe('authToken');
    expect(STORAGE_KEYS.user).toBe('currentUser');
  });
});
