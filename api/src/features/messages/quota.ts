/**
 * The Free plan's messaging rule: a member without the unlimited-messages
 * upgrade may start conversations with 2 new people a calendar month (London
 * time); replying in, or carrying on, a conversation that already exists is
 * always free.
 *
 * A conversation is a pair of people. The caller started it when the pair's
 * first message (by id, the order messages were stored in) is the caller's; it
 * counts in the month that message was sent.
 */
import { londonMonthStart, newConversationLimit, nextLondonMonthFirst, PLAN_TEXTS, type PlanName } from '@roomnest/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { lockPlan } from '../users/repository.ts';
import { conversationsStartedSince, findUser, hasConversation, insertMessage } from './repository.ts';

export interface Sender {
  id: number;
  plan: PlanName;
}

/** The caller's limit of new conversations this month (null: unlimited) and how many are used. */
export async function newConversationUsage(db: Kysely<DB>, userId: number, plan: PlanName, unlimitedMessages: boolean, now = new Date()) {
  const limit = newConversationLimit(plan, unlimitedMessages);
  const started = await conversationsStartedSince(db, userId, londonMonthStart(now));
  return { limit, started, remaining: limit === null ? null : Math.max(0, limit - started), resetsOn: nextLondonMonthFirst(now) };
}

/**
 * Stores a message from `sender` to `receiver` under the rule above; answers its id, or null when the
 * receiver (or the sender) does not exist. 403 when it would start a conversation over the month's limit.
 * On the paths that do not look the receiver up first, a missing receiver is the insert's foreign-key
 * violation, thrown for the caller to map.
 *
 * Concurrency: a message that may start a conversation is checked and stored in one transaction holding the
 * sender's user row (FOR NO KEY UPDATE), so a sender's sends that could start conversations run one at a time
 * and two at once cannot both pass the limit. The lock does not conflict with the key-share locks that other
 * people's messages to this sender take through the foreign keys, so nobody else is held up.
 *
 * `onStored` runs in the transaction that stores the message (the job of the email about it is written there, so
 * it exists exactly when the message does).
 */
export async function sendUnderQuota(
  db: Kysely<DB>,
  sender: Sender,
  receiver: number,
  content: string,
  listingId: number | null,
  onStored: (trx: Transaction<DB>, messageId: number) => Promise<unknown>,
): Promise<number | null> {
  const insert = async (trx: Transaction<DB>) => {
    const id = await insertMessage(trx, sender.id, receiver, content, listingId);
    await onStored(trx, id);
    return id;
  };
  const store = () => db.transaction().execute(insert);
  // Paid plans never need the count.
  if (newConversationLimit(sender.plan, false) === null) return store();
  if (await hasConversation(db, sender.id, receiver)) return store();
  return db.transaction().execute(async (trx: Transaction<DB>) => {
    const me = await lockPlan(trx, sender.id);
    if (!me) return null; // the sender's account was deleted this very moment
    const limit = newConversationLimit(me.plan, me.unlimited_messages);
    // Checked again under the lock: the receiver may have written first meanwhile, or another send of the caller's started it.
    if (limit !== null && !(await hasConversation(trx, sender.id, receiver))) {
      if (!(await findUser(trx, receiver))) return null;
      const now = new Date();
      if ((await conversationsStartedSince(trx, sender.id, londonMonthStart(now))) >= limit) {
        throw new HttpError(403, PLAN_TEXTS.newConversationLimitReached(nextLondonMonthFirst(now)));
      }
    }
    return insert(trx);
  });
}
