/**
 * Verification emails asked for again (Resend on the banner): one row per request, so that the limit of
 * VERIFY_RESEND_MAX_PER_HOUR holds across every API instance and restart. The resend counts the person's rows of
 * the last hour under the user row's lock and deletes the older ones in the same transaction, so the table holds
 * at most an hour of requests. The verification links themselves are signed, not stored (features/email-verification).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table verification_resends (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      requested_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index verification_resends_by_user on verification_resends (user_id, requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table verification_resends`.execute(db);
}
