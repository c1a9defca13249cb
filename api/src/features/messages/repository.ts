/** The messages feature's database reads and writes (the caller is always one side of a pair). */
import { asksForMoneyBeforeViewing, type Conversation, type Message } from '@roomnest/shared';
import { sql, type Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { IS_PUBLIC } from '../listings/repository.ts';

interface MessageJoinRow {
  id: number;
  sender_id: number;
  receiver_id: number;
  content: string;
  sent_at: Date;
  read_at: Date | null;
  sender_name: string;
  receiver_name: string;
  listing_id: number | null;
  listing_title: string | null;
}

export const toMessage = (r: MessageJoinRow): Message => ({
  MessageID: r.id,
  SenderID: r.sender_id,
  ReceiverID: r.receiver_id,
  MessageContent: r.content,
  SentAt: new Date(r.sent_at).toISOString(),
  SenderName: r.sender_name,
  ReceiverName: r.receiver_name,
  ReadAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  ListingID: r.listing_id,
  ListingTitle: r.listing_title,
  // Read from the text each time a Message is built (thread, send answer, stream, replay), so a change to the rules
  // applies to every message at once and nothing is stored that could disagree with them.
  SafetyWarning: asksForMoneyBeforeViewing(r.content),
});

/** Messages with both names and the room's current title, for the thread, the send answer and the stream. */
function messagesWithNames(db: Kysely<DB>) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .innerJoin('users as r', 'r.id', 'm.receiver_id')
    .leftJoin('listings as l', 'l.id', 'm.listing_id')
    .select([
      'm.id',
      'm.sender_id',
      'm.receiver_id',
      'm.content',
      'm.sent_at',
      'm.read_at',
      's.name as sender_name',
      'r.name as receiver_name',
      'm.listing_id',
      'l.title as listing_title',
    ]);
}

/**
 * Whether `sender` may say a message to `receiver` is about listing `listingId`: the listing must be the
 * receiver's, and either public (an enquiry from its page) or already the subject of the pair's conversation,
 * so a conversation about a room that has since gone Pending or expired can carry on about it.
 */
export async function mayReferToListing(db: Executor, sender: number, receiver: number, listingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('listings')
    .select(sql.lit(1).as('one'))
    .where('listings.id', '=', listingId)
    .where('listings.landlord_id', '=', receiver)
    .where((eb) =>
      eb.or([
        IS_PUBLIC,
        eb.exists(
          eb
            .selectFrom('messages')
            .select(sql.lit(1).as('one'))
            .where('messages.listing_id', '=', listingId)
            .where((m) =>
              m.or([
                m.and([m('messages.sender_id', '=', sender), m('messages.receiver_id', '=', receiver)]),
                m.and([m('messages.sender_id', '=', receiver), m('messages.receiver_id', '=', sender)]),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's token version (bumped by a password reset, which signs out every session); undefined when the account is gone. */
export async function findTokenVersion(db: Kysely<DB>, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('token_version').where('id', '=', id).executeTakeFirst();
  return row?.token_version;
}

export async function findUser(db: Kysely<DB>, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'profile_picture_url']).where('id', '=', id).executeTakeFirst();
}

/**
 * The user `id` as the chat header shows them to `me`, only when `me` may know them: someone `me` has messages
 * with (either way), or someone public (a landlord with a listing in search, a listed flatmate profile), or `me`.
 * Anyone else is undefined, as an id that does not exist: the name and picture of any account are nobody's business.
 */
export async function findPartner(db: Executor, me: number, id: number) {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.profile_picture_url', 'users.email_verified_at'])
    .where('users.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('users.id', '=', me),
        eb.and([eb('users.is_actively_looking', '=', true), eb('users.suspended_at', 'is', null)]),
        eb.exists(eb.selectFrom('listings').select(sql.lit(1).as('one')).whereRef('listings.landlord_id', '=', 'users.id').where(IS_PUBLIC)),
        eb.exists(
          eb
            .selectFrom('messages')
            .select(sql.lit(1).as('one'))
            .where((m) =>
              m.or([
                m.and([m('messages.sender_id', '=', me), m('messages.receiver_id', '=', id)]),
                m.and([m('messages.sender_id', '=', id), m('messages.receiver_id', '=', me)]),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

/**
 * The caller's conversations, newest first, in one statement: the last message
 * per partner (DISTINCT ON over the caller's messages from either side, each
 * side served by its pair index), the unread count per partner (partial index),
 * and the partner's name and picture. A partner the caller has blocked is left
 * out (the person blocked still sees the conversation: they are not told).
 */
export async function listConversations(db: Kysely<DB>, me: number): Promise<Conversation[]> {
  const { rows } = await sql<{
    partner_id: number;
    partner_name: string;
    partner_picture: string | null;
    partner_verified: boolean;
    content: string;
    sender_id: number;
    sent_at: Date;
    unread: number;
    listing_id: number | null;
    listing_title: string | null;
    listing_thumb: string | null;
  }>`
    with mine as (
      select id, sender_id, receiver_id as partner_id, content, sent_at from messages where sender_id = ${me}
      union all
      select id, sender_id, sender_id as partner_id, content, sent_at from messages where receiver_id = ${me} and sender_id <> ${me}
    ),
    last as (
      select distinct on (partner_id) partner_id, id, sender_id, content, sent_at from mine order by partner_id, id desc
    ),
    unread as (
      select sender_id as partner_id, count(*)::int as unread from messages
      where receiver_id = ${me} and read_at is null group by sender_id
    )
    select last.partner_id, u.name as partner_name, u.profile_picture_url as partner_picture,
           u.email_verified_at is not null as partner_verified,
           last.content, last.sender_id, last.sent_at, coalesce(unread.unread, 0)::int as unread,
           room.id as listing_id, room.title as listing_title, room.thumb_path as listing_thumb
    from last
    join users u on u.id = last.partner_id
    left join unread on unread.partner_id = last.partner_id
    -- The room the conversation is about: that of its latest message naming one (a deleted room names none).
    left join lateral (
      select l.id, l.title, l.thumb_path from messages m join listings l on l.id = m.listing_id
      where m.listing_id is not null
        and ((m.sender_id = ${me} and m.receiver_id = last.partner_id) or (m.sender_id = last.partner_id and m.receiver_id = ${me}))
      order by m.id desc limit 1
    ) room on true
    where not exists (select 1 from blocks b where b.blocker_id = ${me} and b.blocked_id = last.partner_id)
    order by last.id desc`.execute(db);
  return rows.map((r) => ({
    PartnerID: r.partner_id,
    PartnerName: r.partner_name,
    PartnerProfilePictureURL: r.partner_picture,
    PartnerEmailVerified: r.partner_verified,
    LastMessage: r.content,
    LastMessageSenderID: r.sender_id,
    LastMessageSentAt: new Date(r.sent_at).toISOString(),
    UnreadCount: Number(r.unread),
    ListingID: r.listing_id,
    ListingTitle: r.listing_title,
    ListingThumbUrl: r.listing_thumb,
  }));
}

/** Marks what `partner` sent to `me` read; answers how many messages that was and when. */
export async function markThreadRead(db: Kysely<DB>, me: number, partner: number): Promise<{ count: number; readAt: Date | null }> {
  const rows = await db
    .updateTable('messages')
    .set({ read_at: sql<Date>`now()` })
    .where('receiver_id', '=', me)
    .where('sender_id', '=', partner)
    .where('read_at', 'is', null)
    .returning('read_at')
    .execute();
  return { count: rows.length, readAt: rows[0]?.read_at ?? null };
}

/** The thread between `me` and `partner`, oldest first. */
export async function readThread(db: Kysely<DB>, me: number, partner: number): Promise<Message[]> {
  const rows = await messagesWithNames(db)
    .where((eb) =>
      eb.or([
        eb.and([eb('m.sender_id', '=', me), eb('m.receiver_id', '=', partner)]),
        eb.and([eb('m.sender_id', '=', partner), eb('m.receiver_id', '=', me)]),
      ]),
    )
    .orderBy('m.id', 'asc')
    .execute();
  return rows.map(toMessage);
}

/** The latest `limit` messages between `a` and `b`, oldest first (a report made in a chat keeps them). */
export async function latestThread(db: Kysely<DB>, a: number, b: number, limit: number): Promise<Message[]> {
  const rows = await messagesWithNames(db)
    .where((eb) =>
      eb.or([
        eb.and([eb('m.sender_id', '=', a), eb('m.receiver_id', '=', b)]),
        eb.and([eb('m.sender_id', '=', b), eb('m.receiver_id', '=', a)]),
      ]),
    )
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  return rows.toReversed().map(toMessage);
}

export async function insertMessage(db: Executor, sender: number, receiver: number, content: string, listingId: number | null = null): Promise<number> {
  const { id } = await db
    .insertInto('messages')
    .values({ sender_id: sender, receiver_id: receiver, content, listing_id: listingId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findMessage(db: Kysely<DB>, id: number): Promise<Message | undefined> {
  const row = await messagesWithNames(db).where('m.id', '=', id).executeTakeFirst();
  return row ? toMessage(row) : undefined;
}

/**
 * The user's messages (either side) after `afterId`, oldest first: the stream's replay after a reconnect. Like the
 * live stream, it carries nothing between two people where either has blocked the other.
 */
export async function messagesAfter(db: Kysely<DB>, userId: number, afterId: number, limit: number): Promise<Message[]> {
  const rows = await messagesWithNames(db)
    .where((eb) => eb.or([eb('m.sender_id', '=', userId), eb('m.receiver_id', '=', userId)]))
    .where('m.id', '>', afterId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select(sql.lit(1).as('one'))
            .where((w) =>
              w.or([
                w.and([w('b.blocker_id', '=', w.ref('m.sender_id')), w('b.blocked_id', '=', w.ref('m.receiver_id'))]),
                w.and([w('b.blocker_id', '=', w.ref('m.receiver_id')), w('b.blocked_id', '=', w.ref('m.sender_id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('m.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toMessage);
}

/** The user's unread received messages, leaving out those from people the user has blocked. */
export async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('receiver_id', '=', userId)
    .where('read_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('blocks').select(sql.lit(1).as('one')).where('blocks.blocker_id', '=', userId).whereRef('blocks.blocked_id', '=', 'messages.sender_id'),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether either of the two has written to the other (each side read through its pair index). */
export async function hasConversation(db: Executor, a: number, b: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from messages where sender_id = ${a} and receiver_id = ${b})
        or exists (select 1 from messages where sender_id = ${b} and receiver_id = ${a}) as found`.execute(db);
  return Boolean(rows[0]?.found);
}

/**
 * How many people `me` started a conversation with since `since`: the receivers of `me`'s messages sent
 * since then whose pair holds no earlier message, either way.
 */
export async function conversationsStartedSince(db: Executor, me: number, since: Date): Promise<number> {
  const { rows } = await sql<{ started: number }>`
    select count(*)::int as started
    from (
      select receiver_id, min(id) as first_id from messages
      where sender_id = ${me} and sent_at >= ${since}
      group by receiver_id
    ) mine
    where not exists (select 1 from messages m where m.sender_id = ${me} and m.receiver_id = mine.receiver_id and m.id < mine.first_id)
      and not exists (select 1 from messages m where m.sender_id = mine.receiver_id and m.receiver_id = ${me} and m.id < mine.first_id)`.execute(db);
  return Number(rows[0]?.started ?? 0);
}

/**
 * The sender's row, locked (FOR NO KEY UPDATE) for the rest of the transaction, with what the rules on new
 * conversations read: the plan, the unlimited-messages upgrade and the account's age. Undefined when the account is gone.
 */
export function lockSender(trx: Executor, id: number) {
  return trx.selectFrom('users').select(['plan', 'unlimited_messages', 'created_at']).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** Whether the receiver exists and is suspended (a suspended person receives nothing); undefined when the account is gone. */
export function findReceiver(trx: Executor, id: number) {
  return trx.selectFrom('users').select(['id', 'suspended_at']).where('id', '=', id).executeTakeFirst();
}
