/**
 * Matching a new listing against saved searches in one indexed statement
 * (api/src/features/saved-searches/matching.ts), without reading every saved
 * search.
 *
 * saved_search_terms: each saved search's Criteria as match columns, derived
 * when the search is saved, exactly as GET /api/listings reads them. The City
 * field becomes one row per way it can name a place (a branch of the search),
 * keyed by `place_kind` and `place_key`:
 *
 * - no City field: ('any', '');
 * - a full postcode: ('postcode', 'E83PB'); an outward code: ('district', 'E8');
 * - any other one-part text T (lower case): ('area', T), ('street', T) and
 *   ('city-prefix', T): each is a reading only when a listing has it, which the
 *   listing being matched answers itself, so a search for a place with no room
 *   yet still hears of the first one. `unless_city` marks the area reading,
 *   which search drops when T is also a city's full name (checked against the
 *   places table when matching, as search does);
 * - several parts ("Mare Street, Hackney"): the one reading search made of
 *   them when the search was saved (places.ts combine), keyed by its most
 *   precise part; a text that named nothing then has no row and never
 *   matches. Readings of several parts depend on which places exist; this is
 *   what the search meant when it was saved.
 *
 * Every row also carries every condition of its branch (area, street,
 * district, postcode, exact city, city prefix) and the other filters (rent
 * bounds, room type, available date, address substring, lower case), checked
 * on the rows the key finds. A listing's readings are few (its city and each
 * prefix of it, area, street, district, postcode, 'any'), so matching it is a
 * handful of probes of one index.
 *
 * `frequency` is the search's own, kept by a trigger when it changes, so that
 * the index can leave out the searches that send nothing ('off'). `user_id` is
 * the search's owner, so that a landlord's own listing is left out without
 * reading saved_searches.
 *
 * alert_deliveries.sent_at: when the listing went out in an email (instant or
 * digest); null while it waits for the digest, or for its instant email.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table saved_search_terms (
      saved_search_id integer not null references saved_searches (id) on delete cascade,
      user_id integer not null,
      frequency text not null check (frequency in ('instant', 'daily', 'off')),
      place_kind text not null check (place_kind in ('any', 'postcode', 'district', 'area', 'street', 'city', 'city-prefix')),
      place_key text not null,
      unless_city boolean not null default false,
      area text,
      street text,
      district text,
      postcode text,
      city text,
      city_prefix text,
      min_rent numeric(10, 2),
      max_rent numeric(10, 2),
      room_type text,
      available_date date,
      address text
    )
  `.execute(db);
  // The match: a listing's readings probe the key; every other condition is read from the index's own entries
  // (an index-only scan: a city's key holds thousands of searches, and a visit to the table for each would cost
  // more than the match itself).
  await sql`
    create index saved_search_terms_match on saved_search_terms (place_kind, place_key)
    include (saved_search_id, user_id, frequency, min_rent, max_rent, room_type, available_date, address, unless_city,
      area, street, district, postcode, city, city_prefix)
    where frequency <> 'off'
  `.execute(db);
  // A search's deletion and frequency change find its rows by search.
  await sql`create index saved_search_terms_by_search on saved_search_terms (saved_search_id)`.execute(db);

  await sql`
    create function roomnest_saved_search_frequency() returns trigger language plpgsql as $fn$
    begin
      update saved_search_terms set frequency = new.frequency where saved_search_id = new.id;
      return null;
    end
    $fn$
  `.execute(db);
  await sql`
    create trigger saved_search_frequency after update of frequency on saved_searches
    for each row when (old.frequency is distinct from new.frequency) execute function roomnest_saved_search_frequency()
  `.execute(db);

  await sql`alter table alert_deliveries add column sent_at timestamptz`.execute(db);
  // What the digest and the instant emails read: each search's matches not yet sent.
  await sql`create index alert_deliveries_pending on alert_deliveries (saved_search_id, created_at) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index alert_deliveries_pending`.execute(db);
  await sql`alter table alert_deliveries drop column sent_at`.execute(db);
  await sql`drop trigger saved_search_frequency on saved_searches`.execute(db);
  await sql`drop function roomnest_saved_search_frequency()`.execute(db);
  await sql`drop table saved_search_terms`.execute(db);
}
