/**
 * The unlimited-messages upgrade of the Free plan (£5 a month): a flag on the account, set by the
 * payment side or the seed, never through the API. With it, or on a paid plan, a member may start
 * conversations with any number of new people; without it, two a calendar month.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('unlimited_messages', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('unlimited_messages').execute();
}
