/** Email verification's statements: whose address is confirmed, and the resends of the last hour (migration 0021). */
import type { Transaction } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';

/** The account's address and whether it is confirmed; undefined when the account is gone. */
export function findVerification(db: Executor, userId: number): Promise<{ name: string; email: string; email_verified_at: Date | null } | undefined> {
  return db.selectFrom('users').select(['name', 'email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst();
}

/** The same, with the user row locked until the transaction ends: two resends at once count each other. */
export function lockVerification(trx: Transaction<DB>, userId: number): Promise<{ email: string; email_verified_at: Date | null } | undefined> {
  return trx.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

/** Confirms the address, once: answers false when it was already confirmed (or the account is gone). */
export async function markVerified(db: Executor, userId: number, at: Date): Promise<boolean> {
  const result = await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).where('email_verified_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The person's resends since `since`, oldest first (their times), after deleting the older ones: the table keeps
 * only the window the limit looks at.
 */
export async function recentResends(trx: Executor, userId: number, since: Date): Promise<Date[]> {
  await trx.deleteFrom('verification_resends').where('user_id', '=', userId).where('requested_at', '<=', since).execute();
  const rows = await trx.selectFrom('verification_resends').select('requested_at').where('user_id', '=', userId).orderBy('requested_at').execute();
  return rows.map((r) => new Date(r.requested_at));
}

export async function recordResend(trx: Executor, userId: number, at: Date): Promise<number> {
  const { id } = await trx.insertInto('verification_resends').values({ user_id: userId, requested_at: at }).returning('id').executeTakeFirstOrThrow();
  return id;
}
