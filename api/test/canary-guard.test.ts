/**
 * Load reports and the automatic canary guard. POST /api/client-errors/remote-loads counts a page load of a live
 * remote version (a canary's as one, a sampled stable one as 1/REMOTE_LOAD_SAMPLE_RATE), once per client address
 * and version every REMOTE_LOAD_REPORT_SECONDS; a failure report counts a failure the same way. The guard, fed by
 * real reports through the routes, ends a canary whose failure rate exceeds the stable version's by more than the
 * margin over enough page loads (history: auto-rollback by the automatic guard, one error line), leaves a healthy
 * one and one with too few loads alone, and when two instances judge the same canary at once it is ended once.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_TEXTS, formatWait, RATE_LIMIT_TEXTS, REMOTE_FAILURE_LIMITS, REMOTE_LOAD_BODY_LIMIT } from '@roomnest/shared';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { CanaryGuardSettings } from '../src/config.ts';
import type { DB } from '../src/db/types.ts';
import { AUTOMATIC_GUARD, CANARY_GUARD_LOG_MESSAGE, createCanaryGuard } from '../src/features/client-errors/canary-guard.ts';
import { CLIENT_ERROR_TEXTS } from '../src/features/client-errors/routes.ts';
import { readCanaryHealth } from '../src/features/client-errors/remote-loads.ts';
import { createConfiguredContext } from './hardening-support.ts';
import { captureLog, createTestContext, makeDataDir, REMOTES, SHARED_DATABASES, TEST_DATABASES, type TestContext } from './support.ts';

const LOADS_URL = '/api/client-errors/remote-loads';
const FAILURES_URL = '/api/client-errors/remote-failures';
const STABLE = REMOTES.mf_search.version;
const CANARY = '1.1.0-y';
const START = new Date('2026-11-27T12:00:00.000Z');
const SINCE = '2026-11-27T11:59:30.000Z';
const SETTINGS: CanaryGuardSettings = { minLoads: 20, maxExtraFailureRate: 5, checkSeconds: 10 };

const load = (version: string) => ({ remote: 'mf_search', module: 'RoomSearchPage', version, shellVersion: '1.0.0-20260101000000-def5678' });
const failure = (version: string) => ({ ...load(version), kind: 'render', message: 'Cannot read properties of undefined', path: '/find-a-room' });

/** The test store with a second version of mf-search published and running as a 50% canary since SINCE. */
function startCanary(storeDir: string) {
  mkdirSync(join(storeDir, 'mf-search', CANARY), { recursive: true });
  writeFileSync(join(storeDir, 'mf-search', CANARY, 'mf-manifest.json'), '{"name":"mf_search"}');
  const canary = { version: CANARY, entry: `/store/mf-search/${CANARY}/mf-manifest.json`, percent: 50, since: SINCE };
  writeFileSync(join(storeDir, 'remotes.json'), JSON.stringify({ mf_search: { ...REMOTES.mf_search, canary } }));
  writeFileSync(join(storeDir, 'history.jsonl'), `${JSON.stringify({ at: SINCE, action: 'canary', module: 'mf-search', version: CANARY, previous: STABLE, percent: 50, by: 'ci' })}\n`);
}

const registry = (storeDir: string) => JSON.parse(readFileSync(join(storeDir, 'remotes.json'), 'utf8')) as Record<string, { version: string; canary?: unknown }>;
const history = (storeDir: string) =>
  readFileSync(join(storeDir, 'history.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function rows(db: Kysely<DB>) {
  return (await db.selectFrom('remote_loads').select(['remote', 'version', 'minute', 'loads', 'failures']).orderBy('version').orderBy('minute').execute()).map((row) => ({
    ...row,
    loads: Number(row.loads),
    failures: Number(row.failures),
    minute: new Date(row.minute).toISOString(),
  }));
}

let address = 0;
/** A client address no other report in this file used. */
const nextAddress = () => `10.20.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

/** Sends reports through the routes, each from an address of its own. */
async function send(app: App, url: string, payload: object, count = 1) {
  for (let i = 0; i < count; i++) {
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
    expect({ status: res.statusCode, body: res.body }).toEqual({ status: 204, body: '' });
  }
}

describe.each(TEST_DATABASES)('load reports on $name', (database) => {
  let ctx: TestContext;
  let at = START;
  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => at });
    startCanary(ctx.config.storeDir);
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    at = START;
    await ctx.db.deleteFrom('remote_loads').execute();
  });

  const post = (payload: unknown, remoteAddress = nextAddress()) =>
    ctx.inject({ method: 'POST', url: LOADS_URL, payload: payload as object, headers: { 'content-type': 'application/json' }, remoteAddress });

  it('counts a canary report as one load and a stable one as 1/REMOTE_LOAD_SAMPLE_RATE, in the minute of the report', async () => {
    expect((await post(load(CANARY))).statusCode).toBe(204);
    expect((await post(load(STABLE))).statusCode).toBe(204);
    at = new Date(START.getTime() + 61_000);
    expect((await post(load(CANARY))).statusCode).toBe(204);
    expect(await rows(ctx.db)).toEqual([
      { remote: 'mf_search', version: STABLE, minute: '2026-11-27T12:00:00.000Z', loads: 10, failures: 0 },
      { remote: 'mf_search', version: CANARY, minute: '2026-11-27T12:00:00.000Z', loads: 1, failures: 0 },
      { remote: 'mf_search', version: CANARY, minute: '2026-11-27T12:01:00.000Z', loads: 1, failures: 0 },
    ]);
    // GET /metrics counts the same, weighted (from the loopback, which needs no METRICS_TOKEN).
    const metrics = (await ctx.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`roomnest_remote_loads_total{remote="mf_search",version="${CANARY}"} 2`);
    expect(metrics).toContain(`roomnest_remote_loads_total{remote="mf_search",version="${STABLE}"} 10`);
  });

  it('counts one load and one failure per address and version every REMOTE_LOAD_REPORT_SECONDS', async () => {
    for (let i = 0; i < 5; i++) expect((await post(load(CANARY), '10.99.0.1')).statusCode).toBe(204);
    for (let i = 0; i < 5; i++) {
      const res = await ctx.inject({ method: 'POST', url: FAILURES_URL, payload: { ...failure(CANARY), message: `failure ${i}` }, remoteAddress: '10.99.0.1' });
      expect(res.statusCode).toBe(204);
    }
    // Another address counts; so does the same one for the other version.
    expect((await post(load(CANARY), '10.99.0.2')).statusCode).toBe(204);
    expect((await post(load(STABLE), '10.99.0.1')).statusCode).toBe(204);
    expect(await rows(ctx.db)).toMatchObject([
      { version: STABLE, loads: 10, failures: 0 },
      { version: CANARY, loads: 2, failures: 1 },
    ]);
    // Ten seconds on, the first address counts again.
    at = new Date(START.getTime() + 10_000);
    expect((await post(load(CANARY), '10.99.0.1')).statusCode).toBe(204);
    expect(await rows(ctx.db)).toMatchObject([{ version: STABLE }, { version: CANARY, loads: 3, failures: 1 }]);
  });

  it('takes no report of a remote or version that is not live, and counts nothing for them', async () => {
    const unknownRemote = await post({ ...load(STABLE), remote: 'mf_nothing' });
    expect(unknownRemote.statusCode).toBe(400);
    expect(unknownRemote.json()).toEqual({ message: CLIENT_ERROR_TEXTS.unknownRemote('mf_nothing'), errors: [{ field: 'remote', message: CLIENT_ERROR_TEXTS.unknownRemote('mf_nothing') }] });
    const unknownVersion = await post(load('0.0.1-made-up'));
    expect(unknownVersion.statusCode).toBe(400);
    expect(unknownVersion.json().errors).toEqual([{ field: 'version', message: CLIENT_ERROR_TEXTS.unknownVersion('mf_search') }]);
    // 'unknown' is a live remote whose version the shell could not read: taken, but there is no version to count.
    expect((await post(load('unknown'))).statusCode).toBe(204);
    expect(await rows(ctx.db)).toEqual([]);
  });

  it.each([
    ['a missing remote', { ...load(STABLE), remote: undefined }, 'remote', 'remote is required.'],
    ['a remote that is not a name', { ...load(STABLE), remote: 'mf-search/..' }, 'remote', 'remote must be a remote name such as mf_search.'],
    ['a number for the module', { ...load(STABLE), module: 7 }, 'module', 'module must be text.'],
    ['an empty version', { ...load(STABLE), version: '' }, 'version', 'version is required.'],
    ['a missing shell version', { ...load(STABLE), shellVersion: undefined }, 'shellVersion', 'shellVersion is required.'],
    ['a module over its limit', { ...load(STABLE), module: 'M'.repeat(REMOTE_FAILURE_LIMITS.module + 1) }, 'module', `module must be at most ${REMOTE_FAILURE_LIMITS.module} characters.`],
  ])('answers 400 for %s', async (_label, payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: expect.arrayContaining([{ field, message }]) });
    expect(await rows(ctx.db)).toEqual([]);
  });

  it('answers 400 for malformed JSON, 415 for another content type and 413 past its body limit', async () => {
    const broken = await ctx.inject({ method: 'POST', url: LOADS_URL, payload: '{"remote":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: API_TEXTS.malformedJson });
    expect((await ctx.inject({ method: 'POST', url: LOADS_URL, payload: JSON.stringify(load(STABLE)), headers: { 'content-type': 'text/plain' } })).statusCode).toBe(415);
    const body = JSON.stringify(load(STABLE));
    const padded = `${body.slice(0, -1)},"padding":"${'p'.repeat(REMOTE_LOAD_BODY_LIMIT + 1 - body.length - 13)}"}`;
    expect(Buffer.byteLength(padded)).toBe(REMOTE_LOAD_BODY_LIMIT + 1);
    const large = await ctx.inject({ method: 'POST', url: LOADS_URL, payload: padded, headers: { 'content-type': 'application/json' } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ message: API_TEXTS.bodyTooLarge });
  });

  it('answers 429 past RATE_LIMIT_CLIENT_ERRORS load reports from one address, counted apart from its failure reports', async () => {
    const limited = await createConfiguredContext(database, { rateLimits: { clientErrors: { max: 3, windowSeconds: 600 } } });
    try {
      const postTo = (url: string, payload: object) => limited.inject({ method: 'POST', url, payload, remoteAddress: '10.98.0.1' });
      for (let i = 0; i < 3; i++) expect((await postTo(LOADS_URL, load(STABLE))).statusCode).toBe(204);
      const over = await postTo(LOADS_URL, load(STABLE));
      expect(over.statusCode).toBe(429);
      const retryAfter = Number(over.headers['retry-after']);
      expect(over.json()).toEqual({ message: RATE_LIMIT_TEXTS.clientErrors(formatWait(retryAfter)) });
      // The same address's failure reports have a count of their own: loads cannot use them up.
      expect((await postTo(FAILURES_URL, failure(STABLE))).statusCode).toBe(204);
    } finally {
      await limited.close();
    }
  });

  it('is in the OpenAPI document with its body schema', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths[LOADS_URL].post;
    expect(operation.tags).toEqual(['client-errors']);
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties).sort()).toEqual(['module', 'remote', 'shellVersion', 'version']);
    expect(Object.keys(operation.responses).sort()).toEqual(['204', '400', '413', '415', '429']);
  });
});

describe.each(TEST_DATABASES)('the automatic canary guard on $name', (database) => {
  let ctx: TestContext;
  const log = captureLog();
  let at = START;
  const errors = () => log.lines.filter((line) => line.level === 50);
  const guard = () => createCanaryGuard({ db: ctx.db, storeDir: ctx.config.storeDir, settings: SETTINGS, log: ctx.app.log, now: () => at });

  beforeEach(async () => {
    at = START;
    log.lines.length = 0;
    ctx = await createTestContext(database, undefined, { logLevel: 'warn', logStream: log.stream, now: () => at });
    startCanary(ctx.config.storeDir);
  });
  afterEach(() => ctx?.close());

  it('ends a canary that fails more than the stable version, writes auto-rollback to the history and logs one error line', async () => {
    // The canary: 10 loads and 10 failures (50%); the stable version: 3 sampled reports (30 loads) and 1 failure (3.2%).
    await send(ctx.app, LOADS_URL, load(CANARY), 10);
    await send(ctx.app, FAILURES_URL, failure(CANARY), 10);
    await send(ctx.app, LOADS_URL, load(STABLE), 3);
    await send(ctx.app, FAILURES_URL, failure(STABLE), 1);

    const [verdict] = await guard().check();
    expect(verdict).toMatchObject({
      remote: 'mf_search',
      module: 'mf-search',
      canaryVersion: CANARY,
      stableVersion: STABLE,
      outcome: 'ended',
      health: { canary: { pageLoads: 20, failures: 10, failureRate: 50 }, stable: { pageLoads: 31, failures: 1 } },
    });

    expect(registry(ctx.config.storeDir)).toEqual({ mf_search: REMOTES.mf_search });
    expect(history(ctx.config.storeDir).at(-1)).toMatchObject({ action: 'auto-rollback', module: 'mf-search', version: STABLE, previous: CANARY, by: AUTOMATIC_GUARD });
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({
      canaryGuard: 'auto-rollback',
      remote: 'mf_search',
      canaryVersion: CANARY,
      stableVersion: STABLE,
      canary: { pageLoads: 20, failures: 10 },
      minLoads: SETTINGS.minLoads,
      maxExtraFailureRate: SETTINGS.maxExtraFailureRate,
    });
    expect(String(errors()[0]!.msg)).toContain(CANARY_GUARD_LOG_MESSAGE);

    // Nothing more to judge: the next check finds no canary, and logs nothing.
    expect(await guard().check()).toEqual([]);
    expect(errors()).toHaveLength(1);
    // Pages opened on the canary still report it for a while: their reports are taken, not refused.
    await send(ctx.app, LOADS_URL, load(CANARY));
  });

  it('leaves alone a canary whose failure rate is within the margin of the stable version’s', async () => {
    // The canary: 19 loads, 2 failures (9.5%); the stable version: 10 sampled reports (100 loads) and 6 failures (5.7%).
    await send(ctx.app, LOADS_URL, load(CANARY), 19);
    await send(ctx.app, FAILURES_URL, failure(CANARY), 2);
    await send(ctx.app, LOADS_URL, load(STABLE), 10);
    await send(ctx.app, FAILURES_URL, failure(STABLE), 6);
    const [verdict] = await guard().check();
    expect(verdict).toMatchObject({ outcome: 'healthy', health: { canary: { pageLoads: 21, failures: 2 }, stable: { pageLoads: 106, failures: 6 } } });
    expect(verdict!.health.extraFailureRate).toBeLessThan(SETTINGS.maxExtraFailureRate);
    expect(registry(ctx.config.storeDir).mf_search!.canary).toMatchObject({ version: CANARY });
    expect(errors()).toEqual([]);
  });

  it('does nothing below CANARY_MIN_LOADS, however badly the canary does', async () => {
    await send(ctx.app, FAILURES_URL, failure(CANARY), SETTINGS.minLoads - 1);
    const [verdict] = await guard().check();
    expect(verdict).toMatchObject({ outcome: 'too-few-loads', health: { canary: { pageLoads: SETTINGS.minLoads - 1, failureRate: 100 } } });
    expect(registry(ctx.config.storeDir).mf_search!.canary).toBeDefined();
    expect(errors()).toEqual([]);
    // One more failure reaches the minimum: now it is judged, and ended.
    await send(ctx.app, FAILURES_URL, failure(CANARY), 1);
    expect((await guard().check())[0]).toMatchObject({ outcome: 'ended' });
  });

  it('counts only the minutes since the canary began, for both versions', async () => {
    // Failures of the stable version before the canary began do not excuse the canary's.
    at = new Date('2026-11-27T11:58:00.000Z');
    await send(ctx.app, FAILURES_URL, failure(STABLE), 30);
    at = START;
    await send(ctx.app, LOADS_URL, load(CANARY), 10);
    await send(ctx.app, FAILURES_URL, failure(CANARY), 10);
    const health = await readCanaryHealth(ctx.db, { remote: 'mf_search', stableVersion: STABLE, canaryVersion: CANARY, since: new Date(SINCE) });
    expect(health).toMatchObject({ stable: { pageLoads: 0, failures: 0, failureRate: 0 }, canary: { pageLoads: 20, failureRate: 50 }, extraFailureRate: 50 });
    expect((await guard().check())[0]).toMatchObject({ outcome: 'ended' });
  });

  it('deletes counts older than REMOTE_LOADS_KEPT_DAYS when it checks', async () => {
    at = new Date('2026-10-01T12:00:00.000Z');
    await send(ctx.app, LOADS_URL, load(STABLE));
    at = START;
    await send(ctx.app, LOADS_URL, load(STABLE));
    await guard().check();
    expect((await rows(ctx.db)).map((row) => row.minute)).toEqual(['2026-11-27T12:00:00.000Z']);
  });
});

describe.each(SHARED_DATABASES)('two API instances on one $name database and one store', ({ open }) => {
  it('end a failing canary once, with one error line in all', async () => {
    const shared = await open();
    const config = makeDataDir();
    startCanary(config.storeDir);
    const logs = [captureLog(), captureLog()];
    const apps = await Promise.all(
      [shared.first, shared.second].map((database, i) => buildApp({ db: database.db, config: { ...config, logLevel: 'warn' }, logStream: logs[i]!.stream, now: () => START })),
    );
    try {
      // Reports arrive through both instances, into the same counts.
      await send(apps[0]!, LOADS_URL, load(CANARY), 5);
      await send(apps[1]!, LOADS_URL, load(CANARY), 5);
      await send(apps[0]!, FAILURES_URL, failure(CANARY), 5);
      await send(apps[1]!, FAILURES_URL, failure(CANARY), 5);
      await send(apps[1]!, LOADS_URL, load(STABLE), 3);

      const guards = [shared.first, shared.second].map((database, i) =>
        createCanaryGuard({ db: database.db, storeDir: config.storeDir, settings: SETTINGS, log: apps[i]!.log, now: () => START }),
      );
      const verdicts = (await Promise.all(guards.map((g) => g.check()))).flat();
      // The later check finds the canary failing but already ended, or finds no canary at all: either way it does nothing.
      expect(verdicts.filter((v) => v.outcome === 'ended')).toHaveLength(1);
      expect(verdicts.every((v) => v.outcome === 'ended' || v.outcome === 'ended-elsewhere')).toBe(true);
      expect(verdicts[0]!.health.canary).toMatchObject({ pageLoads: 20, failures: 10 });

      const errorLines = logs.flatMap((log) => log.lines.filter((line) => line.level === 50));
      expect(errorLines).toHaveLength(1);
      expect(history(config.storeDir).filter((line) => line.action === 'auto-rollback')).toHaveLength(1);
      expect(registry(config.storeDir).mf_search!.canary).toBeUndefined();
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await shared.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
