/**
 * Roles beyond the account type (user_roles). A role is granted and taken only by an operator, from the command
 * line (npm run moderators), never through the API; the session check reads the roles on every request, so a
 * moderator whose role is taken loses the moderation calls at once.
 */
import type { UserRole } from '@roomnest/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

export interface RoleHolder {
  userId: number;
  name: string;
  email: string;
}

/** Grants the role to the account with this email (any letter case); granting it again changes nothing. Null when no such account. */
export async function grantRole(db: Executor, email: string, role: UserRole): Promise<RoleHolder | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email.trim()})`)
    .executeTakeFirst();
  if (!user) return null;
  await db.insertInto('user_roles').values({ user_id: user.id, role }).onConflict((oc) => oc.columns(['user_id', 'role']).doNothing()).execute();
  return { userId: user.id, name: user.name, email: user.email };
}

/** Takes the role from the account with this email; false when that account does not exist or did not hold it. */
export async function revokeRole(db: Executor, email: string, role: UserRole): Promise<boolean> {
  const result = await db
    .deleteFrom('user_roles')
    .where('role', '=', role)
    .where('user_id', 'in', (qb) => qb.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', sql<string>`lower(${email.trim()})`))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Everyone who holds the role, earliest granted first. */
export async function listRoleHolders(db: Executor, role: UserRole): Promise<(RoleHolder & { grantedAt: Date })[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id', 'users.name', 'users.email', 'user_roles.granted_at'])
    .where('user_roles.role', '=', role)
    .orderBy('user_roles.granted_at')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({ userId: row.id, name: row.name, email: row.email, grantedAt: row.granted_at }));
}

/** The roles of one account (the session check reads them on every request). */
export async function rolesOf(db: Executor, userId: number): Promise<UserRole[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((row) => row.role);
}
