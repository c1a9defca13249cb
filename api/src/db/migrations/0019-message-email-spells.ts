/**
 * Emails about unread messages: one per unread spell. A spell runs from the first message one person sends
 * another that the receiver has not read until the receiver opens the thread; it is named by that first
 * unread message. A row here says the spell's email has gone out, so a job for the same spell (enqueued
 * again by a later message, or run again after a crash) sends nothing more. Deleting either account, or the
 * message, takes the row.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table message_email_spells (
      receiver_id integer not null references users (id) on delete cascade,
      sender_id integer not null references users (id) on delete cascade,
      first_message_id integer not null references messages (id) on delete cascade,
      sent_at timestamptz not null default now(),
      primary key (receiver_id, sender_id, first_message_id)
    )
  `.execute(db);
  // Deleting a sender's account or a message cascades here: index those foreign keys.
  await sql`create index message_email_spells_by_sender on message_email_spells (sender_id)`.execute(db);
  await sql`create index message_email_spells_by_message on message_email_spells (first_message_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table message_email_spells`.execute(db);
}
