import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUCKETS,
  assignBucket,
  canaryOf,
  cohortOffset,
  cohortRegistry,
  endCanary,
  findModule,
  historyFile,
  inCanary,
  liveVersion,
  makeLive,
  normalizeRegistry,
  parseBucket,
  parsePercent,
  promote,
  readRegistry,
  remotesFile,
  setCanary,
} from './deployment-store.mjs';

let store;

/** Writes a complete version folder of a module. */
function publish(pkg, version) {
  const mod = findModule(pkg);
  const dir = join(store, pkg, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, mod.remote ? 'mf-manifest.json' : 'index.html'), '{}');
}

const registryFile = () => JSON.parse(readFileSync(remotesFile(store), 'utf8'));
const history = () => readFileSync(historyFile(store), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
const content = findModule('mf-content');
const search = findModule('mf-search');

describe('canaries in the deployment store', () => {
  beforeEach(async () => {
    store = mkdtempSync(join(tmpdir(), 'roomnest-canary-'));
    for (const v of ['1.0.0-a', '1.0.0-b', '1.0.0-c']) {
      publish('mf-content', v);
      publish('mf-search', v);
    }
    publish('shell', '1.0.0-a');
    publish('shell', '1.0.0-b');
    await makeLive(store, content, '1.0.0-a', { by: 'ops' });
    await makeLive(store, search, '1.0.0-a', { by: 'ops' });
  });
  afterEach(() => rmSync(store, { recursive: true, force: true }));

  it('adds a canary beside the stable version, and records who started it', async () => {
    expect(await setCanary(store, content, '1.0.0-b', 50, 'alice')).toBeNull();
    const entry = registryFile().mf_content;
    expect(entry).toMatchObject({
      version: '1.0.0-a',
      entry: '/store/mf-content/1.0.0-a/mf-manifest.json',
      canary: { version: '1.0.0-b', entry: '/store/mf-content/1.0.0-b/mf-manifest.json', percent: 50 },
    });
    expect(Date.parse(entry.canary.since)).toBeGreaterThan(Date.now() - 60_000);
    // The other remote's line is untouched.
    expect(registryFile().mf_search).toEqual({ version: '1.0.0-a', entry: '/store/mf-search/1.0.0-a/mf-manifest.json' });
    expect(history().at(-1)).toMatchObject({ action: 'canary', module: 'mf-content', version: '1.0.0-b', previous: '1.0.0-a', percent: 50, by: 'alice' });
    expect(liveVersion(store, content)).toBe('1.0.0-a');
    expect(canaryOf(store, content)).toMatchObject({ version: '1.0.0-b', percent: 50 });
  });

  it('changes a running canary’s share without restarting it, and replaces it with a new version', async () => {
    await setCanary(store, content, '1.0.0-b', 10, 'alice');
    const { since } = registryFile().mf_content.canary;
    await setCanary(store, content, '1.0.0-b', 30, 'alice');
    expect(registryFile().mf_content.canary).toMatchObject({ version: '1.0.0-b', percent: 30, since });
    expect(await setCanary(store, content, '1.0.0-c', 30, 'bob')).toMatchObject({ version: '1.0.0-b' });
    expect(registryFile().mf_content.canary.version).toBe('1.0.0-c');
    expect(history().at(-1)).toMatchObject({ action: 'canary', version: '1.0.0-c', replaced: '1.0.0-b', by: 'bob' });
  });

  it('refuses a canary of the shell, of the live version, of a missing version, or with a share that is not a whole 1 to 100', async () => {
    await expect(setCanary(store, findModule('shell'), '1.0.0-b', 10, 'x')).rejects.toThrow(/shell cannot be released as a canary: it is the page itself/);
    await expect(setCanary(store, content, '1.0.0-a', 10, 'x')).rejects.toThrow(/already the live version/);
    await expect(setCanary(store, content, '9.9.9', 10, 'x')).rejects.toThrow(/not in the store/);
    for (const bad of [0, 101, 12.5, -5, Number.NaN]) await expect(setCanary(store, content, '1.0.0-b', bad, 'x')).rejects.toThrow(/whole percentage from 1 to 100/);
    const remote = findModule('mf-profile');
    publish('mf-profile', '1.0.0-a');
    await expect(setCanary(store, remote, '1.0.0-a', 10, 'x')).rejects.toThrow(/no live version for the canary to be compared with/);
    expect(registryFile().mf_content.canary).toBeUndefined();
  });

  it('reads a share from the command line strictly', () => {
    expect(parsePercent('50')).toBe(50);
    expect(parsePercent('1')).toBe(1);
    expect(parsePercent('100')).toBe(100);
    for (const bad of ['0', '101', '12.5', 'half', '', '5%', '1e1', undefined]) expect(() => parsePercent(bad)).toThrow(/whole percentage from 1 to 100/);
  });

  it('refuses to make another version live for everyone while a canary runs, saying what to do', async () => {
    await setCanary(store, content, '1.0.0-b', 50, 'alice');
    await expect(makeLive(store, content, '1.0.0-c')).rejects.toThrow(/has a canary running \(1\.0\.0-b for 50% of browsers\): promote it with npm run promote -- mf-content, or end it with npm run rollback -- mf-content/);
    expect(registryFile().mf_content).toMatchObject({ version: '1.0.0-a', canary: { version: '1.0.0-b' } });
    // Another remote releases as before.
    await makeLive(store, search, '1.0.0-b');
    expect(liveVersion(store, search)).toBe('1.0.0-b');
  });

  it('promotes a canary to everyone', async () => {
    await setCanary(store, content, '1.0.0-b', 50, 'alice');
    expect(await promote(store, content, 'alice')).toEqual({ version: '1.0.0-b', previous: '1.0.0-a' });
    expect(registryFile().mf_content).toEqual({ version: '1.0.0-b', entry: '/store/mf-content/1.0.0-b/mf-manifest.json' });
    expect(history().at(-1)).toMatchObject({ action: 'promote', module: 'mf-content', version: '1.0.0-b', previous: '1.0.0-a', by: 'alice' });
    await expect(promote(store, content, 'alice')).rejects.toThrow(/has no canary to promote/);
  });

  it('ends a canary, keeping the stable version, once even when two guards try', async () => {
    await setCanary(store, content, '1.0.0-b', 50, 'alice');
    const [first, second] = await Promise.all([
      endCanary(store, content, { action: 'auto-rollback', by: 'automatic guard', reason: 'failure rate 20% against 1%', expectVersion: '1.0.0-b' }),
      endCanary(store, content, { action: 'auto-rollback', by: 'automatic guard', reason: 'failure rate 20% against 1%', expectVersion: '1.0.0-b' }),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(registryFile().mf_content).toEqual({ version: '1.0.0-a', entry: '/store/mf-content/1.0.0-a/mf-manifest.json' });
    const ended = history().filter((line) => line.action === 'auto-rollback');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ module: 'mf-content', version: '1.0.0-a', previous: '1.0.0-b', by: 'automatic guard', reason: 'failure rate 20% against 1%' });
  });

  it('leaves a newer canary alone when asked to end an older one', async () => {
    await setCanary(store, content, '1.0.0-b', 50, 'alice');
    await setCanary(store, content, '1.0.0-c', 50, 'alice');
    expect(await endCanary(store, content, { action: 'auto-rollback', by: 'automatic guard', expectVersion: '1.0.0-b' })).toBe(false);
    expect(registryFile().mf_content.canary.version).toBe('1.0.0-c');
    expect(await endCanary(store, content, { by: 'bob' })).toBe(true);
    expect(history().at(-1)).toMatchObject({ action: 'end-canary', version: '1.0.0-a', previous: '1.0.0-c', by: 'bob' });
    expect(await endCanary(store, content, { by: 'bob' })).toBe(false);
  });

  it('reads the registry for the API, and null before anything is published', async () => {
    await setCanary(store, content, '1.0.0-b', 20, 'alice');
    expect((await readRegistry(store)).mf_content.canary.percent).toBe(20);
    expect(await readRegistry(join(store, 'nothing-here'))).toBeNull();
  });
});

/** The buckets in mf_content's canary at `percent`. */
const members = (percent) => new Set(Array.from({ length: BUCKETS }, (_, b) => b).filter((b) => inCanary(b, 'mf_content', percent)));

describe('cohorts', () => {
  it('assigns buckets from 0 to 9999 and reads only a canonical one back', () => {
    for (let i = 0; i < 1000; i += 1) {
      const bucket = assignBucket();
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < BUCKETS).toBe(true);
      expect(parseBucket(String(bucket))).toBe(bucket);
    }
    expect(parseBucket('0')).toBe(0);
    expect(parseBucket('9999')).toBe(9999);
    for (const bad of [undefined, null, '', '10000', '-1', '0042', '12.5', 'abc', ' 12', '1e3', 42]) expect(parseBucket(bad)).toBeNull();
  });

  it('puts exactly the share of the buckets in a canary, and raising the share only adds buckets', () => {
    const at10 = members(10);
    const at50 = members(50);
    expect(at10.size).toBe(1000);
    expect(at50.size).toBe(5000);
    expect([...at10].every((b) => at50.has(b))).toBe(true);
    expect(members(100).size).toBe(BUCKETS);
  });

  it('gives different remotes’ canaries to different browsers', () => {
    expect(cohortOffset('mf_content')).toBe(cohortOffset('mf_content'));
    expect(cohortOffset('mf_content')).not.toBe(cohortOffset('mf_search'));
    const buckets = Array.from({ length: BUCKETS }, (_, b) => b);
    const content10 = buckets.filter((b) => inCanary(b, 'mf_content', 10));
    const both = content10.filter((b) => inCanary(b, 'mf_search', 10));
    // Two 10% canaries at the same offset would share all 1000 browsers.
    expect(both.length).toBeLessThan(1000);
  });

  it('answers each remote for a bucket, marking the cohort only where a canary runs', () => {
    const registry = normalizeRegistry({
      mf_search: { version: 's1', entry: '/store/mf-search/s1/mf-manifest.json' },
      mf_content: { version: 'c1', entry: '/store/mf-content/c1/mf-manifest.json', canary: { version: 'c2', entry: '/store/mf-content/c2/mf-manifest.json', percent: 50, since: '2026-01-01T00:00:00.000Z' } },
      mf_profile: { version: 'p1', entry: '/p1', canary: { version: 'p2', entry: '/p2', percent: 0 } },
      broken: { version: 1 },
    });
    const inside = Array.from({ length: BUCKETS }, (_, b) => b).find((b) => inCanary(b, 'mf_content', 50));
    const outside = Array.from({ length: BUCKETS }, (_, b) => b).find((b) => !inCanary(b, 'mf_content', 50));
    expect(cohortRegistry(registry, inside)).toEqual({
      mf_search: { version: 's1', entry: '/store/mf-search/s1/mf-manifest.json' },
      mf_content: { version: 'c2', entry: '/store/mf-content/c2/mf-manifest.json', cohort: 'canary' },
      // A malformed canary (a share of 0) is dropped: its browsers get the stable version.
      mf_profile: { version: 'p1', entry: '/p1' },
    });
    expect(cohortRegistry(registry, outside).mf_content).toEqual({ version: 'c1', entry: '/store/mf-content/c1/mf-manifest.json', cohort: 'stable' });
  });
});
