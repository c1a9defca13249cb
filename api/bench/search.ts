/**
 * Public search benchmark. For each database (PostgreSQL when
 * BENCH_DATABASE_URL is set, and embedded PGlite) it starts the API in a child
 * process (search-server.ts: fresh database, demo seed grown to the size
 * asked for, query plans of every filter and sort combination checked) and
 * drives it from this process with autocannon:
 *
 * - at BENCH_LISTINGS (100,000) listings, from 1, 16 and 64 keep-alive
 *   connections (BENCH_CONCURRENCY): GET /api/listings with a realistic mix
 *   of filters, sorts and pages (SCENARIOS) on the app as deployed (search
 *   cache on), and in the same run a bare route of the same server (a fixed
 *   JSON body) as the ceiling; each BENCH_RUNS (3) times for BENCH_DURATION
 *   (5) s, bare and search taking turns, medians reported;
 * - the same from 1 and 16 connections on the app with its search cache off
 *   (every search reads the database), at every size;
 * - during every search run, the server's event loop delay
 *   (monitorEventLoopDelay: the longest stall) and the latency of
 *   GET /api/health sent every 50 ms on a connection of its own;
 * - on PostgreSQL, the same at BENCH_SCALE sizes (10,000, and 1,000,000 with
 *   BENCH_1M=1) from 1 and 16 connections, growing one database in place, to
 *   show how cost grows with the table (the growth rows compare the runs with
 *   the cache off).
 *
 * Writes `bench-results/search.json` (rows in the format of
 * scripts/bench.mjs) and `bench-results/search-details.json` (every run,
 * every plan), and prints both tables. `npm run bench:search` at the
 * repository root starts a PostgreSQL cluster for it; alone:
 *
 *   npx tsx api/bench/search.ts                                   # PGlite only
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx api/bench/search.ts
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EAST_LONDON_AREAS, PRICE_RANGES, ROOM_TYPES, SORT_OPTIONS } from '@roomnest/shared';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../src/config.ts';
import { seededRandom } from '../src/seed/listings.ts';
import type { PlanSummary } from './lib/plans.ts';

const numbers = (text: string) => text.split(',').map((s) => Number(s.trim().replaceAll('_', ''))).filter((n) => Number.isFinite(n) && n > 0);

const PG_URL = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const MAIN_SIZE = Number(process.env.BENCH_LISTINGS ?? 100_000);
const SCALE = numbers(process.env.BENCH_SCALE ?? (process.env.BENCH_1M === '1' ? '10000,1000000' : '10000'));
const CONCURRENCY = numbers(process.env.BENCH_CONCURRENCY ?? '1,16,64');
const SCALE_CONCURRENCY = [1, 16];
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const HEALTH_EVERY_MS = 50;
/** The performance budgets (docs/performance.md). */
const BUDGET = { p95Ms: 25, bareShare: 40, loopStallMs: 50, growth: 2 };

type Op = '<=' | '>=';
interface Row {
  group: string;
  metric: string;
  value: number | null;
  unit: string;
  budget?: { op: Op; value: number };
  note?: string;
}

/** A search a visitor makes, as a weighted generator of query strings. */
interface Scenario {
  name: string;
  weight: number;
  query: (random: () => number) => Record<string, string | number>;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const sorts = SORT_OPTIONS.map((s) => s.value);
const dateInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The mix: Home location cards and the plain rooms page dominate, then filtered and sorted searches and deeper pages. */
export const SCENARIOS: Scenario[] = [
  { name: 'location card (city + area)', weight: 25, query: (r) => ({ city: 'London', address: pick(r, EAST_LONDON_AREAS) }) },
  { name: 'rooms page, no filter', weight: 15, query: () => ({}) },
  { name: 'city + price range + sort', weight: 15, query: (r) => ({ city: 'London', priceRange: pick(r, PRICE_RANGES).value, sortBy: pick(r, sorts) }) },
  { name: 'city + room type', weight: 10, query: (r) => ({ city: pick(r, ['London', 'Manchester', 'Birmingham', 'lon']), roomType: pick(r, ROOM_TYPES) }) },
  {
    name: 'filters: range + type + move-in date',
    weight: 10,
    query: (r) => ({ priceRange: pick(r, PRICE_RANGES).value, roomType: pick(r, ROOM_TYPES), availableDate: dateInDays(Math.floor(r() * 60)) }),
  },
  { name: 'min/max rent, cheapest first', weight: 10, query: (r) => ({ minPrice: 500 + Math.floor(r() * 6) * 100, maxPrice: 1200 + Math.floor(r() * 6) * 100, sortBy: 'rent_asc' }) },
  { name: 'pages 2-10, newest first', weight: 10, query: (r) => ({ city: 'London', sortBy: 'date_new', page: 2 + Math.floor(r() * 9) }) },
  { name: 'street search', weight: 5, query: (r) => ({ address: pick(r, ['mare street', 'romford road', 'marsh wall', 'roman road', 'wilmslow']) }) },
];

/** The next URL of the mix, with the cache-buster the browser adds. */
function urlMaker(seed: number): () => string {
  const random = seededRandom(seed);
  const total = SCENARIOS.reduce((sum, s) => sum + s.weight, 0);
  let n = 0;
  return () => {
    let roll = random() * total;
    const scenario = SCENARIOS.find((s) => (roll -= s.weight) < 0) ?? SCENARIOS[0]!;
    const params = new URLSearchParams(Object.entries(scenario.query(random)).map(([k, v]) => [k, String(v)]));
    params.set('_', `${Date.now()}${n++}`);
    return `/api/listings?${params}`;
  };
}

const BARE_PATH = '/api/bench/bare';
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const thousands = (n: number) => n.toLocaleString('en-GB');
const orNull = (n: number) => (Number.isFinite(n) ? n : null);

interface Load {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

/** `connections` keep-alive clients, each sending its next request when the last one is answered, for `seconds`. */
function drive(port: number, connections: number, seconds: number, nextPath: () => string): Promise<Load> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        // What a browser sends: the server's compression applies as it would in production.
        headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        const elapsed = result.duration || seconds;
        resolve({
          requests: latencies.length,
          seconds: round(elapsed, 2),
          rps: round(latencies.length / elapsed),
          p50: round(percentile(latencies, 50), 2),
          p95: round(percentile(latencies, 95), 2),
          p99: round(percentile(latencies, 99), 2),
          max: round(latencies.at(-1) ?? 0, 2),
          errors: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

/** GET /api/health every HEALTH_EVERY_MS on a connection of its own until stopped; answers the latencies. */
function probeHealth(port: number): { stop: () => Promise<{ p50: number; p99: number; max: number; failures: number; samples: number }> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const state = { running: true };
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode !== 200) failures++;
          resolve();
        });
      });
      req.on('error', () => {
        failures++;
        resolve();
      });
    });
  const loop = (async () => {
    while (state.running) {
      const started = performance.now();
      await once();
      await new Promise((r) => setTimeout(r, Math.max(0, HEALTH_EVERY_MS - (performance.now() - started))));
    }
  })();
  return {
    async stop() {
      state.running = false;
      await loop;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      return { p50: round(percentile(latencies, 50), 2), p99: round(percentile(latencies, 99), 2), max: round(latencies.at(-1) ?? 0, 2), failures, samples: latencies.length };
    },
  };
}

/** The server child and a way to ask it things. */
class Server {
  readonly child: ChildProcess;
  readonly #waiting = new Map<string, (message: Record<string, unknown>) => void>();

  constructor(kind: 'postgres' | 'pglite') {
    this.child = fork(fileURLToPath(new URL('./search-server.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_SERVER_DB: kind },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: Record<string, unknown>) => {
      const key = message.type === 'loop' ? 'loop-read' : String(message.type);
      const resolve = this.#waiting.get(key);
      this.#waiting.delete(key);
      resolve?.(message);
    });
    this.child.on('exit', (code) => {
      for (const [key, resolve] of this.#waiting) resolve({ type: 'exit', key, code });
      this.#waiting.clear();
    });
  }

  ask<T = Record<string, unknown>>(command: Record<string, unknown>, answer: string): Promise<T> {
    return new Promise((resolve, reject) => {
      this.#waiting.set(answer, (message) => (message.type === 'exit' ? reject(new Error(`the bench server exited (${String(message.code)})`)) : resolve(message as T)));
      this.child.send(command);
    });
  }

  started(): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#waiting.set('started', (message) => (message.type === 'exit' ? reject(new Error('the bench server did not start')) : resolve(message)));
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' });
    await exited;
  }
}

interface Ready {
  /** The app as configured by default (search cache on). */
  port: number;
  /** The same app reading every search afresh (cache off). */
  uncachedPort: number;
  listings: number;
  added: number;
  seedSeconds: number;
  vacuumSeconds: number;
  plans: PlanSummary;
}

interface Loop {
  max: number;
  p99: number;
  mean: number;
}

interface RunSet {
  database: string;
  listings: number;
  connections: number;
  runs: { bare: Load; search: Load; loop: Loop; health: Awaited<ReturnType<ReturnType<typeof probeHealth>['stop']>> }[];
}

interface Medians {
  bare: Load;
  search: Load;
  share: number;
  loopMax: number;
  loopMaxMedian: number;
  healthP99: number;
  healthMax: number;
  errors: number;
}

function medians(set: RunSet): Medians {
  const of = (pickLoad: (r: RunSet['runs'][number]) => Load): Load => {
    const loads = set.runs.map(pickLoad);
    const m = (key: keyof Load) => round(median(loads.map((l) => l[key])), 2);
    return { requests: m('requests'), seconds: m('seconds'), rps: round(m('rps')), p50: m('p50'), p95: m('p95'), p99: m('p99'), max: Math.max(...loads.map((l) => l.max)), errors: loads.reduce((s, l) => s + l.errors, 0) };
  };
  return {
    bare: of((r) => r.bare),
    search: of((r) => r.search),
    share: round(median(set.runs.map((r) => (100 * r.search.rps) / r.bare.rps))),
    loopMax: Math.max(...set.runs.map((r) => r.loop.max)),
    loopMaxMedian: round(median(set.runs.map((r) => r.loop.max))),
    healthP99: round(median(set.runs.map((r) => r.health.p99))),
    healthMax: round(Math.max(...set.runs.map((r) => r.health.max))),
    errors: set.runs.reduce((s, r) => s + r.search.errors + r.bare.errors + r.health.failures, 0),
  };
}

async function runSet(server: Server, port: number, database: string, listings: number, connections: number): Promise<RunSet> {
  const set: RunSet = { database, listings, connections, runs: [] };
  for (let run = 0; run < RUNS; run++) {
    const bare = await drive(port, connections, DURATION_S, () => BARE_PATH);
    await server.ask({ type: 'loop-reset' }, 'loop-reset');
    const health = probeHealth(port);
    const search = await drive(port, connections, DURATION_S, urlMaker(connections * 100 + run));
    const healthResult = await health.stop();
    const loop = await server.ask<Loop>({ type: 'loop-read' }, 'loop-read');
    set.runs.push({ bare, search, loop: { max: loop.max, p99: loop.p99, mean: loop.mean }, health: healthResult });
    console.info(
      `[bench] ${database} ${thousands(listings)} × ${connections} conn, run ${run + 1}/${RUNS}: search ${search.rps} req/s, p50 ${search.p50} / p95 ${search.p95} / p99 ${search.p99} ms, ` +
        `${search.errors} errors; bare ${bare.rps} req/s; loop max ${loop.max} ms; health p99 ${healthResult.p99} ms`,
    );
  }
  return set;
}

const dbName = (kind: string) => (kind === 'postgres' ? 'PostgreSQL' : 'PGlite');

async function benchDatabase(kind: 'postgres' | 'pglite', rows: Row[], details: Record<string, unknown>[]): Promise<void> {
  const name = dbName(kind);
  const sizes = kind === 'postgres' ? [...new Set([...SCALE, MAIN_SIZE])].sort((a, b) => a - b) : [MAIN_SIZE];
  const server = new Server(kind);
  await server.started();
  const scale: { listings: number; c1: Medians | null; c16: Medians | null }[] = [];
  try {
    for (const listings of sizes) {
      const ready = await server.ask<Ready>({ type: 'grow', listings }, 'ready');
      const group = `API search, ${name}, ${thousands(listings)} listings`;
      console.info(
        `[bench] ${name}: ${thousands(listings)} listings (${thousands(ready.added)} added in ${round(ready.seedSeconds)} s, vacuum ${round(ready.vacuumSeconds)} s); ` +
          `${ready.plans.statements} plans, median ${ready.plans.medianMs} ms, slowest ${ready.plans.slowest[0]?.ms} ms (${ready.plans.slowest[0]?.name})`,
      );
      // Below 10,000 listings a whole-table read is the planner's right choice (a few pages); the budget starts there.
      const seqNote = `of ${ready.plans.statements} statements${ready.plans.seqScans.length ? `: ${ready.plans.seqScans.slice(0, 3).join('; ')}` : ''}`;
      rows.push({
        group,
        metric: 'query plans: statements that scan the whole listings table',
        value: ready.plans.seqScans.length,
        unit: '',
        ...(listings >= 10_000 ? { budget: { op: '<=' as Op, value: 0 } } : {}),
        note: seqNote,
      });
      rows.push({ group, metric: 'query plans: slowest statement (EXPLAIN ANALYZE)', value: ready.plans.slowest[0]?.ms ?? null, unit: 'ms', note: ready.plans.slowest[0]?.name ?? '' });
      if (WARMUP_S > 0) {
        await drive(ready.uncachedPort, 16, WARMUP_S, urlMaker(998));
        await drive(ready.port, 16, WARMUP_S, urlMaker(999));
      }
      const entry: (typeof scale)[number] = { listings, c1: null, c16: null };
      // As deployed (search cache on) at every concurrency of the size; then reading every search afresh, which
      // is what the indexes and the database cost (the growth rows compare those).
      const sets = [
        ...(listings === MAIN_SIZE ? CONCURRENCY : SCALE_CONCURRENCY).map((connections) => ({ connections, cached: true })),
        ...SCALE_CONCURRENCY.map((connections) => ({ connections, cached: false })),
      ];
      for (const { connections, cached } of sets) {
        const set = await runSet(server, cached ? ready.port : ready.uncachedPort, cached ? name : `${name} (cache off)`, listings, connections);
        const m = medians(set);
        details.push({ ...set, cached, medians: m });
        if (!cached && connections === 1) entry.c1 = m;
        if (!cached && connections === 16) entry.c16 = m;
        const at = `${cached ? '' : 'cache off, '}${connections} conn`;
        const budgeted = cached && kind === 'postgres' && listings === MAIN_SIZE && connections === 16;
        rows.push(
          { group, metric: `search, ${at}: req/s`, value: m.search.rps, unit: 'req/s' },
          { group, metric: `search, ${at}: p50`, value: m.search.p50, unit: 'ms' },
          { group, metric: `search, ${at}: p95`, value: m.search.p95, unit: 'ms', ...(budgeted ? { budget: { op: '<=' as Op, value: BUDGET.p95Ms } } : {}) },
          { group, metric: `search, ${at}: p99`, value: m.search.p99, unit: 'ms' },
          { group, metric: `search, ${at}: errors`, value: m.search.errors, unit: '', budget: { op: '<=', value: 0 } },
          { group, metric: `bare route, ${at}: req/s (ceiling)`, value: m.bare.rps, unit: 'req/s' },
          { group, metric: `search ÷ bare route, ${at}`, value: m.share, unit: '%', ...(budgeted ? { budget: { op: '>=' as Op, value: BUDGET.bareShare } } : {}) },
        );
        if (kind === 'pglite') {
          rows.push(
            { group, metric: `event loop, longest stall during search, ${at}`, value: m.loopMax, unit: 'ms', budget: { op: '<=', value: BUDGET.loopStallMs }, note: `worst of ${RUNS} runs; median of runs ${m.loopMaxMedian} ms` },
            { group, metric: `GET /api/health during search, ${at}: p99 / max`, value: m.healthP99, unit: 'ms', note: `max ${m.healthMax} ms` },
          );
        }
      }
      scale.push(entry);
    }
  } finally {
    await server.stop();
  }

  if (kind === 'postgres') {
    // Growth is measured with the cache off: what a search costs the database as the table grows.
    const group = 'API search, PostgreSQL, growth (cache off)';
    const small = scale.find((s) => s.listings === Math.min(...sizes));
    const large = scale.find((s) => s.listings === 1_000_000);
    const timePerSearch = (m: Medians | null) => (m ? 1000 / m.search.rps : NaN);
    for (const s of scale) {
      rows.push({ group, metric: `${thousands(s.listings)} listings: time per search, 1 conn (1000 ÷ req/s)`, value: orNull(round(timePerSearch(s.c1), 2)), unit: 'ms' });
      if (s.c16) rows.push({ group, metric: `${thousands(s.listings)} listings: 16 conn req/s / p95`, value: s.c16.search.rps, unit: 'req/s', note: `p95 ${s.c16.search.p95} ms` });
    }
    if (small && large && small !== large) {
      rows.push(
        {
          group,
          metric: `1,000,000 ÷ ${thousands(small.listings)}: time per search, 1 conn`,
          value: orNull(round(timePerSearch(large.c1) / timePerSearch(small.c1), 2)),
          unit: 'x',
          budget: { op: '<=', value: BUDGET.growth },
        },
        {
          group,
          metric: `1,000,000 ÷ ${thousands(small.listings)}: throughput cost, 16 conn (req/s ratio)`,
          value: small.c16 && large.c16 ? round(small.c16.search.rps / large.c16.search.rps, 2) : null,
          unit: 'x',
          budget: { op: '<=', value: BUDGET.growth },
        },
      );
    } else {
      const mainSize = scale.find((s) => s.listings === MAIN_SIZE);
      rows.push({
        group,
        metric: `1,000,000 ÷ 10,000: time per search, 1 conn`,
        value: null,
        unit: 'x',
        budget: { op: '<=', value: BUDGET.growth },
        note: `skipped: 1,000,000 listings is opt-in (BENCH_1M=1, about 4 more minutes)${small && mainSize && small !== mainSize && mainSize.c1 && small.c1 ? `; ${thousands(MAIN_SIZE)} ÷ ${thousands(small.listings)} is ${round(timePerSearch(mainSize.c1) / timePerSearch(small.c1), 2)}x` : ''}`,
      });
    }
  }
}

async function main(): Promise<void> {
  const kinds = (['postgres', 'pglite'] as const).filter((k) => DATABASES.includes(k));
  const rows: Row[] = [];
  const details: Record<string, unknown>[] = [];
  const skipped: string[] = [];
  console.info(
    `[bench] GET /api/listings: ${thousands(MAIN_SIZE)} listings at ${CONCURRENCY.join(', ')} connections` +
      `${SCALE.length ? `; PostgreSQL also at ${SCALE.map(thousands).join(', ')}` : ''}; ${RUNS} runs of ${DURATION_S} s; ${cpus().length} CPUs; Node ${process.versions.node}`,
  );
  for (const kind of kinds) {
    if (kind === 'postgres' && !PG_URL) {
      skipped.push('PostgreSQL: BENCH_DATABASE_URL is not set (npm run bench starts a local cluster when the PostgreSQL binaries are installed)');
      rows.push({ group: 'API search, PostgreSQL', metric: 'all PostgreSQL rows', value: null, unit: '', note: 'skipped: BENCH_DATABASE_URL is not set' });
      continue;
    }
    await benchDatabase(kind, rows, details);
  }

  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'search.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const environment = { node: process.versions.node, cpus: cpus().length, cpu: cpus()[0]?.model, loadavg: loadavg(), durationSeconds: DURATION_S, runs: RUNS, warmupSeconds: WARMUP_S };
  writeFileSync(
    join(folder, 'search-details.json'),
    `${JSON.stringify({ date: new Date().toISOString(), environment, skipped, scenarios: SCENARIOS.map(({ name, weight }) => ({ name, weight })), runs: details }, null, 2)}\n`,
  );
  for (const row of rows) {
    const budget = row.budget ? ` (budget ${row.budget.op} ${row.budget.value})` : '';
    console.info(`  ${row.group} | ${row.metric}: ${row.value ?? '—'} ${row.unit}${budget}${row.note ? ` — ${row.note}` : ''}`);
  }
  console.info(`[bench] rows written to bench-results/search.json, every run to bench-results/search-details.json`);
}

main().catch((err: unknown) => {
  console.error('[bench] search failed:', err);
  process.exit(1);
});
