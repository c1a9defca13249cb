/**
 * Sending a message: every rule a message must pass, checked in the one transaction that stores it, in this order
 * (the route has answered input errors, 400, before):
 *
 *   1. the receiver exists (else null: the route answers 404) and is not suspended (403 TRUST_TEXTS.recipientInactive);
 *   2. neither has blocked the other (403: the blocker is told TRUST_TEXTS.blocked, with how to unblock; the person
 *      blocked TRUST_TEXTS.blockedYou, which says no more than that the message was not delivered);
 *   3. a message that would start a conversation (neither side has written to the other) passes the plan's monthly
 *      rule (quota.ts, 403) and the new-account daily rule (new-account-limit.ts, 429). Replies pass both always.
 *
 * Concurrency:
 *   - Blocks: the transaction holds the pair's advisory lock, shared, from the block check to its commit; blocking
 *     and unblocking take it exclusively (blocks/repository.ts). So a block and a send racing are ordered: the send
 *     either commits before the block does (history, delivered before the block answered) or is checked after it and
 *     refused. Nothing is stored after a block has answered.
 *   - Limits: a message that may start a conversation locks the sender's row (FOR NO KEY UPDATE) and counts under
 *     it, so a sender's sends that could start conversations run one at a time and parallel ones cannot pass a limit
 *     together. That lock does not conflict with the key-share locks other people's messages to the sender take
 *     through the foreign keys, so nobody else is held up.
 *
 * `onStored` runs in the transaction that stores the message (the job of the email about it is written there, so it
 * exists exactly when the message does).
 */
import { TRUST_TEXTS } from '@roomnest/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { blockBetween, lockPair } from '../blocks/repository.ts';
import { checkNewAccountLimit, type NewAccountRule } from './new-account-limit.ts';
import { checkPlanLimit } from './quota.ts';
import { findReceiver, hasConversation, insertMessage, lockSender } from './repository.ts';

export interface SendRules {
  newAccount: NewAccountRule;
  /** The app's clock: the London month and day the limits count in, and the account's age. */
  now: Date;
}

/**
 * Stores a message from `senderId` to `receiver` under the rules above; answers its id, or null when the receiver
 * (or the sender) does not exist. A receiver deleted after the check is the insert's foreign-key violation, thrown
 * for the caller to map.
 */
export async function sendMessage(
  db: Kysely<DB>,
  senderId: number,
  receiver: number,
  content: string,
  listingId: number | null,
  rules: SendRules,
  onStored: (trx: Transaction<DB>, messageId: number) => Promise<unknown>,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await lockPair(trx, senderId, receiver, 'shared');
    const to = await findReceiver(trx, receiver);
    if (!to) return null;
    if (to.suspended_at !== null) throw new HttpError(403, TRUST_TEXTS.recipientInactive);
    const blocked = await blockBetween(trx, senderId, receiver);
    if (blocked === 'you-blocked') throw new HttpError(403, TRUST_TEXTS.blocked);
    if (blocked === 'blocked-you') throw new HttpError(403, TRUST_TEXTS.blockedYou);

    if (!(await hasConversation(trx, senderId, receiver))) {
      const me = await lockSender(trx, senderId);
      if (!me) return null; // the sender's account was deleted this very moment
      // Checked again under the lock: the receiver may have written first meanwhile, or another send of the caller's started it.
      if (!(await hasConversation(trx, senderId, receiver))) {
        await checkPlanLimit(trx, senderId, me, rules.now);
        await checkNewAccountLimit(trx, senderId, me.created_at, rules.newAccount, rules.now);
      }
    }

    const id = await insertMessage(trx, senderId, receiver, content, listingId);
    await onStored(trx, id);
    return id;
  });
}
