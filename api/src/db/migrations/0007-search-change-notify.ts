/**
 * Tells every API instance when public search answers change, so that each
 * can keep them in memory (features/listings/search-cache.ts): a NOTIFY on
 * `roomnest_search_<schema>` when a change commits
 *
 * - to listings: any insert, update, delete or truncate (once per statement);
 * - to a user's name or profile picture, which search answers carry beside
 *   each listing (once per changed row; the channel and empty payload make
 *   PostgreSQL deliver one notification per transaction however many rows).
 *
 * Triggers, not the API's own code, so that no way of changing the data is
 * missed: another instance, a migration, the seed, an operator in psql.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The channel's name is search-cache.ts's searchChannel(schema).
  await sql`
    create function roomnest_notify_search_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(left('roomnest_search_' || regexp_replace(tg_table_schema, '[^a-zA-Z0-9_]', '_', 'g'), 63), '');
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger listings_notify_search_change after insert or update or delete or truncate on listings
    for each statement execute function roomnest_notify_search_change()
  `.execute(db);
  await sql`
    create trigger users_notify_search_change after update of name, profile_picture_url on users
    for each row when (old.name is distinct from new.name or old.profile_picture_url is distinct from new.profile_picture_url)
    execute function roomnest_notify_search_change()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_notify_search_change on users`.execute(db);
  await sql`drop trigger listings_notify_search_change on listings`.execute(db);
  await sql`drop function roomnest_notify_search_change()`.execute(db);
}
