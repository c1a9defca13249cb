/**
 * Rate-limit counters in the database (table `rate_limits`, migration 0023), so that a limit holds across every API
 * instance and restart: a caller cannot get ten login guesses from each instance behind the load balancer.
 *
 * - A counted request is ONE statement: an upsert that starts a window (hits 1, expiry now + window) when the row is
 *   missing, its window has ended or it holds no hits, and otherwise adds one, answering the hits and the expiry.
 *   Concurrent requests of one caller queue on the row's lock, so no two read the same count.
 * - Windows are fixed, from the first counted request, as @fastify/rate-limit's own memory store keeps them.
 * - Rows whose window has ended are deleted in batches of PRUNE_BATCH every PRUNE_EVERY_MS by each instance
 *   (SKIP LOCKED, so instances pruning at once do not wait on each other).
 * - The clock is the app's (`now`), so the tests can move it; instances' clocks agree to well under a second.
 * - When the database cannot count, the request is answered 503 `{ message: RATE_LIMIT_UNAVAILABLE }` and the error
 *   is logged: a limit that guards passwords is not switched off by a database failure, and the routes behind it
 *   need the database anyway.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { HttpError } from './errors.ts';

export const RATE_LIMIT_UNAVAILABLE = 'We could not check this request against its limits just now. Please try again in a moment.';

/** Expired counters deleted per statement. */
export const PRUNE_BATCH = 1000;
/** How often each instance deletes expired counters. */
export const PRUNE_EVERY_MS = 60_000;

/** One limit's counter for one caller. */
export interface CounterEntry {
  /** The row's key: `counterKey(limit name, caller key)`. */
  key: string;
  windowMs: number;
}

export interface CounterState {
  key: string;
  hits: number;
  /** Milliseconds left in the window (at least 1 while it runs). */
  ttlMs: number;
}

/** The row key of a caller under a limit: readable limit name, hashed caller key (an address, an email). */
export const counterKey = (limitName: string, callerKey: string) => `${limitName}:${createHash('sha256').update(callerKey).digest('base64url')}`;

/**
 * The counters of one database. `add` counts (+1) or takes back (−1) one hit on each entry in one statement;
 * rows are written in key order, so two statements on the same keys lock them in the same order (no deadlock).
 */
const state = (row: { key: string; hits: number; expires_at: Date }, at: Date): CounterState => ({
  key: row.key,
  hits: row.hits,
  ttlMs: Math.max(1, new Date(row.expires_at).getTime() - at.getTime()),
});

export function createCounters(db: Kysely<DB>, now: () => Date, log: FastifyBaseLogger) {

  const unavailable = (err: unknown, what: string) => {
    log.error({ err, limits: what }, 'rate limit counters unavailable: answering 503');
    return new HttpError(503, RATE_LIMIT_UNAVAILABLE);
  };

  async function add(entries: CounterEntry[], delta: 1 | -1): Promise<CounterState[]> {
    if (entries.length === 0) return [];
    const at = now();
    const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    // A window that has ended, or holds no hits (every hit taken back), starts again with this request.
    const restart = sql<boolean>`(rate_limits.expires_at <= ${at} or rate_limits.hits <= 0)`;
    try {
      const rows = await db
        .insertInto('rate_limits')
        .values(sorted.map(({ key, windowMs }) => ({ key, hits: Math.max(delta, 0), expires_at: new Date(at.getTime() + windowMs) })))
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits:
              delta > 0
                ? sql<number>`case when ${restart} then 1 else rate_limits.hits + 1 end`
                : sql<number>`case when ${restart} then 0 else rate_limits.hits - 1 end`,
            expires_at: sql<Date>`case when ${restart} then excluded.expires_at else rate_limits.expires_at end`,
          }),
        )
        .returning(['key', 'hits', 'expires_at'])
        .execute();
      return rows.map((row) => state(row, at));
    } catch (err) {
      throw unavailable(err, sorted.map((e) => e.key.split(':')[0]).join(', '));
    }
  }

  return {
    /** Counts one hit on each entry: their hits and time left afterwards. */
    hit: (entries: CounterEntry[]) => add(entries, 1),
    /** Takes one hit back from each entry (an attempt that turned out not to count). */
    takeBack: (entries: CounterEntry[]) => add(entries, -1),
    /** The hits of a running window, without counting (0 hits when there is none). */
    async read(key: string): Promise<CounterState> {
      const at = now();
      try {
        const row = await db.selectFrom('rate_limits').select(['key', 'hits', 'expires_at']).where('key', '=', key).where('expires_at', '>', at).executeTakeFirst();
        return row ? state(row, at) : { key, hits: 0, ttlMs: 0 };
      } catch (err) {
        throw unavailable(err, key.split(':')[0] ?? key);
      }
    },
    /** Deletes up to PRUNE_BATCH counters whose window has ended; answers how many. */
    async prune(): Promise<number> {
      const result = await sql`
        delete from rate_limits where key in (
          select key from rate_limits where expires_at <= ${now()} order by expires_at limit ${PRUNE_BATCH} for update skip locked
        )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export type Counters = ReturnType<typeof createCounters>;

/** What @fastify/rate-limit calls a store (its types name only incr and child; read serves `{ increment: false }`). */
interface RateLimitStore {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max?: number): void;
  child(routeOptions: { limitName?: unknown; routeInfo?: { method?: unknown; url?: unknown } }): RateLimitStore;
}

/**
 * The @fastify/rate-limit `store` option: a class over `counters`. Each limit gets a child named by its `limitName`
 * option (createRequestLimit) or, for a route's `config.rateLimit`, by the route's method and path, so that two limits
 * keyed by the same address keep separate counts.
 */
export function databaseStore(counters: Counters): FastifyRateLimitStoreCtor {
  const forLimit = (name: string | null): RateLimitStore => ({
    incr(key, callback, timeWindow) {
      if (name === null) return callback(new Error('A rate limit needs a name (limitName) or a route.'));
      counters.hit([{ key: counterKey(name, key), windowMs: timeWindow }]).then(
        ([counted]) => callback(null, { current: counted!.hits, ttl: counted!.ttlMs }),
        (err: Error) => callback(err),
      );
    },
    read(key, callback) {
      if (name === null) return callback(new Error('A rate limit needs a name (limitName) or a route.'));
      counters.read(counterKey(name, key)).then(
        (found) => callback(null, { current: found.hits, ttl: found.ttlMs }),
        (err: Error) => callback(err),
      );
    },
    child(routeOptions) {
      const { limitName, routeInfo } = routeOptions;
      if (typeof limitName === 'string') return forLimit(limitName);
      if (typeof routeInfo?.method === 'string' && typeof routeInfo.url === 'string') return forLimit(`${routeInfo.method} ${routeInfo.url}`);
      throw new Error('A rate limit needs a name (limitName) or a route.');
    },
  });
  // Called with `new` by the plugin; an object returned from a constructor is the instance. The plugin's own instance
  // (global limits) is never used: every limit here is a route's or a named one.
  return function DatabaseRateLimitStore() {
    return forLimit(null);
  } as unknown as FastifyRateLimitStoreCtor;
}
