/**
 * Opens the database: PostgreSQL through a `pg` pool when a URL is given,
 * otherwise embedded PGlite (on disk, or in memory for tests) in a worker
 * thread of its own, so no statement runs on the API's event loop. Both
 * drivers hand back the same JavaScript types: int8 and numeric as numbers,
 * date as a 'YYYY-MM-DD' string, timestamptz as a Date.
 */
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool, types } from 'pg';
import { acquireDirLock } from './dir-lock.ts';
import { pgliteListener, postgresListener, registerListener } from './listen.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteWorker, type TypeParsing } from './pglite-worker-client.ts';
import type { DB } from './types.ts';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * Routine upkeep: PGlite has no autovacuum, so it runs VACUUM ANALYZE now and
   * then on an unref'd timer (errors go to `onError`). PostgreSQL: nothing to do.
   */
  startMaintenance(onError: (err: unknown) => void): Promise<void>;
  /** Waits for work in progress, closes the connections and releases the data-folder lock. */
  close(): Promise<void>;
}

export type OpenOptions =
  | { kind: 'postgres'; url: string; /** Comma-separated, no spaces: the search_path (tests put a fresh schema first). */ searchPath?: string; poolSize?: number }
  | { kind: 'pglite'; /** Omit for an in-memory database. */ dataDir?: string };

const OID = { int8: 20, date: 1082, numeric: 1700 } as const;

/** How both drivers hand back these types, by PostgreSQL type oid (the PGlite worker builds its parsers from this). */
const TYPE_PARSING: TypeParsing = {
  [OID.int8]: 'number',
  [OID.numeric]: 'number',
  [OID.date]: 'text',
};

/** The `pg` type parsers. */
const PARSERS: Record<number, (value: string) => unknown> = Object.fromEntries(
  Object.entries(TYPE_PARSING).map(([oid, kind]) => [oid, kind === 'number' ? Number : (value: string) => value]),
);

/** A database handle's connections now (GET /metrics). `idle` and `waiting` only where the driver knows them (pg's pool). */
export interface PoolStats {
  total: number;
  idle?: number;
  waiting?: number;
  max: number;
}

const POOL_STATS = new WeakMap<object, () => PoolStats>();

/** How to read the connections of a handle opened by `openDatabase`; undefined for any other handle. */
export function poolStatsOf(db: object): (() => PoolStats) | undefined {
  return POOL_STATS.get(db);
}

export const VACUUM_INTERVAL_MS = 60 * 60 * 1000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options) : openPGlite(options.dataDir);
}

async function openPostgres({ url, searchPath, poolSize }: { url: string; searchPath?: string; poolSize?: number }): Promise<Database> {
  const max = poolSize ?? 10;
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // JIT off: the API's statements are short index reads, and PostgreSQL compiles a statement whenever its cost
    // estimate passes jit_above_cost. A place look-up whose recursive city probe is estimated dear spent 330 ms
    // compiling to run 0.2 ms at 1,000,000 listings.
    options: [searchPath ? `-c search_path=${searchPath}` : '', '-c jit=off'].filter(Boolean).join(' '),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        (format ?? 'text') === 'text' && PARSERS[oid] ? PARSERS[oid] : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('[db] idle PostgreSQL connection failed:', err.message));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  registerListener(db, postgresListener(url, searchPath));
  POOL_STATS.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }));
  return {
    db,
    kind: 'postgres',
    startMaintenance: async () => undefined,
    close: () => db.destroy(),
  };
}

const noop = () => {};

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  let release = noop;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDirLock(dataDir);
  }
  let worker: PGliteWorker | null = null;
  let db: Kysely<DB> | null = null;
  try {
    // The worker loads pg_trgm on every open (tables with trigram indexes need it).
    worker = await PGliteWorker.start({ dataDir, parsers: TYPE_PARSING });
    db = new Kysely<DB>({ dialect: new PGliteDialect(worker) });
    registerListener(db, pgliteListener(worker));
    // One connection, taken in turn by every query and transaction (pglite-dialect.ts): nothing more to tell.
    POOL_STATS.set(db, () => ({ total: 1, max: 1 }));
    // The first queries after an open are slow: pay that now, not on the first request.
    await sql`select count(*) from pg_catalog.pg_class`.execute(db);
  } catch (err) {
    await (db ? db.destroy() : worker?.close())?.catch(() => undefined);
    release();
    throw err;
  }
  const kysely = db;
  let timer: NodeJS.Timeout | null = null;
  const vacuum = () => sql`vacuum analyze`.execute(kysely);
  return {
    db: kysely,
    kind: 'pglite',
    async startMaintenance(onError) {
      await vacuum();
      timer ??= setInterval(() => vacuum().catch(onError), VACUUM_INTERVAL_MS).unref();
    },
    /** Waits for the query or transaction in progress and those queued, closes PGlite, ends its worker, then releases the folder. */
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      try {
        await kysely.destroy();
      } finally {
        release();
      }
    },
  };
}
