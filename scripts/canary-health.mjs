/**
 * A canary's health for `npm run releases`: the page loads and failures of the
 * canary and of the stable version since the canary began, from the counts
 * the API keeps in PostgreSQL (table remote_loads: one row per remote, version
 * and minute; `loads` weighted for the sampled stable reports, `failures`
 * every one), which the automatic guard judges by too.
 *
 * Read straight from PostgreSQL (DATABASE_URL), as operations run it. With
 * the embedded PGlite database there is nothing to read from here: its data
 * folder belongs to the running server alone, so the command says so.
 */
import { Client } from 'pg';

/** One version's figures: page loads (successful, weighted, plus failed), failures, and the failure rate in percent. */
function figures(row) {
  const failures = Number(row?.failures ?? 0);
  const total = Number(row?.loads ?? 0) + failures;
  return { pageLoads: Math.round(total), failures, failureRate: total > 0 ? (failures / total) * 100 : 0 };
}

/**
 * The figures of `canaryVersion` and `stableVersion` of `remote` from the minute of `since` on, read with
 * `query` (a pg client's or pool's). Returns `{ canary, stable }`.
 */
export async function readCanaryHealth(query, { remote, stableVersion, canaryVersion, since }) {
  const { rows } = await query(
    `select version, coalesce(sum(loads), 0)::double precision as loads, coalesce(sum(failures), 0)::double precision as failures
       from remote_loads
      where remote = $1 and version = any($2::text[]) and minute >= date_trunc('minute', $3::timestamptz)
      group by version`,
    [remote, [stableVersion, canaryVersion], since],
  );
  const of = (version) => figures(rows.find((row) => row.version === version));
  return { canary: of(canaryVersion), stable: of(stableVersion) };
}

/**
 * The health of each canary, by remote; or `{ unavailable: <one sentence> }` when it cannot be read.
 * `canaries`: `[{ remote, stableVersion, canaryVersion, since }]`.
 */
export async function canaryHealthFromDatabase(databaseUrl, canaries) {
  if (canaries.length === 0) return { byRemote: {} };
  if (!databaseUrl) {
    return { unavailable: 'Health: not shown, since the embedded database belongs to the running server; set DATABASE_URL to read it from PostgreSQL.' };
  }
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  try {
    await client.connect();
    const byRemote = {};
    for (const canary of canaries) byRemote[canary.remote] = await readCanaryHealth((text, values) => client.query(text, values), canary);
    return { byRemote };
  } catch (err) {
    return { unavailable: `Health: could not be read from PostgreSQL (${err.message}).` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

const rate = (f) => `${f.failureRate.toFixed(1)}%`;
const n = (value) => value.toLocaleString('en-GB');

/** One line: `canary 120 page loads, 3 failures (2.5%); stable 1,200 page loads, 6 failures (0.5%)`. */
export function describeHealth({ canary, stable }) {
  return `canary ${n(canary.pageLoads)} page loads, ${n(canary.failures)} failures (${rate(canary)}); stable ${n(stable.pageLoads)} page loads, ${n(stable.failures)} failures (${rate(stable)})`;
}
