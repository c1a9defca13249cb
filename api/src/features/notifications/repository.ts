/**
 * The SQL of notification emails: what the job about an unread spell reads and
 * records.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/** The first message `sender` sent `receiver` that is still unread: the spell's name (null: all read). */
export async function firstUnreadMessageId(db: Executor, receiver: number, sender: number): Promise<number | null> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('receiver_id', '=', receiver)
    .where('sender_id', '=', sender)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the email of the spell named by `firstMessageId` has gone out. */
export async function spellEmailed(db: Executor, receiver: number, sender: number, firstMessageId: number): Promise<boolean> {
  const row = await db
    .selectFrom('message_email_spells')
    .select('first_message_id')
    .where('receiver_id', '=', receiver)
    .where('sender_id', '=', sender)
    .where('first_message_id', '=', firstMessageId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that the spell's email has gone out; answers false when it already was (another run got there first). */
export async function recordSpellEmailed(db: Executor, receiver: number, sender: number, firstMessageId: number, at: Date): Promise<boolean> {
  const { rows } = await sql<{ first_message_id: number }>`
    insert into message_email_spells (receiver_id, sender_id, first_message_id, sent_at)
    values (${receiver}, ${sender}, ${firstMessageId}, ${at})
    on conflict do nothing
    returning first_message_id
  `.execute(db);
  return rows.length > 0;
}

export interface UnreadSpell {
  /** The first unread message: still unread, still there. */
  content: string;
  receiverEmail: string;
  receiverName: string;
  emailOnMessage: boolean;
  senderName: string;
  /** Messages of the spell unread now (the first and any after it). */
  unread: number;
}

/**
 * What the email about a spell needs, in one read: null when the spell's first message has been read or
 * deleted, or either account is gone (a deleted account's messages go with it).
 */
export async function findUnreadSpell(db: Executor, receiver: number, sender: number, firstMessageId: number): Promise<UnreadSpell | null> {
  const { rows } = await sql<{ content: string; receiver_email: string; receiver_name: string; email_on_message: boolean; sender_name: string; unread: number }>`
    select m.content, r.email as receiver_email, r.name as receiver_name, r.email_on_message, s.name as sender_name,
      (select count(*) from messages u where u.receiver_id = m.receiver_id and u.sender_id = m.sender_id and u.read_at is null and u.id >= m.id)::int as unread
    from messages m
    join users r on r.id = m.receiver_id
    join users s on s.id = m.sender_id
    where m.id = ${firstMessageId} and m.receiver_id = ${receiver} and m.sender_id = ${sender} and m.read_at is null
  `.execute(db);
  const row = rows[0];
  return row
    ? {
        content: row.content,
        receiverEmail: row.receiver_email,
        receiverName: row.receiver_name,
        emailOnMessage: row.email_on_message,
        senderName: row.sender_name,
        unread: Number(row.unread),
      }
    : null;
}
