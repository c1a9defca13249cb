/**
 * Live-stream tickets are single use (features/messages/tickets.ts): opening a
 * stream records the ticket's random nonce here first, and a nonce already
 * here means the ticket was used, by this API instance or another one on the
 * same database. Rows outlive their ticket by a few minutes only (each use
 * deletes the long-expired ones), so the table holds the last few minutes'
 * tickets. No foreign key: a deleted account's tickets are refused by the
 * token check before they get here, and its rows go with the others.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stream_ticket_uses (
      nonce text primary key,
      user_id integer not null,
      expires_at timestamptz not null,
      used_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index stream_ticket_uses_by_expiry on stream_ticket_uses (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stream_ticket_uses`.execute(db);
}
