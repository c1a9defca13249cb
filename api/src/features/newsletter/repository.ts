/** The newsletter's statements: one row per address (the unique index on lower(email)), confirmed or waiting. */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/**
 * A waiting sign-up with a new confirmation token: a new row, or the address's row while it is not confirmed yet.
 * Undefined for a confirmed address (its row is left alone). One statement: a sign-up racing another for the same
 * address waits on the unique index, then updates.
 */
export function upsertPendingSubscription(db: Executor, email: string, confirm: { confirm_token_hash: string; confirm_expires_at: Date }) {
  return db
    .insertInto('newsletter_subscriptions')
    .values({ email, ...confirm })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet(confirm).where('newsletter_subscriptions.confirmed_at', 'is', null))
    .returning(['id', 'email'])
    .executeTakeFirst();
}

/** The subscription of a confirmation token, whether it is confirmed already and whether the token is still live. */
export function findByConfirmToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'confirmed_at', sql<boolean>`confirm_expires_at > now()`.as('live')])
    .where('confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Confirms a waiting subscription; undefined when it was confirmed already (of two uses at once, one confirms). */
export function confirmSubscription(db: Executor, id: number) {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ confirmed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Forgets the address; undefined when it is gone already. */
export function deleteSubscription(db: Executor, id: number) {
  return db.deleteFrom('newsletter_subscriptions').where('id', '=', id).returning('id').executeTakeFirst();
}
