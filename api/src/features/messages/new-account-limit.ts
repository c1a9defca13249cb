/**
 * The new-account rule, against accounts made to send scams: an account younger than NEW_ACCOUNT_DAYS (default 7)
 * may start at most NEW_ACCOUNT_CONVERSATIONS_PER_DAY (default 5) new conversations a London calendar day. A new
 * conversation is a first message to someone neither side has written to before (the same reading as the plan's
 * rule, quota.ts); replies and conversations already started are never limited, whatever the account's age.
 * Over the limit: 429 with TRUST_TEXTS.newAccountConversationLimit (how many, and that it resets at midnight UK time).
 *
 * Checked by send.ts in the transaction that stores the message, under the lock of the sender's row, so parallel
 * first messages of one sender are counted one after another and cannot pass the limit together.
 */
import { londonHour, londonToday, TRUST_TEXTS } from '@roomnest/shared';
import type { Executor } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { conversationsStartedSince } from './repository.ts';

export interface NewAccountRule {
  /** NEW_ACCOUNT_DAYS: how long an account counts as new; 0 turns the rule off. */
  days: number;
  /** NEW_ACCOUNT_CONVERSATIONS_PER_DAY: new conversations a new account may start a London day. */
  perDay: number;
}

export const DAY_MS = 86_400_000;

/** Whether an account made at `createdAt` is still new at `now`. */
export function isNewAccount(createdAt: Date, rule: NewAccountRule, now: Date): boolean {
  return rule.days > 0 && now.getTime() - new Date(createdAt).getTime() < rule.days * DAY_MS;
}

/** The instant today began in London (midnight UK time, summer time or not). */
export function londonDayStart(now: Date): Date {
  return londonHour(londonToday(now), 0);
}

/** 429 when a new account has started as many conversations today as the rule allows. `trx` holds the sender's row lock. */
export async function checkNewAccountLimit(trx: Executor, senderId: number, createdAt: Date, rule: NewAccountRule, now: Date): Promise<void> {
  if (!isNewAccount(createdAt, rule, now)) return;
  if ((await conversationsStartedSince(trx, senderId, londonDayStart(now))) >= rule.perDay) {
    throw new HttpError(429, TRUST_TEXTS.newAccountConversationLimit(rule.perDay, rule.days));
  }
}
