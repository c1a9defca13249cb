/**
 * Public search benchmark: seeds BENCH_LISTINGS (100,000) listings into a fresh
 * PGlite, and into PostgreSQL too when BENCH_DATABASE_URL is set (in a schema
 * of its own, dropped afterwards); starts the API in this process on a free
 * port; prints the plans of a few typical searches; then drives
 * GET /api/listings with a realistic mix of filters, sorts and pages at each
 * concurrency for BENCH_DURATION seconds (after a BENCH_WARMUP), and prints
 * requests per second, latency percentiles and errors. The figures also go
 * to `bench-results/search-<time>.json` at the repository root.
 *
 *   npm run bench -w @roomnest/api
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench -w @roomnest/api
 *
 * The load generator shares the process with the server (keep-alive HTTP on
 * loopback, as a browser behind a proxy would reuse connections); its own cost
 * is small next to a search, and it is the same for both databases.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EAST_LONDON_AREAS, PRICE_RANGES, ROOM_TYPES, SORT_OPTIONS, type SortBy } from '@roomnest/shared';
import { CompiledQuery, sql } from 'kysely';
import { Client } from 'pg';
import { buildApp } from '../src/app.ts';
import { DEFAULT_SEARCH_COUNT_CACHE_SECONDS, REPO_ROOT } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { searchQuery, type SearchFilters } from '../src/features/listings/repository.ts';
import { seedDemoData } from '../src/seed/index.ts';
import { seededRandom } from '../src/seed/listings.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,16').split(',').map(Number);
const PG_URL = process.env.BENCH_DATABASE_URL?.trim();
/** The server's default; BENCH_COUNT_CACHE=0 measures counting on every search. */
const COUNT_CACHE_S = Number(process.env.BENCH_COUNT_CACHE ?? DEFAULT_SEARCH_COUNT_CACHE_SECONDS);

/** A search a visitor makes, as a weighted generator of query strings. */
interface Scenario {
  name: string;
  weight: number;
  query: (random: () => number) => Record<string, string | number>;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const sorts = SORT_OPTIONS.map((s) => s.value);

/** The mix: Home location cards and the plain rooms page dominate, then filtered and sorted searches and deeper pages. */
const SCENARIOS: Scenario[] = [
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

function dateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The next URL of the mix, with the cache-buster the browser adds. */
function urlMaker(seed: number): () => string {
  const random = seededRandom(seed);
  const total = SCENARIOS.reduce((sum, s) => sum + s.weight, 0);
  return () => {
    let roll = random() * total;
    const scenario = SCENARIOS.find((s) => (roll -= s.weight) < 0) ?? SCENARIOS[0]!;
    const params = new URLSearchParams(Object.entries(scenario.query(random)).map(([k, v]) => [k, String(v)]));
    params.set('_', String(Date.now()));
    return `/api/listings?${params}`;
  };
}

interface RunResult {
  database: string;
  concurrency: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
}

const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '');

/** Prints rows as an aligned text table (numbers right-aligned). */
function printTable(rows: Record<string, string | number>[]): void {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (values: string[], numeric: boolean[]) => values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  const numeric = columns.map((c) => rows.every((r) => typeof r[c] === 'number'));
  console.info(['', line(columns, numeric), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => line(columns.map((c) => cell(r, c)), numeric)), ''].join('\n'));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function request(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, agent, headers: { accept: 'application/json', 'accept-encoding': 'br, gzip' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `concurrency` clients, each sending its next request as soon as the last one answers, for `seconds`. */
async function drive(database: string, port: number, concurrency: number, seconds: number, nextUrl: () => string): Promise<RunResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const status = await request(agent, port, nextUrl());
        latencies.push(performance.now() - sent);
        if (status !== 200) errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    database,
    concurrency,
    seconds: round(elapsed, 2),
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    p99: round(percentile(latencies, 99), 2),
    max: round(latencies.at(-1) ?? 0, 2),
    errors,
  };
}

/** Plans of typical searches: which indexes they read, and how long the database takes. */
const PLANNED: { name: string; filters: SearchFilters; sortBy: SortBy; page?: number }[] = [
  { name: 'no filter, relevance', filters: {}, sortBy: 'relevance' },
  { name: 'London + Hackney', filters: { city: 'London', address: 'Hackney' }, sortBy: 'relevance' },
  { name: 'London, 1000-1500, rent_asc', filters: { city: 'London', priceRange: '1000-1500' }, sortBy: 'rent_asc' },
  { name: 'Studio, available soon, date_new p5', filters: { roomType: 'Studio', availableDate: dateInDays(14) }, sortBy: 'date_new', page: 5 },
];

async function explainSearches(database: Database): Promise<{ name: string; ms: number; indexes: string[]; seqScan: boolean }[]> {
  const out = [];
  for (const { name, filters, sortBy, page = 1 } of PLANNED) {
    const compiled = searchQuery(database.db, filters, { sortBy, page, pageSize: 24 }).compile();
    const { rows } = await database.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, format text) ${compiled.sql}`, [...compiled.parameters]));
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const indexes = [...new Set([...plan.matchAll(/(?:Index|Index Only|Bitmap Index) Scan (?:Backward )?using (\w+)/g)].map((m) => m[1]!))];
    out.push({ name, ms: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN), indexes, seqScan: /Seq Scan on listings/.test(plan) });
  }
  return out;
}

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<Database>;
}

async function runStatement(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const TARGETS: Target[] = [
  { name: 'PGlite', open: () => openDatabase({ kind: 'pglite' }) },
  ...(PG_URL
    ? [
        {
          name: 'PostgreSQL' as const,
          async open() {
            const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
            await runStatement(PG_URL, `create schema ${schema}`);
            const database = await openDatabase({ kind: 'postgres', url: PG_URL, searchPath: `${schema},public`, poolSize: 10 });
            return {
              ...database,
              async close() {
                await database.close();
                await runStatement(PG_URL, `drop schema ${schema} cascade`);
              },
            };
          },
        },
      ]
    : []),
];

async function benchTarget(target: Target) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-bench-'));
  const database = await target.open();
  try {
    await migrateToLatest(database.db);
    let started = performance.now();
    await seedDemoData(database.db, { uploadsDir: join(dataDir, 'uploads'), listings: LISTINGS });
    const seedSeconds = round((performance.now() - started) / 1000, 2);
    started = performance.now();
    await sql`vacuum analyze listings`.execute(database.db);
    await sql`analyze users`.execute(database.db);
    const vacuumSeconds = round((performance.now() - started) / 1000, 2);
    console.info(`[bench] ${target.name}: seeded ${LISTINGS.toLocaleString('en-GB')} listings in ${seedSeconds} s, vacuum analyze ${vacuumSeconds} s`);

    const plans = await explainSearches(database);
    printTable(plans.map((p) => ({ search: p.name, 'db ms': p.ms, 'seq scan': p.seqScan ? 'YES' : 'no', indexes: p.indexes.join(', ') })));

    const app = await buildApp({
      db: database.db,
      config: {
        storeDir: join(dataDir, 'store'),
        uploadsDir: join(dataDir, 'uploads'),
        tokenSecret: randomBytes(32),
        tokenTtlSeconds: 3600,
        logLevel: 'warn',
        searchCountCacheSeconds: COUNT_CACHE_S,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const runs: RunResult[] = [];
    try {
      for (const concurrency of CONCURRENCY) {
        if (WARMUP_S > 0) await drive(target.name, port, concurrency, WARMUP_S, urlMaker(concurrency + 1000));
        const run = await drive(target.name, port, concurrency, DURATION_S, urlMaker(concurrency));
        console.info(`[bench] ${target.name} × ${concurrency}: ${run.requestsPerSecond} req/s, p50 ${run.p50} ms, p95 ${run.p95} ms, p99 ${run.p99} ms, ${run.errors} errors`);
        runs.push(run);
      }
    } finally {
      await app.close();
    }
    return { database: target.name, seedSeconds, vacuumSeconds, plans, runs };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.info(
    `[bench] GET /api/listings at ${LISTINGS.toLocaleString('en-GB')} listings; ${DURATION_S} s a run after ${WARMUP_S} s warm-up; ` +
      `concurrency ${CONCURRENCY.join(', ')}; total cache ${COUNT_CACHE_S} s; ${cpus().length} CPUs; Node ${process.versions.node}` +
      (PG_URL ? '' : ' (set BENCH_DATABASE_URL to add PostgreSQL)'),
  );
  const results = [];
  for (const target of TARGETS) results.push(await benchTarget(target));

  printTable(
    results.flatMap((r) =>
      r.runs.map((run) => ({
        database: run.database,
        connections: run.concurrency,
        requests: run.requests,
        'req/s': run.requestsPerSecond,
        'p50 ms': run.p50,
        'p95 ms': run.p95,
        'p99 ms': run.p99,
        'max ms': run.max,
        errors: run.errors,
      })),
    ),
  );

  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const scenarios = SCENARIOS.map(({ name, weight }) => ({ name, weight }));
  const environment = {
    node: process.versions.node,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    listings: LISTINGS,
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    countCacheSeconds: COUNT_CACHE_S,
  };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), environment, scenarios, results }, null, 2)}\n`);
  console.info(`[bench] results written to ${file}`);
  if (results.some((r) => r.runs.some((run) => run.errors > 0))) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err);
  process.exit(1);
});
