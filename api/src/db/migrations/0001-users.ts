/** Users: accounts of both types with their flatmate profile, plus the trigram extension later searches use. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // In `public`, so that it is visible whatever schema comes first on the search_path.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in ('Tenant', 'Landlord')`))
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('Free').check(sql`plan in ('Free', 'Premium', 'Professional')`))
    .addColumn('phone_number', 'text')
    .addColumn('profile_picture_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('looking_for_description', 'text')
    .addColumn('budget_min', 'integer')
    .addColumn('budget_max', 'integer')
    .addColumn('preferred_locations', 'text')
    .addColumn('flatmate_move_in_date', 'date')
    .addColumn('is_actively_looking', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Emails compare case-insensitively: one account per address whatever its letter case.
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
