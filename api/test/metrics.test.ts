/**
 * GET /metrics: what it holds after real requests (request durations by route pattern and status, remote failures
 * by remote and version, job runs and failures, the queue, live streams, the database pool, the process), and who
 * may read it (METRICS_TOKEN as a bearer token, else the loopback only, judged by the socket, never X-Forwarded-For).
 */
import { rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import { ConfigError, parseMetricsToken } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { VERIFY_EMAIL_JOB } from '../src/features/email-verification/email.ts';
import type { Mailer } from '../src/features/password-reset/mailer.ts';
import { isLoopback, METRICS_TEXTS, QUEUE_READ_TIMEOUT_MS } from '../src/plugins/metrics.ts';
import { insertListing } from './listings-support.ts';
import { createUser, makeDataDir, REMOTES, SHELL_VERSION, TEST_DATABASES, uniqueEmail, type TestConfig } from './support.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of the sample `name{labels}` in a scrape (labels in the order prom-client writes them); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const inner = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',');
  const head = inner ? `${name}{${inner}}` : name;
  const line = text.split('\n').find((l) => l.startsWith(`${head} `));
  return line === undefined ? undefined : Number(line.slice(head.length + 1));
}

/** A mailer that always fails: every email job fails and is retried later. */
const failingMailer: Mailer = {
  send: async () => {
    throw new Error('SMTP server refused the connection');
  },
};

/** The metrics text, as the loopback reads it. */
async function scrape(app: App, options: Partial<InjectOptions> = {}): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/metrics', ...options });
  expect({ status: res.statusCode, body: res.statusCode === 200 ? '' : res.body }).toEqual({ status: 200, body: '' });
  return res.body;
}

describe('METRICS_TOKEN', () => {
  it('is optional, and when set long enough and without spaces', () => {
    expect(parseMetricsToken(undefined)).toBeNull();
    expect(parseMetricsToken('  ')).toBeNull();
    expect(parseMetricsToken(` ${TOKEN} `)).toBe(TOKEN);
    expect(() => parseMetricsToken('short')).toThrow(ConfigError);
    expect(() => parseMetricsToken('a token with spaces in it')).toThrow(/METRICS_TOKEN must be at least 16 characters long/);
  });

  it('the loopback is 127.0.0.0/8 and ::1, also IPv4-mapped; nothing else', () => {
    const loopback = ['127.0.0.1', '127.10.0.2', '::1', '::ffff:127.0.0.1'];
    const others = [undefined, '', '10.0.0.1', '192.168.1.127', '::ffff:10.0.0.1', '128.0.0.1', '::2', 'fe80::1'];
    expect([...loopback, ...others].filter(isLoopback)).toEqual(loopback);
  });
});

describe.each(TEST_DATABASES)('GET /metrics on $name', (database) => {
  let opened: Database;
  const apps: Array<{ app: App; config: TestConfig }> = [];

  async function start(extra: Partial<BuildAppOptions['config']> = {}, options: Partial<BuildAppOptions> = {}): Promise<App> {
    const config = { ...makeDataDir(), ...extra };
    const app = await buildApp({ db: opened.db, config, ...options });
    await app.ready();
    apps.push({ app, config });
    return app;
  }

  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(async () => {
    for (const { app, config } of apps) {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
    await opened?.close();
  });


  describe('contents', () => {
    let app: App;
    beforeAll(async () => {
      app = await start({}, { mailer: failingMailer });
    });

    it('answers Prometheus text, never cached, with the process’s own figures', async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });

    it('times each answer by method, route pattern and status; pages and requests no route took are one label each, never a URL', async () => {
      const owner = await createUser(opened.db, { userType: 'Landlord' });
      const listing = await insertListing(opened.db, owner.id, { title: 'A timed room' });
      const before = await scrape(app);
      const route = { method: 'GET', route: '/api/listings/:id', status: '200' };
      const started = sample(before, 'http_request_duration_seconds_count', route) ?? 0;
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: `/api/listings/${listing}` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/listings/999999999' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/no/such/page-a8f3e1.txt' })).statusCode).toBe(404);
      // Pages of the site, whatever their address, are one label.
      const page = { method: 'GET', route: 'page', status: '200' };
      const pagesBefore = sample(before, 'http_request_duration_seconds_count', page) ?? 0;
      for (const url of ['/', `/rooms/${listing}`, '/pricing']) expect((await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).statusCode).toBe(200);

      const text = await scrape(app);
      expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(started + 3);
      expect(sample(text, 'http_request_duration_seconds_count', { ...route, status: '404' })).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_bucket', { le: '+Inf', ...route })).toBe(started + 3);
      expect(sample(text, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'http_request_duration_seconds_count', page)).toBe(pagesBefore + 3);
      expect(text).not.toContain('page-a8f3e1');
      expect(text).not.toContain('/pricing');
      expect(text).not.toContain(`/api/listings/${listing}"`);
    });

    it('counts remote failures by remote, version and kind, repeats included', async () => {
      const version = REMOTES.mf_search.version;
      const report = (kind: string) =>
        app.inject({
          method: 'POST',
          url: '/api/client-errors/remote-failures',
          remoteAddress: '10.3.0.1',
          payload: { remote: 'mf_search', module: 'RoomSearchPage', version, kind, message: 'Failed to fetch', path: '/find-a-room', shellVersion: SHELL_VERSION },
        });
      expect((await report('load')).statusCode).toBe(204);
      expect((await report('load')).statusCode).toBe(204);
      expect((await report('render')).statusCode).toBe(204);
      // Refused reports (a remote that is not live) count nothing.
      const refused = await app.inject({
        method: 'POST',
        url: '/api/client-errors/remote-failures',
        payload: { remote: 'mf_nothing', module: 'X', version: '9.9.9', kind: 'load', message: 'x', path: '/', shellVersion: SHELL_VERSION },
      });
      expect(refused.statusCode).toBe(400);

      const text = await scrape(app);
      expect(sample(text, 'roomnest_remote_failures_total', { remote: 'mf_search', version, kind: 'load' })).toBe(2);
      expect(sample(text, 'roomnest_remote_failures_total', { remote: 'mf_search', version, kind: 'render' })).toBe(1);
      expect(text).not.toContain('mf_nothing');
      expect(text).toContain('# TYPE roomnest_remote_loads_total counter');
    });

    it('counts the job queue: waiting jobs (due now, due later), and this process’s job runs and failures by kind', async () => {
      await opened.db.deleteFrom('jobs').execute();
      const register = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { Name: 'Queue Person', Email: uniqueEmail('metrics'), Password: 'a-good-password', UserType: 'Tenant' },
      });
      expect(register.statusCode).toBe(201);
      await app.background.idle();
      let text = await scrape(app);
      expect(sample(text, 'roomnest_jobs_waiting', { kind: VERIFY_EMAIL_JOB, due: 'true' })).toBe(1);
      expect(sample(text, 'roomnest_job_runs_total', { kind: VERIFY_EMAIL_JOB })).toBeUndefined();

      // The mailer fails: the job is tried, fails, and waits for its retry.
      expect(await app.jobs.runDue()).toBe(1);
      text = await scrape(app);
      expect(sample(text, 'roomnest_job_runs_total', { kind: VERIFY_EMAIL_JOB })).toBe(1);
      expect(sample(text, 'roomnest_job_failures_total', { kind: VERIFY_EMAIL_JOB, outcome: 'retry' })).toBe(1);
      expect(sample(text, 'roomnest_jobs_waiting', { kind: VERIFY_EMAIL_JOB, due: 'true' })).toBeUndefined();
      expect(sample(text, 'roomnest_jobs_waiting', { kind: VERIFY_EMAIL_JOB, due: 'false' })).toBe(1);

      // Out of attempts: a failed job, kept in the table.
      await opened.db.updateTable('jobs').set({ failed_at: new Date() }).where('kind', '=', VERIFY_EMAIL_JOB).execute();
      text = await scrape(app);
      expect(sample(text, 'roomnest_jobs_failed', { kind: VERIFY_EMAIL_JOB })).toBe(1);
      expect(sample(text, 'roomnest_jobs_waiting', { kind: VERIFY_EMAIL_JOB, due: 'false' })).toBeUndefined();
      expect(sample(text, 'roomnest_metrics_queue_read_failures_total')).toBe(0);
    });

    it.runIf(database.name === 'PGlite')('reports PGlite’s one connection', async () => {
      const text = await scrape(app);
      expect(sample(text, 'roomnest_db_pool_connections', { state: 'total' })).toBe(1);
      expect(sample(text, 'roomnest_db_pool_max')).toBe(1);
      // Not measured: PGlite queues queries inside its one connection.
      expect(sample(text, 'roomnest_db_pool_waiting')).toBe(0);
      expect(sample(text, 'roomnest_db_pool_connections', { state: 'idle' })).toBeUndefined();
    });

    it.runIf(database.name === 'PostgreSQL')('reports the PostgreSQL pool', async () => {
      const text = await scrape(app);
      // The tests' pools hold five connections (support.ts).
      expect(sample(text, 'roomnest_db_pool_max')).toBe(5);
      const total = sample(text, 'roomnest_db_pool_connections', { state: 'total' })!;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(5);
      expect(sample(text, 'roomnest_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
    });

    it.runIf(database.name === 'PostgreSQL')('shows a pool in use, and answers in bounded time without the queue figures when no connection is free', async () => {
      // Every connection of the pool held until the test lets go.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = 0;
      let allHeld!: () => void;
      const holding = new Promise<void>((resolve) => (allHeld = resolve));
      const holders = Array.from({ length: 5 }, () =>
        opened.db.connection().execute(async () => {
          if (++held === 5) allHeld();
          await released;
        }),
      );
      await holding;
      // One more query, waiting for a connection.
      const waiting = sql`select 1`.execute(opened.db);
      const started = performance.now();
      const text = await scrape(app);
      const elapsed = performance.now() - started;
      release();
      await Promise.all([...holders, waiting]);
      expect(elapsed).toBeLessThan(QUEUE_READ_TIMEOUT_MS + 1_500);
      expect(sample(text, 'roomnest_db_pool_connections', { state: 'total' })).toBe(5);
      expect(sample(text, 'roomnest_db_pool_connections', { state: 'idle' })).toBe(0);
      expect(sample(text, 'roomnest_db_pool_waiting')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'roomnest_metrics_queue_read_failures_total')).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('roomnest_jobs_waiting{');
    });

    it('keeps each app’s figures to itself (a registry per app, not the global one)', async () => {
      const other = await start();
      expect(sample(await scrape(other), 'roomnest_remote_failures_total', { remote: 'mf_search', version: REMOTES.mf_search.version, kind: 'load' })).toBeUndefined();
      expect(sample(await scrape(app), 'roomnest_remote_failures_total', { remote: 'mf_search', version: REMOTES.mf_search.version, kind: 'load' })).toBe(2);
    });

    it('is not in the public API’s OpenAPI document', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(doc.paths)).not.toContain('/metrics');
    });
  });

  it('counts the live streams open on the instance as they open and close', async () => {
    const app = await start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await createUser(opened.db);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
    const token = login.json<{ token: string }>().token;
    const streams = async () => sample(await scrape(app), 'roomnest_live_streams');
    expect(await streams()).toBe(0);

    const open = async (): Promise<ClientRequest> => {
      const ticket = (await app.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: { authorization: `Bearer ${token}` } })).json<{ ticket: string }>().ticket;
      return new Promise((resolve, reject) => {
        const req = httpRequest(`${base}/api/messages/stream?ticket=${encodeURIComponent(ticket)}`, (res) => {
          res.setEncoding('utf8');
          // The first `unread` event comes once the stream is registered with the hub.
          res.on('data', (chunk: string) => {
            if (chunk.includes('event: unread')) resolve(req);
          });
        });
        req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
        req.end();
      });
    };
    const first = await open();
    const second = await open();
    expect(await streams()).toBe(2);
    first.destroy();
    await vi.waitFor(async () => expect(await streams()).toBe(1), { timeout: 5_000, interval: 20 });
    second.destroy();
    await vi.waitFor(async () => expect(await streams()).toBe(0), { timeout: 5_000, interval: 20 });
  });

  it('counts search cache lookups: a search read, then the same one served from memory', async () => {
    const app = await start({ searchCacheSeconds: 60 });
    const url = `/api/listings?city=Metricsville-${Date.now()}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    let text = await scrape(app);
    expect(sample(text, 'roomnest_search_cache_lookups_total', { result: 'miss' })).toBe(1);
    expect(sample(text, 'roomnest_search_cache_lookups_total', { result: 'hit' })).toBeUndefined();
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    text = await scrape(app);
    expect(sample(text, 'roomnest_search_cache_lookups_total', { result: 'miss' })).toBe(1);
    expect(sample(text, 'roomnest_search_cache_lookups_total', { result: 'hit' })).toBe(1);
  });

  describe('without METRICS_TOKEN: the loopback only', () => {
    let app: App;
    beforeAll(async () => {
      // Behind a proxy that is believed about X-Forwarded-For: still never for this.
      app = await start({ trustProxy: true });
    });

    it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers a caller on %s', async (remoteAddress) => {
      expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode).toBe(200);
    });

    it('refuses any other address with 403, in the API’s format, whatever X-Forwarded-For claims', async () => {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-for': '::1', 'x-real-ip': '127.0.0.1' }, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers });
        expect({ headers, status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] }).toEqual({
          headers,
          status: 403,
          body: { message: METRICS_TEXTS.loopbackOnly },
          cache: 'no-store',
        });
      }
      // The proxy is believed about the client for everything else.
      const seen = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(seen.statusCode).toBe(200);
    });

    it('is never rate limited', async () => {
      for (let i = 0; i < 50; i++) expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    });
  });

  describe('with METRICS_TOKEN: the token, from anywhere', () => {
    let app: App;
    beforeAll(async () => {
      app = await start({ metricsToken: TOKEN, trustProxy: true });
    });

    it('answers the right token from any address', async () => {
      for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
        const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('http_request_duration_seconds');
      }
    });

    it('refuses a missing or wrong token with 401, the loopback included', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{}, METRICS_TEXTS.tokenMissing],
        [{ authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` }, METRICS_TEXTS.tokenMissing],
        [{ authorization: `Bearer ${TOKEN}x` }, METRICS_TEXTS.tokenWrong],
        [{ authorization: `Bearer ${TOKEN.slice(0, -1)}` }, METRICS_TEXTS.tokenWrong],
        [{ authorization: 'Bearer ' }, METRICS_TEXTS.tokenMissing],
      ];
      for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
        for (const [headers, message] of cases) {
          const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
          expect({ remoteAddress, headers, status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] }).toEqual({
            remoteAddress,
            headers,
            status: 401,
            body: { message },
            cache: 'no-store',
          });
        }
      }
    });
  });
});
