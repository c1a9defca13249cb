/**
 * Statistics on the place columns of search (migration 0009), for the
 * planner's estimates of how many listings a place holds.
 *
 * PostgreSQL keeps no statistics of lower(area) or lower(street) on its own:
 * it gathers those of an expression only for an index on it that is not
 * partial, and the place indexes are all partial (status = 'Available'). So
 * it guessed 0.5 % of the table for every area and street, and multiplied
 * the guesses of "Mare Street, Hackney" as if a street said nothing of its
 * area: 22 listings where 7,432 match at 1,000,000 listings. With so few
 * expected, it gathered every listing of Hackney from the heap (55,000 pages,
 * 0.4 s, flushing the shared buffers) instead of reading Mare Street's index
 * in order and stopping after the page (0.3 ms).
 *
 * One statistics object gives each expression its own statistics (the most
 * common values and a histogram, as a column has) and, with `dependencies`
 * and `mcv`, how the places depend on one another: a street lies in an area,
 * an area in a city, a district mostly in one area. ANALYZE (and autovacuum's)
 * keeps it up to date with the table.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create statistics listings_place_stats (dependencies, mcv) on lower(street), lower(area), lower(city), district from listings`.execute(db);
  await sql`analyze listings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics listings_place_stats`.execute(db);
}
