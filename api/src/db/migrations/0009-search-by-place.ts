/**
 * Search by place: the City field of the search (the Home search box sends
 * its Location there) may name a city, an area ("Hackney"), a street ("Mare
 * Street"), a postcode district ("E8") or a full postcode ("E8 3PB"). Those
 * live inside the address and the postcode as landlords write them
 * ("14 Mare Street, Hackney", "e8 3pb"), so each listing gets them as columns
 * of their own, computed by the database on every write (stored generated
 * columns: no way of writing a listing can leave them stale) and filled in for
 * every listing already there when this migration adds them:
 *
 * - area: the last part of the address, once a postcode or the city written
 *   at its end is set aside, when there are at least two parts and it does not
 *   start with a house number ("14 Mare Street, Hackney" → Hackney);
 * - street: the part before it, without the house number (→ Mare Street);
 * - postcode: the postcode in capitals without spaces (E83PB), so that any
 *   spacing and letter case compare equal;
 * - district: its outward code (E8; E14 for "E14 3AB"), null when the
 *   postcode has no UK shape.
 *
 * Indexes, partial on status = 'Available' as every public search filters on
 * it: for the area, the street and the district, one per sort order, as 0006
 * has for the city ((key, expires_at desc, id desc), (key, created_at desc,
 * id desc), (key, rent, id), the last read backwards for rent_desc), so that a
 * page of a place in any order reads that place's listings only, however
 * large the table, and the capped count at most the cap of them. The whole
 * table's sort indexes would not do: a place is not spread evenly through
 * them (Hackney's cheapest room is dearer than tens of thousands of other
 * London rooms at 1,000,000 listings, all of which a walk by rent would skip).
 * A full postcode has a few listings: one index, in relevance order, from
 * which they are collected for any order. Each carries the filter columns
 * (not the address: a place and an address substring together are rare, and
 * read the table for the page's candidates), so a search reads the index
 * alone. The area and street keys are lower(...) (matching is
 * case-insensitive) and the column itself is carried too, as in 0006, so that
 * PostgreSQL can answer from the index alone.
 *
 * The parsing lives in immutable SQL functions (the generated columns need
 * them to be); each is self-contained, calling only built-in functions, so it
 * computes the same whatever the search_path of the session that writes.
 */
import { sql, type Kysely } from 'kysely';

/** Parts of an address: 'area' or 'street' (see the header). A backslash is a regular expression's, not JavaScript's. */
const ADDRESS_PART = String.raw`
create function roomnest_address_part(address text, city text, part text) returns text
language plpgsql immutable parallel safe as $$
declare
  parts text[] := string_to_array(address, ',');
  n int := cardinality(parts);
  segment text;
  line text;
begin
  -- From the end: a postcode at the end of a part ("London E8 3PB"), then a part that is empty, only a postcode
  -- or the city, names no area. (Regular expressions run only where they can match: this runs on every write.)
  loop
    exit when n is null or n = 0;
    segment := btrim(parts[n]);
    if segment ~ '\s\s' then segment := regexp_replace(segment, '\s+', ' ', 'g'); end if;
    if n > 1 and segment ~ '[0-9]' then
      segment := btrim(regexp_replace(segment, '(^|\s)[A-Za-z]{1,2}[0-9][A-Za-z0-9]?(\s*[0-9][A-Za-z]{2})?$', ''));
    end if;
    exit when segment <> '' and (n = 1 or lower(segment) <> lower(btrim(city)));
    n := n - 1;
  end loop;
  if n is null or n = 0 then return null; end if;
  if n > 1 and segment !~ '^[0-9]' then
    if part = 'area' then return segment; end if;
    line := btrim(parts[n - 1]);
    if line ~ '\s\s' then line := regexp_replace(line, '\s+', ' ', 'g'); end if;
  else
    -- One part, or a last part starting with a house number: that is the street line, and no area is named.
    if part = 'area' then return null; end if;
    line := segment;
  end if;
  -- The house number, and a flat before it: "14 Mare Street", "14a-16 Mare Street", "Flat 2 14 Mare Street".
  if line ~ '^[0-9]' then
    line := regexp_replace(line, '^[0-9]+[A-Za-z]?([-/][0-9]+[A-Za-z]?)?\s+', '');
  elsif line ~* '^(flat|apartment|apt|unit|room|studio)\s' then
    line := regexp_replace(line, '^\S+\s+\S+\s+([0-9]+[A-Za-z]?([-/][0-9]+[A-Za-z]?)?\s+)?', '');
  end if;
  return case when line ~ '[[:alpha:]]' then line end;
end
$$`;

/** The postcode in capitals without spaces; null when blank. */
const POSTCODE = String.raw`
create function roomnest_postcode(zip text) returns text
language sql immutable parallel safe as $$
  select nullif(upper(regexp_replace(zip, '\s+', '', 'g')), '')
$$`;

/** The outward code of a UK postcode (full, or the outward code alone); null otherwise. */
const DISTRICT = String.raw`
create function roomnest_postcode_district(zip text) returns text
language sql immutable parallel safe as $$
  select substring(upper(regexp_replace(zip, '\s+', '', 'g')) from '^([A-Z]{1,2}[0-9][A-Z0-9]?)(?:[0-9][A-Z]{2})?$')
$$`;

/**
 * The columns a search by place filters on (besides the place columns), carried by each index beside its keys.
 * Not the city: an index carrying it would also cover a plain city search, and the planner, costing it as about
 * as cheap as the city's own index, would read it from its start ("B1…" districts, Birmingham's areas) past
 * thousands of other cities' rows to count London's. A place narrowed by a city ("Stratford, London") checks
 * the city on the rows of that place alone.
 */
const FILTERS = ['rent', 'room_type', 'available_date', 'expires_at'] as const;

/** The three sort orders of a place's listings: the keys after the place's, and the filter columns they leave to INCLUDE. */
const ORDERS = {
  relevance: { keys: 'expires_at desc, id desc', keyColumns: ['expires_at'] },
  newest: { keys: 'created_at desc, id desc', keyColumns: ['created_at'] },
  rent: { keys: 'rent, id', keyColumns: ['rent'] },
} as const;

/** Each place: its key, and the place columns it carries (its own, for an index-only scan on lower(...); the area of a street, for "Mare Street, Hackney"). */
const PLACES = {
  area: { key: 'lower(area)', carries: ['area'] },
  street: { key: 'lower(street)', carries: ['street', 'area'] },
  district: { key: 'district', carries: [] },
} as const;

function placeIndexes(): Record<string, string> {
  const indexes: Record<string, string> = {};
  for (const [place, { key, carries }] of Object.entries(PLACES)) {
    for (const [order, { keys, keyColumns }] of Object.entries(ORDERS)) {
      const included = [...carries, ...FILTERS.filter((c) => !(keyColumns as readonly string[]).includes(c))];
      indexes[`listings_public_${place}_${order}`] = `(${key}, ${keys}) include (${included.join(', ')})`;
    }
  }
  // Collected for any order: it carries the other orders' keys too.
  indexes.listings_public_postcode = `(postcode, expires_at desc, id desc) include (${FILTERS.filter((c) => c !== 'expires_at').join(', ')}, created_at)`;
  return indexes;
}

const PLACE_INDEXES = placeIndexes();

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fn of [ADDRESS_PART, POSTCODE, DISTRICT]) await sql.raw(fn).execute(db);
  // One statement: the table is rewritten once, filling the four columns of every listing.
  await sql`
    alter table listings
      add column area text generated always as (roomnest_address_part(address, city, 'area')) stored,
      add column street text generated always as (roomnest_address_part(address, city, 'street')) stored,
      add column postcode text generated always as (roomnest_postcode(zip_code)) stored,
      add column district text generated always as (roomnest_postcode_district(zip_code)) stored
  `.execute(db);
  for (const [name, columns] of Object.entries(PLACE_INDEXES)) {
    await sql`create index ${sql.raw(name)} on listings ${sql.raw(columns)} where status = 'Available'`.execute(db);
  }
  // Statistics of the new columns and of the lower(...) keys, for the planner's first searches.
  await sql`analyze listings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(PLACE_INDEXES)) await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`alter table listings drop column area, drop column street, drop column postcode, drop column district`.execute(db);
  await sql`drop function roomnest_address_part(text, text, text)`.execute(db);
  await sql`drop function roomnest_postcode(text)`.execute(db);
  await sql`drop function roomnest_postcode_district(text)`.execute(db);
}
