/**
 * Newsletter double opt-in: an address is subscribed only once it is
 * confirmed from the link of the confirmation email.
 *
 * - confirmed_at: when the address was confirmed; null while it waits. Rows
 *   stored before this migration were never confirmed, so they wait too (a
 *   new sign-up sends them a link).
 * - confirm_token_hash: hex SHA-256 of the link's random token (the token is
 *   never stored); kept after use, so a second use answers "already used".
 * - confirm_expires_at: the link's end (NEWSLETTER_CONFIRM_TTL_DAYS).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('newsletter_subscriptions')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('confirm_token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_expires_at', 'timestamptz')
    .execute();
  // The newsletter goes to confirmed addresses only: this index lists them.
  await sql`create index newsletter_subscriptions_confirmed on newsletter_subscriptions (id) where confirmed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index newsletter_subscriptions_confirmed`.execute(db);
  await db.schema.alterTable('newsletter_subscriptions').dropColumn('confirm_expires_at').dropColumn('confirm_token_hash').dropColumn('confirmed_at').execute();
}
