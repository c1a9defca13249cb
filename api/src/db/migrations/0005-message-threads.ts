/**
 * Indexes for conversations and threads: a pair's messages in id order from
 * either side (thread, last message per partner, stream replay), and the
 * unread messages per sender for the conversation list's counts.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index messages_by_sender_pair on messages (sender_id, receiver_id, id)`.execute(db);
  await sql`create index messages_by_receiver_pair on messages (receiver_id, sender_id, id)`.execute(db);
  await sql`create index messages_unread_by_receiver_sender on messages (receiver_id, sender_id) where read_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index messages_unread_by_receiver_sender`.execute(db);
  await sql`drop index messages_by_receiver_pair`.execute(db);
  await sql`drop index messages_by_sender_pair`.execute(db);
}
