/**
 * What the planner knows of the place columns of search (migration 0009), and
 * which searches may use their indexes.
 *
 * Statistics. PostgreSQL keeps no statistics of lower(area) or lower(street)
 * on its own: it gathers those of an expression only for an index on it that
 * is not partial, and the place indexes are all partial. So it guessed 0.5 %
 * of the table for every area and street, and multiplied the guesses of
 * "Mare Street, Hackney" as if a street said nothing of its area: 22 listings
 * where 7,432 match at 1,000,000 listings. With so few expected, it gathered
 * every listing of Hackney from the heap (55,000 pages, 0.4 s, flushing the
 * shared buffers) instead of reading Mare Street's index in order and
 * stopping after the page (0.3 ms). One statistics object gives each
 * expression its own statistics and, with `dependencies` and `mcv`, how the
 * places depend on one another (a street lies in an area, an area in a city,
 * a district mostly in one area). ANALYZE, and autovacuum's, keeps it current.
 *
 * Indexes. Each place index now holds only the listings that have that place
 * (`area is not null`, …): a search that names no place cannot use it, so the
 * planner no longer weighs ten more indexes for every other search, and a
 * search that names one always can (its equality implies the column is not
 * null). That frees the area indexes to carry the city again: "Stratford,
 * London" is then read from the index alone, where with the statistics above
 * the planner judged the table cheaper to read than the index plus the heap.
 * (They did not carry it because a plain city search would read them from the
 * start; it cannot now.)
 */
import { sql, type Kysely } from 'kysely';

const FILTERS = 'rent, room_type, available_date, expires_at';

/** The place indexes of 0009 and, in `next`, the same keys with this migration's predicate and columns. */
function placeIndexes(next: boolean): Record<string, string> {
  const indexes: Record<string, string> = {};
  const places = {
    area: { key: 'lower(area)', carries: next ? 'area, city' : 'area', column: 'area' },
    street: { key: 'lower(street)', carries: 'street, area', column: 'street' },
    district: { key: 'district', carries: '', column: 'district' },
  };
  const orders = {
    relevance: { keys: 'expires_at desc, id desc', drop: 'expires_at' },
    newest: { keys: 'created_at desc, id desc', drop: '' },
    rent: { keys: 'rent, id', drop: 'rent' },
  };
  const where = (column: string) => `where status = 'Available'${next ? ` and ${column} is not null` : ''}`;
  for (const [place, { key, carries, column }] of Object.entries(places)) {
    for (const [order, { keys, drop }] of Object.entries(orders)) {
      const filters = FILTERS.split(', ').filter((c) => c !== drop);
      const included = [carries, ...filters].filter(Boolean).join(', ');
      indexes[`listings_public_${place}_${order}`] = `(${key}, ${keys}) include (${included}) ${where(column)}`;
    }
  }
  indexes.listings_public_postcode = `(postcode, expires_at desc, id desc) include (rent, room_type, available_date, created_at) ${where('postcode')}`;
  return indexes;
}

async function rebuild(db: Kysely<unknown>, next: boolean): Promise<void> {
  for (const [name, definition] of Object.entries(placeIndexes(next))) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
    await sql`create index ${sql.raw(name)} on listings ${sql.raw(definition)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
  await sql`create statistics listings_place_stats (dependencies, mcv) on lower(street), lower(area), lower(city), district from listings`.execute(db);
  await sql`analyze listings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics listings_place_stats`.execute(db);
  await rebuild(db, false);
}
