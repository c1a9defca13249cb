/**
 * Public search that costs the same at 10,000 and at 1,000,000 listings.
 *
 * A page is read in two steps (listings.repository's pageQuery): the ids of
 * the page, walking an index in the order asked for and filtering as it goes,
 * then those rows. For the walk to be cheap whatever it skips, the indexes it
 * walks carry every column a search filters on (INCLUDE), so it reads the
 * index alone (an index-only scan) and touches the table for the page's rows
 * only.
 *
 * - Per city, in each sort order: a search for one city (the rooms page's city
 *   field, the Home location cards) reads that city's listings only. Before,
 *   it walked the whole-table sort index and skipped the other cities, which
 *   grows with the table and goes badly wrong where a city sits at one end of
 *   the order (Manchester by rent, highest first, read most London rows
 *   first). The equality comes from matchCities (the distinct cities a city
 *   prefix matches).
 * - The whole-table sort indexes of 0003 are replaced by covering ones with
 *   the same keys, for searches without a city.
 * - (room_type, rent) with the move-in date: the filter panel's room type and
 *   price range together (a count or a small result collected without the
 *   table).
 *
 * `city` is included beside `lower(city)`: PostgreSQL uses an index on an
 * expression for an index-only scan only when the column itself is there too.
 * All partial on status = 'Available', as every public search filters on it.
 */
import { sql, type Kysely } from 'kysely';

const FILTERS = ['city', 'address', 'rent', 'room_type', 'available_date', 'expires_at'] as const;

/** Key columns → the filter columns the index carries besides them. */
function covering(keys: string, keyColumns: readonly string[]) {
  const included = FILTERS.filter((c) => !keyColumns.includes(c));
  return sql.raw(`(${keys}) include (${included.join(', ')})`);
}

const INDEXES = {
  listings_public_relevance_covering: covering('expires_at desc, id desc', ['expires_at']),
  listings_public_newest_covering: covering('created_at desc, id desc', []),
  listings_public_rent_covering: covering('rent, id', ['rent']),
  listings_public_city_relevance: covering('lower(city), expires_at desc, id desc', ['expires_at']),
  listings_public_city_newest: covering('lower(city), created_at desc, id desc', []),
  listings_public_city_rent: covering('lower(city), rent, id', ['rent']),
  listings_public_type_rent: sql.raw('(room_type, rent) include (available_date, expires_at, created_at, id)'),
};

/** The indexes of 0003 that the covering ones replace. */
const REPLACED = {
  listings_public_relevance: sql.raw('(expires_at desc, id desc)'),
  listings_public_newest: sql.raw('(created_at desc, id desc)'),
  listings_public_rent: sql.raw('(rent, id)'),
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index ${sql.raw(name)} on listings ${columns} where status = 'Available'`.execute(db);
  }
  for (const name of Object.keys(REPLACED)) await sql`drop index ${sql.raw(name)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of Object.entries(REPLACED)) {
    await sql`create index ${sql.raw(name)} on listings ${columns} where status = 'Available'`.execute(db);
  }
  for (const name of Object.keys(INDEXES).toReversed()) await sql`drop index ${sql.raw(name)}`.execute(db);
}
