/**
 * Who holds a role beyond their account type. Roles are granted and taken only from the command line
 * (`npm run moderators`, through the running server's admin listener or directly on the database), never through
 * the public API. Emails are matched in any letter case, as login matches them.
 */
import type { UserRole } from '@roomnest/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

export interface RoleHolder {
  userId: number;
  name: string;
  email: string;
}

/** Grants `role` to the account with this email (again: no change, the first grant's date stays); null when there is no such account. */
export async function grantRole(db: Kysely<DB>, email: string, role: UserRole): Promise<RoleHolder | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id as userId', 'name', 'email'])
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email.trim()})`)
      .executeTakeFirst();
    if (!user) return null;
    await trx
      .insertInto('user_roles')
      .values({ user_id: user.userId, role })
      .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
      .execute();
    return user;
  });
}

/** Takes `role` from the account with this email; false when there is no such account or it did not hold the role. */
export async function revokeRole(db: Kysely<DB>, email: string, role: UserRole): Promise<boolean> {
  const result = await db
    .deleteFrom('user_roles')
    .where('role', '=', role)
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', sql<string>`lower(${email.trim()})`))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Everyone holding `role`, longest-standing first. */
export async function listRoleHolders(db: Kysely<DB>, role: UserRole): Promise<(RoleHolder & { grantedAt: Date })[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .select(['users.id as userId', 'users.name', 'users.email', 'user_roles.granted_at as grantedAt'])
    .where('user_roles.role', '=', role)
    .orderBy('user_roles.granted_at')
    .orderBy('users.id')
    .execute();
}
