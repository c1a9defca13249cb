/** User queries shared by the auth, users and messages features and the session check (plugins/auth.ts). */
import type { PlanName, ProfileUpdateInput, UserRole, UserType } from '@roomnest/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, Executor, UserRow } from '../../db/types.ts';
import { deleteListingsWhere } from '../listings/repository.ts';

/** The user with this email in any letter case (served by the unique index on lower(email)). */
export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
}

/** The account's roles beyond its type (user_roles: 'moderator'), in a fixed order. */
export async function findUserRoles(db: Executor, id: number): Promise<UserRole[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', id).orderBy('role').execute();
  return rows.map((r) => r.role);
}

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's plan and the Free plan's unlimited-messages upgrade; undefined when the account is gone. */
export function findPlan(db: Executor, id: number): Promise<{ plan: PlanName; unlimited_messages: boolean } | undefined> {
  return db.selectFrom('users').select(['plan', 'unlimited_messages']).where('id', '=', id).executeTakeFirst();
}

/** The account's plan, read with the user row's lock (FOR NO KEY UPDATE: see messages/quota.ts); undefined when the account is gone. */
export function lockPlan(trx: Transaction<DB>, id: number): Promise<{ plan: PlanName; unlimited_messages: boolean } | undefined> {
  return trx.selectFrom('users').select(['plan', 'unlimited_messages']).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

/** What a request's session needs of its user, with the token version its token must carry; undefined when the account is gone. */
export function findSessionUser(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'email', 'user_type', 'plan', 'token_version']).where('id', '=', id).executeTakeFirst();
}

/** The token version of each of these users that still exists. */
export async function tokenVersions(db: Executor, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'token_version']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.token_version]));
}

/**
 * The account type, read with the user row's lock: posting and renewing take the same lock (lockLandlordPlan), so
 * no listing can be added between a check made under it and the switch. Undefined when the account is gone.
 */
export function lockUserType(trx: Transaction<DB>, id: number): Promise<{ user_type: UserType } | undefined> {
  return trx.selectFrom('users').select('user_type').where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setUserType(db: Executor, id: number, to: UserType): Promise<void> {
  await db.updateTable('users').set({ user_type: to, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Lists or unlists the profile in flatmate search; undefined when the account is gone. */
export function setProfileListed(db: Executor, id: number, listed: boolean): Promise<{ id: number } | undefined> {
  return db.updateTable('users').set({ is_actively_looking: listed, updated_at: sql<Date>`now()` }).where('id', '=', id).returning('id').executeTakeFirst();
}

/** The email settings (My Profile, Notifications); not a change of the profile's page, so updated_at stays. */
export function setEmailOnMessage(db: Executor, id: number, on: boolean): Promise<{ id: number } | undefined> {
  return db.updateTable('users').set({ email_on_message: on }).where('id', '=', id).returning('id').executeTakeFirst();
}

/**
 * The profile picture, read with the user row's lock: a concurrent update cannot swap the picture between this read
 * and the write, and posting a listing (which takes the lock too) cannot slip in before an account's deletion.
 */
export function lockProfilePicture(trx: Transaction<DB>, id: number): Promise<{ profile_picture_url: string | null } | undefined> {
  return trx.selectFrom('users').select('profile_picture_url').where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The whole profile form (a field left out is cleared), and the picture when a new one came (without one it stays). */
export async function updateProfile(db: Executor, id: number, input: ProfileUpdateInput, picture: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: input.Name,
      phone_number: input.PhoneNumber ?? null,
      bio: input.Bio ?? null,
      looking_for_description: input.LookingForDescription ?? null,
      budget_min: input.BudgetMin ?? null,
      budget_max: input.BudgetMax ?? null,
      preferred_locations: input.PreferredLocations ?? null,
      flatmate_move_in_date: input.FlatmateMoveInDate ?? null,
      updated_at: sql<Date>`now()`,
      ...(picture ? { profile_picture_url: picture } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes the account's listings, then the account; messages and reset tokens go with the row (on delete cascade).
 * Answers the deleted listings' image paths, for their files. Run under lockProfilePicture's lock.
 */
export async function deleteAccount(trx: Transaction<DB>, id: number): Promise<string[]> {
  const { files } = await deleteListingsWhere(trx, { landlordId: id });
  await trx.deleteFrom('users').where('id', '=', id).execute();
  return files;
}

/** A new account; answers its id. A second account for an email in any letter case fails on the unique index. */
export function insertUser(db: Executor, user: { name: string; email: string; passwordHash: string; userType: UserType }): Promise<{ id: number }> {
  return db
    .insertInto('users')
    .values({ name: user.name, email: user.email, password_hash: user.passwordHash, user_type: user.userType })
    .returning('id')
    .executeTakeFirstOrThrow();
}
