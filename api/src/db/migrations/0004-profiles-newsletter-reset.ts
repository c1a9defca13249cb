/**
 * Flatmate search, the newsletter and password reset.
 *
 * Flatmate search reads listed profiles only (is_actively_looking), most
 * recently updated first with the id as tiebreak: a partial index on
 * (updated_at desc, id desc) serves the order and lets a page stop early; a
 * trigram GIN index on lower(preferred_locations), partial on listed profiles,
 * serves the case-insensitive location matches; budgets and move-in dates are
 * filtered on the rows those give.
 *
 * newsletter_subscriptions: one row per email, unique whatever its letter case.
 * password_reset_tokens: only the SHA-256 of each token is kept; a token is
 * single-use (used_at) and expires; deleting the user deletes its tokens.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create index users_flatmates_recent on users (updated_at desc, id desc) where is_actively_looking`,
    sql`create index users_flatmates_locations_trgm on users using gin (lower(preferred_locations) gin_trgm_ops) where is_actively_looking`,
    sql`alter table users add constraint users_budget_range check (budget_min is null or budget_max is null or budget_min <= budget_max)`,
  ];
  for (const statement of statements) await statement.execute(db);

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index newsletter_subscriptions_email_lower_key on newsletter_subscriptions (lower(email))`.execute(db);

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Hex SHA-256 of the token sent by email; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index password_reset_tokens_user on password_reset_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('newsletter_subscriptions').execute();
  await sql`alter table users drop constraint users_budget_range`.execute(db);
  await sql`drop index users_flatmates_locations_trgm`.execute(db);
  await sql`drop index users_flatmates_recent`.execute(db);
}
