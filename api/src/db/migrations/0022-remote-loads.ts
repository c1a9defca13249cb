/**
 * Page loads and failures of each remote module version, counted per minute, for the automatic canary guard
 * (features/client-errors/canary-guard.ts): it compares a canary's failure rate with the stable version's over the
 * same minutes. One row per remote, version and minute, added to with an upsert, so every API instance counts into
 * the same rows with one small write per report. `loads` is weighted (a sampled report of a stable version counts
 * 1/REMOTE_LOAD_SAMPLE_RATE loads), hence not a whole number. The guard deletes rows older than REMOTE_LOADS_KEPT_DAYS.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table remote_loads (
      remote text not null,
      version text not null,
      minute timestamptz not null,
      loads double precision not null default 0,
      failures integer not null default 0,
      primary key (remote, version, minute)
    )
  `.execute(db);
  await sql`create index remote_loads_by_minute on remote_loads (minute)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table remote_loads`.execute(db);
}
