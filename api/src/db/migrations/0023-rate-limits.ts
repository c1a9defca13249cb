/**
 * Rate-limit counters, kept in the database so that every limit holds across API instances and restarts: one row
 * per limit and caller (`key`: the limit's name and a SHA-256 of the caller's key, so no address or email is kept
 * in clear and no key is too long for the index), the hits counted in the current window and when that window ends.
 * A request is counted by one upsert (plugins/rate-limit-store.ts); rows whose window has ended are deleted in
 * small batches on a timer, through the index on `expires_at`.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limits (
      key text collate "C" primary key,
      hits integer not null,
      expires_at timestamptz not null
    )
  `.execute(db);
  await sql`create index rate_limits_by_expiry on rate_limits (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
