/** User queries shared by the auth and users features. */
import { sql, type Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';

/** The user with this email in any letter case (served by the unique index on lower(email)). */
export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
