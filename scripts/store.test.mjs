import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// lib.mjs reads STORE_DIR when it is imported.
const store = mkdtempSync(join(tmpdir(), 'roomnest-store-'));
process.env.STORE_DIR = store;
const lib = await import('./lib.mjs');
const { findModule, historyFile, listVersions, liveVersion, makeLive, newVersion, remotesFile, versionBefore } = lib;

/** Writes a complete (or, with `complete: false`, a half-written) version folder. */
function publish(pkg, version, builtAt, { complete = true } = {}) {
  const mod = findModule(pkg);
  const dir = join(store, pkg, version);
  mkdirSync(dir, { recursive: true });
  if (complete) writeFileSync(join(dir, mod.remote ? 'mf-manifest.json' : 'index.html'), '{}');
  writeFileSync(join(dir, 'release.json'), JSON.stringify({ module: pkg, version, builtAt, commit: 'abc1234' }));
}

describe('the deployment store', () => {
  beforeAll(() => {
    publish('mf-search', '1.0.0-b', '2026-01-02T00:00:00.000Z');
    publish('mf-search', '1.0.0-a', '2026-01-01T00:00:00.000Z');
    publish('mf-search', '1.0.0-c', '2026-01-03T00:00:00.000Z');
    publish('mf-search', '1.0.0-half', '2026-01-04T00:00:00.000Z', { complete: false });
    mkdirSync(join(store, 'mf-search', '.building-1.0.0-d'), { recursive: true });
    for (const pkg of ['shell', 'mf-listings', 'mf-messaging', 'mf-profile', 'mf-content', 'mf-moderation']) publish(pkg, '2.0.0-x', '2026-01-01T00:00:00.000Z');
  });
  afterAll(() => {
    delete process.env.STORE_DIR;
    rmSync(store, { recursive: true, force: true });
  });

  it('names a new version by package version, UTC build time and commit', () => {
    expect(newVersion(findModule('mf-search'))).toMatch(/^\d+\.\d+\.\d+-\d{14}-(\w{7}|nogit)$/);
  });

  it('lists complete versions only, oldest build first', () => {
    expect(listVersions(findModule('mf-search')).map((v) => v.version)).toEqual(['1.0.0-a', '1.0.0-b', '1.0.0-c']);
  });

  it('makes a version live by rewriting only its own line, and records it in the history', async () => {
    const search = findModule('mf_search');
    expect(await makeLive(search, '1.0.0-c')).toBeNull();
    expect(await makeLive(findModule('shell'), '2.0.0-x')).toBeNull();
    expect(await makeLive(search, '1.0.0-b', 'rollback')).toBe('1.0.0-c');
    expect(liveVersion(search)).toBe('1.0.0-b');
    expect(JSON.parse(readFileSync(remotesFile(), 'utf8'))).toEqual({
      mf_search: { version: '1.0.0-b', entry: '/store/mf-search/1.0.0-b/mf-manifest.json' },
    });
    const last = readFileSync(historyFile(), 'utf8').trim().split('\n').map((line) => JSON.parse(line)).at(-1);
    expect(last).toMatchObject({ action: 'rollback', module: 'mf-search', version: '1.0.0-b', previous: '1.0.0-c' });
  });

  it('refuses a version that is missing or half-written, and leaves the live one', async () => {
    const search = findModule('mf-search');
    await expect(makeLive(search, '1.0.0-half')).rejects.toThrow(/not in the store/);
    await expect(makeLive(search, '../../etc')).rejects.toThrow(/not in the store/);
    expect(liveVersion(search)).toBe('1.0.0-b');
  });

  it('rolls back to the version built before the live one', () => {
    const search = findModule('mf-search');
    expect(versionBefore(search, '1.0.0-c')).toBe('1.0.0-b');
    expect(versionBefore(search, '1.0.0-b')).toBe('1.0.0-a');
    expect(versionBefore(search, '1.0.0-a')).toBeNull();
  });

  it('waits while another release holds the lock, then writes', async () => {
    const lock = join(store, '.live.lock');
    writeFileSync(lock, '');
    const before = readFileSync(remotesFile(), 'utf8');
    let done = false;
    const pending = makeLive(findModule('mf-profile'), '2.0.0-x').then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(done).toBe(false);
    expect(readFileSync(remotesFile(), 'utf8')).toBe(before);
    rmSync(lock);
    await pending;
    expect(JSON.parse(readFileSync(remotesFile(), 'utf8')).mf_profile.version).toBe('2.0.0-x');
  });

  it('takes over a lock left by a crashed release after 30 seconds', async () => {
    const lock = join(store, '.live.lock');
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await makeLive(findModule('mf-search'), '1.0.0-c');
    expect(liveVersion(findModule('mf-search'))).toBe('1.0.0-c');
  });
});
