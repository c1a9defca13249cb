/** The password reset's statements: reset tokens are stored as their SHA-256 only, and each works once. */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

export async function insertResetToken(db: Executor, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insertInto('password_reset_tokens').values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt }).execute();
}

/**
 * The unused, unexpired token with this hash. `lock`: with its row locked until the transaction ends, so that two
 * uses of one token at once cannot both pass.
 */
export function findOpenResetToken(db: Executor, tokenHash: string, { lock = false }: { lock?: boolean } = {}): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The new password hash; bumping the token version signs out every session of the account. */
export async function setPasswordAndSignOut(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Uses up every open reset token of the account (the one just used, and any other). */
export async function useResetTokens(db: Executor, userId: number): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ used_at: sql<Date>`now()` }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
