/**
 * Enquiries and views: what a landlord's My Listings counts.
 *
 * A message may be about a room (an enquiry sent from its page): messages.listing_id, set null when the listing
 * is deleted so the conversation stays. Counting a listing's enquiries (distinct senders) reads its own index.
 *
 * A view is one viewer seeing a room's detail on one London day. listing_view_seen holds who has been counted
 * today and yesterday (a user id, or for an anonymous viewer a keyed hash of address and browser that changes
 * every day: no address is stored); the background task deletes older rows, so the table stays small.
 * listing_view_days keeps the totals, one row per listing per day, for the figures and the 30-day chart.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column listing_id integer references listings (id) on delete set null`.execute(db);
  await sql`create index messages_by_listing on messages (listing_id, sender_id) where listing_id is not null`.execute(db);
  await sql`
    create table listing_view_seen (
      listing_id integer not null references listings (id) on delete cascade,
      day date not null,
      viewer text not null,
      primary key (listing_id, day, viewer)
    )
  `.execute(db);
  // The clean-up deletes by day.
  await sql`create index listing_view_seen_by_day on listing_view_seen (day)`.execute(db);
  await sql`
    create table listing_view_days (
      listing_id integer not null references listings (id) on delete cascade,
      day date not null,
      views integer not null check (views > 0),
      primary key (listing_id, day)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table listing_view_days`.execute(db);
  await sql`drop table listing_view_seen`.execute(db);
  await sql`drop index messages_by_listing`.execute(db);
  await sql`alter table messages drop column listing_id`.execute(db);
}
