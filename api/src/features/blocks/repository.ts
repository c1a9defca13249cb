/**
 * Blocks (table blocks, migration 0020): blocker_id has blocked blocked_id. Either direction stops messages both
 * ways (messages/send.ts), the live stream between the two (messages/live.ts) and the emails about their messages
 * (notifications/message-email.ts); the blocker's conversation list and unread count leave the blocked person out.
 *
 * A block and a send of the same pair meet on the pair's advisory lock (`lockPair`): a send holds it shared from
 * its check to its commit, a block or unblock exclusively, so a message is either committed before the block
 * commits (and is history) or checked after it (and refused). Never delivered after a block answered.
 */
import type { BlockedUser } from '@roomnest/shared';
import { sql, type Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { findPartner } from '../messages/repository.ts';

/**
 * Takes the transaction-scoped advisory lock of the pair {a, b}, in the two-key space (which the single-key locks,
 * such as the seed's, never meet): shared for a send, exclusive for a block or an unblock.
 */
export async function lockPair(trx: Executor, a: number, b: number, mode: 'shared' | 'exclusive'): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(${low}::int, ${high}::int)`.execute(trx);
  else await sql`select pg_advisory_xact_lock(${low}::int, ${high}::int)`.execute(trx);
}

/** Who blocked whom between `me` and `other`: 'you-blocked' when `me` blocked `other` (whatever the other did), 'blocked-you' when only `other` blocked `me`. */
export type BlockBetween = 'you-blocked' | 'blocked-you' | null;

export async function blockBetween(db: Executor, me: number, other: number): Promise<BlockBetween> {
  const rows = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', me), eb('blocked_id', '=', other)]), eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', me)])]))
    .execute();
  if (rows.some((r) => r.blocker_id === me)) return 'you-blocked';
  return rows.length ? 'blocked-you' : null;
}

export type BlockOutcome = 'blocked' | 'not-found';

/**
 * `blocker` blocks `blocked`; idempotent (a second block keeps the first's time, so the list does not reorder).
 * Only someone the blocker may know (messages either way, a public landlord or listed flatmate: the chat header's
 * rule) or has blocked already; anyone else is 'not-found', as an id that does not exist.
 */
export async function block(db: Kysely<DB>, blocker: number, blocked: number): Promise<BlockOutcome> {
  return db.transaction().execute(async (trx) => {
    await lockPair(trx, blocker, blocked, 'exclusive');
    const existing = await trx.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).executeTakeFirst();
    if (existing) return 'blocked';
    // Both accounts' rows key-share locked before they are read, as the insert's foreign keys would lock them: an
    // account being deleted is waited for and then not found, instead of failing the insert; one deleted after
    // waits for this transaction and cascades to the block.
    const accounts = await trx.selectFrom('users').select('id').where('id', 'in', [blocker, blocked]).forKeyShare().execute();
    if (accounts.length < 2) return 'not-found';
    if (!(await findPartner(trx, blocker, blocked))) return 'not-found';
    await trx.insertInto('blocks').values({ blocker_id: blocker, blocked_id: blocked }).onConflict((oc) => oc.doNothing()).execute();
    return 'blocked';
  });
}

/** `blocker` unblocks `blocked`; true when there was a block. */
export async function unblock(db: Kysely<DB>, blocker: number, blocked: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockPair(trx, blocker, blocked, 'exclusive');
    const result = await trx.deleteFrom('blocks').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The people `blocker` has blocked, most recently blocked first. */
export async function blockedUsers(db: Executor, blocker: number): Promise<BlockedUser[]> {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id', 'users.name'])
    .where('blocks.blocker_id', '=', blocker)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('blocks.blocked_id', 'desc')
    .execute();
  return rows.map((r) => ({ UserID: r.id, Name: r.name }));
}
