/**
 * GET /metrics: what this API instance is doing, in Prometheus's text format
 * (prom-client), for operations only (docs/metrics.md lists every metric and
 * the queries that watch each module).
 *
 * `app.metrics` holds the instruments, in a registry of this app's own (never
 * prom-client's global one: two apps in one process, as in the tests, keep
 * their figures apart):
 *   http_request_duration_seconds{method,route,status}   every answer, by route pattern (never the raw URL; `page`
 *                                                        for the shell's pages, `unmatched` for the rest no route took)
 *   roomnest_remote_loads_total{remote,version}          remote pages loaded in browsers (the load reports)
 *   roomnest_remote_failures_total{remote,version,kind}  remote pages that failed in browsers (the failure reports)
 *   roomnest_live_streams                                open live message streams on this instance
 *   roomnest_jobs_waiting{kind,due}                      open jobs in the queue, read from the table at scrape time
 *   roomnest_jobs_failed{kind}                           jobs that ran out of attempts, still kept in the table
 *   roomnest_job_runs_total{kind}, roomnest_job_failures_total{kind,outcome}   this process's job runs
 *   roomnest_db_pool_*                                   the database connections
 *   roomnest_search_cache_lookups_total{result}          search answers served from memory or read
 *   process_*, nodejs_*                                  prom-client's figures of the process itself
 *
 * Every label value is bounded: route patterns (one `unmatched` for every
 * request no route took), the remotes and versions the report routes have
 * already checked against the store, job kinds with a handler.
 *
 * Who may read it: with METRICS_TOKEN, a caller presenting it as a bearer
 * token (compared in constant time); without, only a caller whose socket is on
 * the loopback. The socket's own address, never X-Forwarded-For (not even with
 * TRUST_PROXY): behind a proxy every caller would otherwise be "the loopback".
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { poolStatsOf } from '../db/database.ts';
import type { DB } from '../db/types.ts';
import { HttpError } from './errors.ts';

export const METRICS_PATH = '/metrics';

export const METRICS_TEXTS = {
  tokenMissing: 'This needs the metrics token: send it as Authorization: Bearer <METRICS_TOKEN>.',
  tokenWrong: 'The metrics token is not right.',
  loopbackOnly: 'Metrics are served to this machine only while METRICS_TOKEN is unset: set METRICS_TOKEN and send it as a bearer token.',
} as const;

/** The `route` label of a request no route took (404s of unknown paths and files): one value, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * The `route` label of the shell's pages (`/`, `/rooms/42`, …): the web plugin serves them from its not-found
 * handler, with their head written for the address, so they have no route pattern; they are the HTML answers of it.
 */
export const PAGE_ROUTE = 'page';

/** How long a scrape waits for the job queue's figures before answering without them. */
export const QUEUE_READ_TIMEOUT_MS = 2_000;

/** Request durations, in seconds: from a cached search (a few ms) to an upload's re-encoding (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface AppMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Incremented by the load reports of remote pages (`remote`, `version` already checked against the store). */
  readonly remoteLoads: Counter<'remote' | 'version'>;
  /** Incremented by the failure reports of remote pages. */
  readonly remoteFailures: Counter<'remote' | 'version' | 'kind'>;
  readonly jobRuns: Counter<'kind'>;
  readonly jobFailures: Counter<'kind' | 'outcome'>;
  readonly searchCacheLookups: Counter<'result'>;
  /** Counts what `read` answers as open live streams at every scrape (the messages feature's hub). */
  watchLiveStreams(read: () => number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsPluginOptions {
  /** The database: the queue's figures and the pool's. */
  db: Kysely<DB>;
  /** METRICS_TOKEN; null: the loopback only. */
  token: string | null;
  /** Figures of the process itself (CPU, memory, event loop lag, GC); on by default. */
  processMetrics?: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === '::1' || address === '0:0:0:0:0:0:0:1';
}

/** Throws the answer to a caller who may not read the metrics; returns for one who may. */
function checkCaller(request: FastifyRequest, tokenDigest: Buffer | null): void {
  if (!tokenDigest) {
    // request.socket, not request.ip: request.ip follows X-Forwarded-For when TRUST_PROXY is set.
    if (!isLoopback(request.socket.remoteAddress)) throw new HttpError(403, METRICS_TEXTS.loopbackOnly);
    return;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) throw new HttpError(401, METRICS_TEXTS.tokenMissing);
  // Both sides hashed: equal lengths for timingSafeEqual, and the time taken says nothing about the token's length.
  if (!timingSafeEqual(digest(match[1]!), tokenDigest)) throw new HttpError(401, METRICS_TEXTS.tokenWrong);
}

/** Waits for `promise` at most `ms`; null when it takes longer (what it does then is ignored). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface QueueRow {
  kind: string;
  due: boolean | null;
  failed: boolean;
  jobs: number;
}

/** Open jobs by kind and whether they are due, and failed ones by kind: one statement over the unfinished jobs. */
async function readQueue(db: Kysely<DB>): Promise<QueueRow[]> {
  const { rows } = await sql<QueueRow>`
    select kind,
           case when failed_at is null then run_at <= now() end as due,
           failed_at is not null as failed,
           count(*)::int as jobs
      from jobs
     where done_at is null
     group by 1, 2, 3`.execute(db);
  return rows;
}

async function metricsPlugin(app: FastifyInstance, { db, token, processMetrics = true }: MetricsPluginOptions): Promise<void> {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern (page: a page of the site; unmatched: anything else no route took) and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const remoteLoads = new Counter({
    name: 'roomnest_remote_loads_total',
    help: 'Remote pages browsers reported loaded, by remote and version (canary versions all, stable ones weighted by the sample rate).',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });
  const remoteFailures = new Counter({
    name: 'roomnest_remote_failures_total',
    help: 'Remote pages browsers reported failed, by remote, version and kind (timeout, load, render).',
    labelNames: ['remote', 'version', 'kind'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'roomnest_job_runs_total',
    help: 'Jobs this process ran (every attempt, whatever its outcome), by kind. Separate workers count their own: see roomnest_jobs_waiting and roomnest_jobs_failed for the whole queue.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'roomnest_job_failures_total',
    help: 'Job attempts of this process that failed, by kind and outcome (retry: will run again; failed: no attempts left; lost: its lease had run out).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const searchCacheLookups = new Counter({
    name: 'roomnest_search_cache_lookups_total',
    help: 'Public search answers served from the in-memory search cache (hit) or read from the database (miss); nothing while SEARCH_CACHE_SECONDS is 0.',
    labelNames: ['result'] as const,
    registers: [registry],
  });

  const liveStreamSources: Array<() => number> = [];
  registry.registerMetric(
    new Gauge({
      name: 'roomnest_live_streams',
      help: 'Live message streams (Server-Sent Events) open on this instance.',
      registers: [],
      collect() {
        this.set(liveStreamSources.reduce((sum, read) => sum + read(), 0));
      },
    }),
  );

  // One statement a scrape feeds both queue gauges and this counter: prom-client starts every metric's collect in the
  // same turn, so the later ones find the first one's read in progress and share it.
  let reading: Promise<QueueRow[] | null> | null = null;
  const queueReadFailures = new Counter({
    name: 'roomnest_metrics_queue_read_failures_total',
    help: `Scrapes answered without the queue figures: the jobs table did not answer within ${QUEUE_READ_TIMEOUT_MS / 1000} s, or failed.`,
    registers: [registry],
    async collect() {
      await queueRows();
    },
  });
  const queueRows = () =>
    (reading ??= within(
      readQueue(db).catch((err: unknown) => {
        app.log.warn({ err }, 'metrics: the job queue could not be read');
        return null;
      }),
      QUEUE_READ_TIMEOUT_MS,
    )
      .then((rows) => {
        if (!rows) queueReadFailures.inc();
        return rows;
      })
      .finally(() => {
        reading = null;
      }));
  registry.registerMetric(
    new Gauge({
      name: 'roomnest_jobs_waiting',
      help: 'Open jobs in the queue (the table every process shares), by kind; due="true": may run now, due="false": due later.',
      labelNames: ['kind', 'due'] as const,
      registers: [],
      async collect() {
        const rows = await queueRows();
        this.reset();
        for (const row of rows ?? []) if (!row.failed) this.inc({ kind: row.kind, due: String(row.due) }, row.jobs);
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      name: 'roomnest_jobs_failed',
      help: 'Jobs that ran out of attempts and are still kept in the queue (finished jobs are deleted after three days), by kind.',
      labelNames: ['kind'] as const,
      registers: [],
      async collect() {
        const rows = await queueRows();
        this.reset();
        for (const row of rows ?? []) if (row.failed) this.inc({ kind: row.kind }, row.jobs);
      },
    }),
  );

  const pool = poolStatsOf(db);
  registry.registerMetric(
    new Gauge({
      name: 'roomnest_db_pool_connections',
      help: 'Database connections of this process by state (total, idle). PGlite, the embedded database, has one connection, always reported as total 1.',
      labelNames: ['state'] as const,
      registers: [],
      collect() {
        const stats = pool?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        if (stats.idle !== undefined) this.set({ state: 'idle' }, stats.idle);
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      name: 'roomnest_db_pool_waiting',
      help: 'Queries of this process waiting for a database connection (PostgreSQL pool). Not measured for PGlite, whose one connection queues its queries: always 0 there.',
      registers: [],
      collect() {
        const waiting = pool?.().waiting;
        if (waiting !== undefined) this.set(waiting);
      },
    }),
  );
  registry.registerMetric(
    new Gauge({
      name: 'roomnest_db_pool_max',
      help: 'The most database connections this process opens (PGlite: 1).',
      registers: [],
      collect() {
        const stats = pool?.();
        if (stats) this.set(stats.max);
      },
    }),
  );

  app.decorate('metrics', {
    registry,
    httpDuration,
    remoteLoads,
    remoteFailures,
    jobRuns,
    jobFailures,
    searchCacheLookups,
    watchLiveStreams: (read) => liveStreamSources.push(read),
  } satisfies AppMetrics);

  // A callback hook, not an async one: every answer passes here, and a promise each costs more than the observation.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? (String(reply.getHeader('content-type') ?? '').startsWith('text/html') ? PAGE_ROUTE : UNMATCHED_ROUTE);
    const method = HTTP_METHODS.has(request.method) ? request.method : 'other';
    httpDuration.observe({ method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const tokenDigest = token ? digest(token) : null;
  app.get(
    METRICS_PATH,
    {
      // Operations only: documented in docs/metrics.md, not in the public API's OpenAPI page. Not rate limited (no
      // route is unless it says so): a scraper calls every few seconds, and it is refused before any work otherwise.
      schema: { hide: true },
      onRequest: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        checkCaller(request, tokenDigest);
      },
    },
    async (_request, reply) => {
      const text = await registry.metrics();
      return reply.header('content-type', registry.contentType).send(text);
    },
  );
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['errors'] });
