/**
 * Renters' tools: saved rooms, saved searches, and the durable job queue that sends every notification email.
 *
 * saved_listings: a person's shortlist (one row per person and room, newest first by saved_at); a room's deletion
 * takes it off every shortlist, a person's deletion takes the shortlist.
 *
 * saved_searches: a person's searches with the criteria of GET /api/listings (as given, jsonb) and how often to
 * be told of new matches. alert_deliveries remembers which listing each search has told of (or queued for its
 * digest), so no listing is ever sent twice for one search.
 *
 * users.email_on_message: whether a message left unread is emailed to its receiver.
 *
 * jobs: the work queue (api/src/jobs/queue.ts). A job is a kind, a JSON payload and a time to run; workers claim
 * due jobs with FOR UPDATE SKIP LOCKED, so several at once never take the same one. A job written in the same
 * transaction as the change that caused it (a listing posted, a message sent) survives a crash with it. `key`,
 * when given, is unique among jobs not yet done: enqueueing the same key again changes nothing.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column email_on_message boolean not null default true`.execute(db);

  await sql`
    create table saved_listings (
      user_id integer not null references users (id) on delete cascade,
      listing_id integer not null references listings (id) on delete cascade,
      saved_at timestamptz not null default now(),
      primary key (user_id, listing_id)
    )
  `.execute(db);
  await sql`create index saved_listings_newest on saved_listings (user_id, saved_at desc, listing_id desc)`.execute(db);
  // A listing's deletion finds the rows to cascade to by listing.
  await sql`create index saved_listings_by_listing on saved_listings (listing_id)`.execute(db);

  await sql`
    create table saved_searches (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      name text not null,
      criteria jsonb not null,
      frequency text not null check (frequency in ('instant', 'daily', 'off')),
      created_at timestamptz not null default now(),
      last_sent_at timestamptz
    )
  `.execute(db);
  await sql`create index saved_searches_by_user on saved_searches (user_id, created_at desc, id desc)`.execute(db);

  await sql`
    create table alert_deliveries (
      saved_search_id integer not null references saved_searches (id) on delete cascade,
      listing_id integer not null references listings (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (saved_search_id, listing_id)
    )
  `.execute(db);
  await sql`create index alert_deliveries_by_listing on alert_deliveries (listing_id)`.execute(db);

  await sql`
    create table jobs (
      id bigint generated always as identity primary key,
      kind text not null,
      key text,
      payload jsonb not null default '{}',
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 8 check (max_attempts > 0),
      last_error text,
      locked_until timestamptz,
      locked_by text,
      created_at timestamptz not null default now(),
      done_at timestamptz,
      failed_at timestamptz
    )
  `.execute(db);
  // What a worker claims: jobs neither done nor failed, by due time.
  await sql`create index jobs_due on jobs (run_at, id) where done_at is null and failed_at is null`.execute(db);
  // One open job per key: enqueueing a key again is harmless.
  await sql`create unique index jobs_open_key on jobs (key) where key is not null and done_at is null and failed_at is null`.execute(db);
  // The clean-up of finished jobs deletes by age.
  await sql`create index jobs_finished on jobs (coalesce(done_at, failed_at)) where done_at is not null or failed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table jobs`.execute(db);
  await sql`drop table alert_deliveries`.execute(db);
  await sql`drop table saved_searches`.execute(db);
  await sql`drop table saved_listings`.execute(db);
  await sql`alter table users drop column email_on_message`.execute(db);
}
