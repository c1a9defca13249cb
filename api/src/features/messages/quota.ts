/**
 * The Free plan's messaging rule: a member without the unlimited-messages
 * upgrade may start conversations with 2 new people a calendar month (London
 * time); replying in, or carrying on, a conversation that already exists is
 * always free.
 *
 * A conversation is a pair of people. The caller started it when the pair's
 * first message (by id, the order messages were stored in) is the caller's; it
 * counts in the month that message was sent.
 *
 * Checked by send.ts, in the transaction that stores the message, under the lock of the sender's row (see there);
 * the new-account rule (new-account-limit.ts) is checked beside it.
 */
import { londonMonthStart, newConversationLimit, nextLondonMonthFirst, PLAN_TEXTS, type PlanName } from '@roomnest/shared';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { conversationsStartedSince } from './repository.ts';

/** The caller's limit of new conversations this month (null: unlimited) and how many are used. */
export async function newConversationUsage(db: Kysely<DB>, userId: number, plan: PlanName, unlimitedMessages: boolean, now = new Date()) {
  const limit = newConversationLimit(plan, unlimitedMessages);
  const started = await conversationsStartedSince(db, userId, londonMonthStart(now));
  return { limit, started, remaining: limit === null ? null : Math.max(0, limit - started), resetsOn: nextLondonMonthFirst(now) };
}

/**
 * The plan's rule for a message that would start a conversation: 403 with the reason when the sender has started
 * as many this month as the plan allows. `trx` holds the sender's row lock.
 */
export async function checkPlanLimit(trx: Executor, senderId: number, account: { plan: PlanName; unlimited_messages: boolean }, now: Date): Promise<void> {
  const limit = newConversationLimit(account.plan, account.unlimited_messages);
  if (limit === null) return;
  if ((await conversationsStartedSince(trx, senderId, londonMonthStart(now))) >= limit) {
    throw new HttpError(403, PLAN_TEXTS.newConversationLimitReached(nextLondonMonthFirst(now)));
  }
}
