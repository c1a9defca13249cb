/**
 * The release commands as operations run them (node scripts/release.mjs, against a store of real version
 * folders): canaries, promote, rollback ending a canary, `releases` showing a canary and its health, and
 * clear sentences for bad command lines. The builds themselves are the end-to-end suite's (e2e/tests/canary.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCanaryHealth } from './canary-health.mjs';
import { findModule, makeLive, setCanary } from './deployment-store.mjs';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'release.mjs');
let store;

function publish(pkg, version, builtAt) {
  const dir = join(store, pkg, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, findModule(pkg).remote ? 'mf-manifest.json' : 'index.html'), '{}');
  writeFileSync(join(dir, 'release.json'), JSON.stringify({ module: pkg, version, builtAt, commit: 'abc1234' }));
}

/** Runs a command; `out` is what it printed, both streams. */
function cli(args, env = {}) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], {
    env: { ...process.env, STORE_DIR: store, RELEASED_BY: 'ops', DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const registry = () => JSON.parse(readFileSync(join(store, 'remotes.json'), 'utf8'));
const lastHistory = () => JSON.parse(readFileSync(join(store, 'history.jsonl'), 'utf8').trim().split('\n').at(-1));
const content = findModule('mf-content');

describe('the release commands', () => {
  beforeEach(async () => {
    store = mkdtempSync(join(tmpdir(), 'roomnest-release-cli-'));
    publish('mf-content', '1.0.0-a', '2026-01-01T00:00:00.000Z');
    publish('mf-content', '1.0.0-b', '2026-01-02T00:00:00.000Z');
    publish('mf-content', '1.0.0-c', '2026-01-03T00:00:00.000Z');
    publish('shell', '1.0.0-s', '2026-01-01T00:00:00.000Z');
    await makeLive(store, content, '1.0.0-b', { by: 'ops' });
    await makeLive(store, findModule('shell'), '1.0.0-s', { by: 'ops' });
  });
  afterEach(() => rmSync(store, { recursive: true, force: true }));

  it('promotes a canary to everyone', async () => {
    await setCanary(store, content, '1.0.0-c', 50, 'ops');
    const { status, out } = cli(['promote', 'mf-content']);
    expect(out).toContain('[promote] mf-content 1.0.0-c is live for everyone (was 1.0.0-b)');
    expect(status).toBe(0);
    expect(registry().mf_content).toEqual({ version: '1.0.0-c', entry: '/store/mf-content/1.0.0-c/mf-manifest.json' });
    expect(lastHistory()).toMatchObject({ action: 'promote', version: '1.0.0-c', previous: '1.0.0-b', by: 'ops' });
    // Nothing left to promote.
    const again = cli(['promote', 'mf_content']);
    expect(again.status).toBe(1);
    expect(again.out).toContain('mf-content has no canary to promote');
  });

  it('ends a canary with rollback, keeping the stable version; with no canary, rolls back as before', async () => {
    await setCanary(store, content, '1.0.0-c', 50, 'ops');
    let run = cli(['rollback', 'mf-content']);
    expect(run.out).toContain('[rollback] mf-content canary 1.0.0-c ended; every browser gets 1.0.0-b again');
    expect(run.status).toBe(0);
    expect(registry().mf_content).toEqual({ version: '1.0.0-b', entry: '/store/mf-content/1.0.0-b/mf-manifest.json' });
    expect(lastHistory()).toMatchObject({ action: 'end-canary', module: 'mf-content', version: '1.0.0-b', previous: '1.0.0-c', by: 'ops' });
    run = cli(['rollback', 'mf-content']);
    expect(run.out).toContain('[rollback] mf-content 1.0.0-a is live (was 1.0.0-b)');
    expect(registry().mf_content.version).toBe('1.0.0-a');
  });

  it('refuses a named rollback or a release for everyone while a canary runs, saying what to do', async () => {
    await setCanary(store, content, '1.0.0-c', 50, 'ops');
    const named = cli(['rollback', 'mf-content', '1.0.0-a']);
    expect(named.status).toBe(1);
    expect(named.out).toContain('mf-content has a canary running (1.0.0-c): end it first with npm run rollback -- mf-content, then roll back to 1.0.0-a');
    const everyone = cli(['release', 'mf-content']);
    expect(everyone.status).toBe(1);
    expect(everyone.out).toContain('promote it with npm run promote -- mf-content, or end it with npm run rollback -- mf-content, first');
    expect(registry().mf_content.canary.version).toBe('1.0.0-c');
  });

  it('says plainly what is wrong with a command line, and exits non-zero without touching the store', () => {
    const before = readFileSync(join(store, 'remotes.json'), 'utf8');
    const cases = [
      [['release', 'mf-content', '--canary', '0'], /A canary's share must be a whole percentage from 1 to 100 \(got "0"\)/],
      [['release', 'mf-content', '--canary', '101'], /whole percentage from 1 to 100 \(got "101"\)/],
      [['release', 'mf-content', '--canary', '12.5'], /whole percentage from 1 to 100 \(got "12.5"\)/],
      [['release', 'mf-content', '--canary', 'half'], /whole percentage from 1 to 100 \(got "half"\)/],
      [['release', 'mf-content', '--canary'], /--canary/],
      [['release', 'shell', '--canary', '10'], /The shell cannot be released as a canary: it is the page itself/],
      [['release', 'mf-nothing', '--canary', '10'], /Unknown module "mf-nothing"/],
      [['release'], /npm run release needs the module to act on/],
      [['release', 'mf-content', 'extra'], /"extra" is one argument too many/],
      [['promote', 'mf-content', '--canary', '10'], /--canary belongs to npm run release, not to npm run promote/],
      [['release', 'mf-content', '--percent', '10'], /Unknown option '--percent'/],
      [['deploy', 'mf-content'], /Unknown command "deploy"/],
    ];
    for (const [args, sentence] of cases) {
      const { status, out } = cli(args);
      expect({ args, status }).toEqual({ args, status: 2 });
      expect(out).toMatch(sentence);
      expect(out).toContain('Usage:');
    }
    expect(readFileSync(join(store, 'remotes.json'), 'utf8')).toBe(before);
  }, 60_000);

  it('shows the canary, its share and since when, and says in one line that health needs PostgreSQL', async () => {
    await setCanary(store, content, '1.0.0-c', 25, 'ops');
    const { status, out } = cli(['releases', 'mf-content']);
    expect(status).toBe(0);
    expect(out).toMatch(/\* 1\.0\.0-c .* CANARY 25%/);
    expect(out).toMatch(/\* 1\.0\.0-b .* LIVE \(stable\)/);
    expect(out).toMatch(/Canary: 1\.0\.0-c for 25% of browsers since \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d; the others get 1\.0\.0-b\./);
    expect(out).toContain('Health: not shown, since the embedded database belongs to the running server; set DATABASE_URL to read it from PostgreSQL.');
    expect(out).toMatch(/canary +mf-content +1\.0\.0-c for 25% {2}\(was 1\.0\.0-b, by ops\)/);
  });

  it('still lists everything when the database cannot be reached', async () => {
    await setCanary(store, content, '1.0.0-c', 25, 'ops');
    const { status, out } = cli(['releases'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(status).toBe(0);
    expect(out).toMatch(/Health: could not be read from PostgreSQL \(.+\)\./);
    expect(out).toContain('shell: 1 version(s)');
  });
});

// The counts the API keeps (migration 0022-remote-loads), read from a real PostgreSQL when the tests have one.
const url = process.env.TEST_DATABASE_URL;
describe.runIf(url)('canary health from PostgreSQL', () => {
  const schema = `canary_health_${process.pid}`;
  const client = new Client({ connectionString: url });
  afterAll(async () => {
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  });

  it('reads the canary’s and the stable version’s loads and failures since the canary began', async () => {
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.query(`create table ${schema}.remote_loads (remote text not null, version text not null, minute timestamptz not null,
      loads double precision not null default 0, failures integer not null default 0, primary key (remote, version, minute))`);
    const since = '2026-03-01T10:00:30.000Z';
    await client.query(
      `insert into ${schema}.remote_loads values
        ('mf_content', 'c', '2026-03-01T10:00:00Z', 90, 10), ('mf_content', 'c', '2026-03-01T10:05:00Z', 0, 5),
        ('mf_content', 's', '2026-03-01T10:01:00Z', 995, 5), ('mf_content', 's', '2026-03-01T09:59:00Z', 1000, 500),
        ('mf_search', 'c', '2026-03-01T10:01:00Z', 1, 1000)`,
    );
    const query = (text, values) => client.query(text.replaceAll('from remote_loads', `from ${schema}.remote_loads`), values);
    expect(await readCanaryHealth(query, { remote: 'mf_content', stableVersion: 's', canaryVersion: 'c', since })).toEqual({
      canary: { pageLoads: 105, failures: 15, failureRate: (15 / 105) * 100 },
      stable: { pageLoads: 1000, failures: 5, failureRate: 0.5 },
    });
  });

  it('shows them in npm run releases', async () => {
    store = mkdtempSync(join(tmpdir(), 'roomnest-release-cli-'));
    try {
      publish('mf-content', 's', '2026-01-01T00:00:00.000Z');
      publish('mf-content', 'c', '2026-01-02T00:00:00.000Z');
      await makeLive(store, content, 's', { by: 'ops' });
      await setCanary(store, content, 'c', 10, 'ops');
      // The canary began just now: move its start back to the rows above, as if it had run since.
      const file = join(store, 'remotes.json');
      const written = JSON.parse(readFileSync(file, 'utf8'));
      written.mf_content.canary.since = '2026-03-01T10:00:30.000Z';
      writeFileSync(file, JSON.stringify(written));
      const withSchema = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const { status, out } = cli(['releases', 'mf-content'], { DATABASE_URL: withSchema });
      expect(out).toContain('Health since then: canary 105 page loads, 15 failures (14.3%); stable 1,000 page loads, 5 failures (0.5%).');
      expect(status).toBe(0);
    } finally {
      rmSync(store, { recursive: true, force: true });
    }
  });
});
