/**
 * The server half of the search benchmark (search.ts starts it as a child
 * process, so the load generator never shares its event loop or its CPU
 * accounting): opens a fresh database (in-memory PGlite, or a schema of its
 * own on BENCH_DATABASE_URL, dropped at the end), migrates it, brings it to
 * the number of listings asked for, checks the query plans of every filter
 * and sort combination, and serves the real app on a free loopback port
 * twice: as configured by default (search cache on) and reading every search
 * afresh (cache off), each with one bare route (`GET /api/bench/bare`, a
 * fixed JSON body, only in this process) as the ceiling of what the same
 * server answers per second.
 *
 * It is driven over IPC (process.send):
 *   → { type: 'grow', listings }       ← { type: 'ready', port, uncachedPort, listings, seedSeconds, vacuumSeconds, plans }
 *   → { type: 'loop-reset' }           ← { type: 'loop', ... } on 'loop-read': the event loop's delay since the reset
 *   → { type: 'stop' }                 closes everything and exits
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp, type App } from '../src/app.ts';
import { DEFAULT_SEARCH_CACHE_SECONDS } from '../src/config.ts';
import { runStatement } from '../src/db/admin.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { explainSearches } from './lib/plans.ts';
import { growListings } from './lib/seed.ts';

const PG_URL = process.env.BENCH_DATABASE_URL?.trim();
const KIND = process.env.BENCH_SERVER_DB === 'postgres' ? 'postgres' : 'pglite';
/** The search cache of the main app: the server's default (BENCH_SEARCH_CACHE overrides it). A second app on the same database reads every search afresh. */
const SEARCH_CACHE_S = Number(process.env.BENCH_SEARCH_CACHE ?? DEFAULT_SEARCH_CACHE_SECONDS);
/** The fixed answer of the bare route: about the size of a small API answer. */
const BARE_BODY = { status: 'ok', service: 'roomnest-api', bench: true, items: [1, 2, 3] };

type Command = { type: 'grow'; listings: number } | { type: 'loop-reset' } | { type: 'loop-read' } | { type: 'stop' };

const send = (message: unknown) => process.send?.(message);
const ms = (ns: number) => Math.round(ns / 1e4) / 100;

async function openBenchDatabase(): Promise<Database> {
  if (KIND === 'pglite') return openDatabase({ kind: 'pglite' });
  if (!PG_URL) throw new Error('BENCH_DATABASE_URL is not set');
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await runStatement(PG_URL, `create schema ${schema}`);
  // The pool size main.ts uses.
  const database = await openDatabase({ kind: 'postgres', url: PG_URL, searchPath: `${schema},public` });
  return {
    ...database,
    async close() {
      await database.close();
      await runStatement(PG_URL, `drop schema ${schema} cascade`);
    },
  };
}

const portOf = (app: App) => (app.server.address() as AddressInfo).port;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-bench-'));
  const database = await openBenchDatabase();
  await migrateToLatest(database.db);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  /** The app as configured by default (search cache on), and the same app reading every search afresh. */
  let apps: { cached: App; uncached: App } | null = null;

  const closeApps = async () => {
    await apps?.cached.close();
    await apps?.uncached.close();
    apps = null;
  };

  /** The real app on a free port, plus the bare route as the ceiling: the same server, its hooks and plugins, and no work behind the route. */
  const serve = async (searchCacheSeconds: number) => {
    const app = await buildApp({
      db: database.db,
      config: {
        storeDir: join(dataDir, 'store'),
        uploadsDir: join(dataDir, 'uploads'),
        tokenSecret: randomBytes(32),
        tokenTtlSeconds: 3600,
        logLevel: 'warn',
        searchCacheSeconds,
      },
    });
    app.get('/api/bench/bare', { schema: { hide: true } }, async () => BARE_BODY);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };

  const handle = async (command: Command) => {
    if (command.type === 'grow') {
      // New apps for every size: their search caches start empty, as after a deploy.
      await closeApps();
      const grown = await growListings(database.db, command.listings, join(dataDir, 'uploads'));
      const plans = await explainSearches(database.db);
      apps = { cached: await serve(SEARCH_CACHE_S), uncached: await serve(0) };
      send({ type: 'ready', port: portOf(apps.cached), uncachedPort: portOf(apps.uncached), listings: command.listings, ...grown, plans });
    } else if (command.type === 'loop-reset') {
      loop.reset();
      send({ type: 'loop-reset' });
    } else if (command.type === 'loop-read') {
      send({ type: 'loop', max: ms(loop.max), p99: ms(loop.percentile(99)), mean: ms(loop.mean), count: loop.count });
    } else if (command.type === 'stop') {
      loop.disable();
      await closeApps();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  };

  let queue = Promise.resolve();
  process.on('message', (command: Command) => {
    queue = queue.then(() => handle(command)).catch((err: unknown) => {
      console.error('[bench server] failed:', err);
      process.exit(1);
    });
  });
  // The driver gone (finished, failed or interrupted): clean up as on 'stop' (the schema, the data folder).
  process.on('disconnect', () => {
    queue = queue.then(() => handle({ type: 'stop' })).catch(() => process.exit(1));
  });
  send({ type: 'started', kind: KIND });
}

main().catch((err: unknown) => {
  console.error('[bench server] failed to start:', err);
  process.exit(1);
});
