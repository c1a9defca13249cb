/**
 * The counts behind the automatic canary guard: page loads and failures of
 * each remote version per minute (table remote_loads, migration 0022). Every
 * report is one upsert into its minute's row, so any number of API instances
 * add to the same rows, and the guard on any instance reads the same figures.
 *
 * A page load is a report of a page that rendered (`loads`, weighted: the shell
 * reports every load of a canary version but only a sample of a stable
 * version's, so a stable report stands for 1/REMOTE_LOAD_SAMPLE_RATE loads)
 * or of one that failed (`failures`, every one). A version's failure rate is
 * failures / (loads + failures).
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { readCanaryHealth as readHealth, type VersionFigures } from '../../../../scripts/canary-health.mjs';
import type { DB } from '../../db/types.ts';

/** Rows older than this are deleted by the guard: a canary judged over a longer span is judged on its last month. */
export const REMOTE_LOADS_KEPT_DAYS = 30;

const MINUTE_MS = 60_000;

/** The start of the minute `at` is in: the row a report counts into. */
export const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/** Adds `loads` (weighted) and `failures` to the remote version's row of the minute of `at`. */
export async function countRemoteLoad(
  db: Kysely<DB>,
  { remote, version, at, loads = 0, failures = 0 }: { remote: string; version: string; at: Date; loads?: number; failures?: number },
): Promise<void> {
  await db
    .insertInto('remote_loads')
    .values({ remote, version, minute: minuteOf(at), loads, failures })
    .onConflict((oc) =>
      oc.columns(['remote', 'version', 'minute']).doUpdateSet({
        loads: sql<number>`remote_loads.loads + excluded.loads`,
        failures: sql<number>`remote_loads.failures + excluded.failures`,
      }),
    )
    .execute();
}

export interface CanaryHealth {
  canary: VersionFigures;
  stable: VersionFigures;
  /** The canary's failure rate minus the stable version's, in percentage points. */
  extraFailureRate: number;
}

/**
 * How a canary is doing: its figures and the stable version's over the same period (since the canary began).
 * The guard judges by this, and `npm run releases` shows it: both read it with the one query of
 * scripts/canary-health.mjs, here through this database (PGlite or PostgreSQL).
 */
export async function readCanaryHealth(
  db: Kysely<DB>,
  { remote, stableVersion, canaryVersion, since }: { remote: string; stableVersion: string; canaryVersion: string; since: Date },
): Promise<CanaryHealth> {
  const query = (text: string, values: unknown[]) => db.executeQuery(CompiledQuery.raw(text, values));
  const { canary, stable } = await readHealth(query, { remote, stableVersion, canaryVersion, since: since.toISOString() });
  return { canary, stable, extraFailureRate: canary.failureRate - stable.failureRate };
}

/** Deletes the rows of minutes before `before`; answers how many. */
export async function pruneRemoteLoads(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom('remote_loads').where('minute', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
