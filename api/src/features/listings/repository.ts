/**
 * Listing queries. Public search counts its matches up to a cap, then reads
 * one page joined to the landlords, through the partial indexes of migrations
 * 0003 and 0006 (status = 'Available', unexpired), in a stable order that
 * always ends with the id.
 */
import { PLANS, PRICE_RANGES, type PlanName, type RoomType, type SortBy } from '@roomnest/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { ListingWithLandlord } from './schemas.ts';

export type Executor = Kysely<DB> | Transaction<DB>;

export interface SearchFilters {
  city?: string | undefined;
  address?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  priceRange?: string | undefined;
  roomType?: RoomType | undefined;
  availableDate?: string | undefined;
}

type SortColumn = 'expires_at' | 'created_at' | 'rent' | 'id';
type Direction = 'asc' | 'desc';

/**
 * The sort orders, each ending with the id so pages never overlap or skip.
 * relevance: the most recently posted or renewed first (renewal puts a listing
 * back on top, like a fresh post); date_new: by posting date only.
 */
export const SORT_ORDERS: Record<SortBy, readonly (readonly [SortColumn, Direction])[]> = {
  relevance: [
    ['expires_at', 'desc'],
    ['id', 'desc'],
  ],
  date_new: [
    ['created_at', 'desc'],
    ['id', 'desc'],
  ],
  rent_asc: [
    ['rent', 'asc'],
    ['id', 'asc'],
  ],
  rent_desc: [
    ['rent', 'desc'],
    ['id', 'desc'],
  ],
};

/** User text in a LIKE pattern: its %, _ and \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A listing anyone may see: Available and not expired (literals, so the partial indexes apply). */
export const IS_PUBLIC = sql<boolean>`listings.status = 'Available' and listings.expires_at > now()`;

/** The rent bounds of minPrice, maxPrice and priceRange together (all inclusive; they intersect). */
export function rentBounds(filters: Pick<SearchFilters, 'minPrice' | 'maxPrice' | 'priceRange'>): { min?: number; max?: number } {
  const range = PRICE_RANGES.find((r) => r.value === filters.priceRange);
  const mins = [filters.minPrice, range?.min].filter((n): n is number => n !== undefined && n !== null);
  const maxes = [filters.maxPrice, range?.max].filter((n): n is number => n !== undefined && n !== null);
  return {
    ...(mins.length ? { min: Math.max(...mins) } : {}),
    ...(maxes.length ? { max: Math.min(...maxes) } : {}),
  };
}

/**
 * Public search counts at most this many matches. Past it the answer's total is
 * the cap (and `totalCapped` says more match), the last page ends there, and
 * neither the count nor a page ever reads further: counting every match is
 * what grows with the table (hundreds of milliseconds at 1,000,000 listings),
 * and nobody pages through a thousand rooms.
 */
export const SEARCH_TOTAL_CAP = 1000;

/** A city prefix matching more distinct cities than this is matched as a prefix (LIKE) instead of as a list of cities. */
export const MAX_CITY_EXPANSION = 20;

/**
 * The City filter, resolved: the distinct lower-case cities the prefix matches
 * (an equality on one city reads the per-city indexes of migration 0006 in
 * sort order), or null when more than MAX_CITY_EXPANSION cities match.
 */
export type CityMatch = readonly string[] | null;

/**
 * The distinct lower-case cities that `prefix` matches case-insensitively from
 * the start, any listing status: a loose index scan of listings_city_lower
 * (one probe per city, whatever the number of listings).
 */
export async function matchCities(db: Executor, prefix: string): Promise<CityMatch> {
  const pattern = `${escapeLike(prefix)}%`;
  const { rows } = await sql<{ city: string }>`
    with recursive c(city) as (
      (select lower(city) from listings where lower(city) like lower(${pattern}) order by lower(city) using ~<~ limit 1)
      union all
      select (
        select lower(l.city) from listings l
        where lower(l.city) like lower(${pattern}) and lower(l.city) ~>~ c.city
        order by lower(l.city) using ~<~ limit 1
      ) from c where c.city is not null
    )
    select city from c where city is not null limit ${MAX_CITY_EXPANSION + 1}
  `.execute(db);
  return rows.length > MAX_CITY_EXPANSION ? null : rows.map((r) => r.city);
}

/**
 * The public search filter. city: case-insensitive prefix ('london' and 'Lon'
 * match 'London'), as the cities it matches when `cities` is given (see
 * matchCities); address: case-insensitive substring; rents inclusive;
 * availableDate: available on or before that day.
 */
function searchConditions(
  eb: ExpressionBuilder<DB, 'listings'>,
  filters: SearchFilters,
  cities: CityMatch | undefined,
  { addressIndex = true }: { addressIndex?: boolean } = {},
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [IS_PUBLIC];
  if (filters.city) {
    if (!cities) conditions.push(sql<SqlBool>`lower(listings.city) like lower(${`${escapeLike(filters.city)}%`})`);
    else if (cities.length === 1) conditions.push(sql<SqlBool>`lower(listings.city) = ${cities[0]}`);
    else conditions.push(sql<SqlBool>`lower(listings.city) in (${sql.join(cities.length ? cities : [null])})`);
  }
  if (filters.address) {
    // The same substring test; strpos hides it from the trigram index (see PageStrategy), not from the covering indexes.
    conditions.push(
      addressIndex
        ? sql<SqlBool>`lower(listings.address) like lower(${`%${escapeLike(filters.address)}%`})`
        : sql<SqlBool>`strpos(lower(listings.address), lower(${filters.address})) > 0`,
    );
  }
  const { min, max } = rentBounds(filters);
  if (min !== undefined) conditions.push(eb('listings.rent', '>=', min));
  if (max !== undefined) conditions.push(eb('listings.rent', '<=', max));
  if (filters.roomType) conditions.push(eb('listings.room_type', '=', filters.roomType));
  if (filters.availableDate) conditions.push(eb('listings.available_date', '<=', filters.availableDate));
  return eb.and(conditions);
}

export interface PageOptions {
  sortBy: SortBy;
  page: number;
  pageSize: number;
}

/**
 * How the page's ids are found. `walk`: in sort order through an index,
 * filtering as it goes and stopping after the page; the indexes carry every
 * filter column (migration 0006), so this reads the index alone. Cheap when
 * many listings match (more than the cap, or enough for the page to come
 * soon: see pageStrategy), the usual case. The address condition is then kept
 * from the trigram index: the planner estimates a substring's matches from
 * that index far too low (100 for 7,000 at 1,000,000 listings) and would
 * collect and sort them all. `collect`: every match first (a materialized
 * CTE, so the planner cannot turn it into a walk), then sorted: used when the
 * count says few match, where a walk could read most of an index to find
 * them; it reads at most SEARCH_TOTAL_CAP rows.
 */
export type PageStrategy = 'walk' | 'collect';

/** The matches counted, up to `cap` + 1 (one more than the cap means "more than the cap"). */
export function countQuery(db: Executor, filters: SearchFilters, cities: CityMatch | undefined, cap = SEARCH_TOTAL_CAP) {
  const matches = db
    .selectFrom('listings')
    .where((eb) => searchConditions(eb, filters, cities))
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  return db.selectFrom(matches.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * One page of public search joined to the landlords, in a stable order that
 * always ends with the id: first the page's ids and sort keys (`strategy`),
 * then their rows by primary key. Exposed for the benchmark's query plans;
 * `searchListings` runs it.
 */
export function pageQuery(
  db: Executor,
  filters: SearchFilters,
  cities: CityMatch | undefined,
  { sortBy, page, pageSize }: PageOptions,
  strategy: PageStrategy,
  limit = pageSize,
) {
  const order = SORT_ORDERS[sortBy];
  const keys = order.map(([column]) => column);
  const where = (eb: ExpressionBuilder<DB, 'listings'>) => searchConditions(eb, filters, cities, { addressIndex: strategy === 'collect' });

  const offset = (page - 1) * pageSize;
  let pageIds;
  if (strategy === 'walk') {
    let walk = db.selectFrom('listings').where(where).select(keys.map((k) => `listings.${k}` as const));
    for (const [column, direction] of order) walk = walk.orderBy(`listings.${column}`, direction);
    pageIds = walk.limit(limit).offset(offset).as('k');
  } else {
    let collect = db
      .with(
        (cte) => cte('matches').materialized(),
        (qb) => qb.selectFrom('listings').where(where).select(keys.map((k) => `listings.${k}` as const)),
      )
      .selectFrom('matches')
      .selectAll('matches');
    for (const [column, direction] of order) collect = collect.orderBy(`matches.${column}` as never, direction);
    pageIds = collect.limit(limit).offset(offset).as('k');
  }

  let query = db
    .selectFrom(pageIds)
    .innerJoin('listings', 'listings.id', 'k.id')
    .innerJoin('users as u', 'u.id', 'listings.landlord_id')
    .selectAll('listings')
    .select(['u.name as landlord_name', 'u.profile_picture_url as landlord_picture']);
  for (const [column, direction] of order) query = query.orderBy(`listings.${column}`, direction);
  return query;
}

export interface SearchPage {
  rows: ListingWithLandlord[];
  /** Matches, at most `cap`. */
  total: number;
  /** More than `cap` match. */
  capped: boolean;
  /** What to keep for the next search with the same filters (see SearchCountCache): the count as read, up to cap + 1. */
  count: number;
}

export interface SearchOptions {
  /** The count of a recent search with the same filters (SearchCountCache); read when absent. */
  knownCount?: number | undefined;
  /** The cities the city prefix matches (matchCities); resolved when absent. */
  cities?: CityMatch | undefined;
  /** The planner's estimate of the listings table's rows (estimateListings); read when needed and absent. */
  tableRows?: number | undefined;
  cap?: number;
}

/** The planner's estimate of the rows in listings (kept up to date by ANALYZE); 0 when never analyzed. */
export async function estimateListings(db: Executor): Promise<number> {
  const { rows } = await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = to_regclass('listings')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * How many index entries a walk may read per match it collects instead: a walk reads the index alone
 * (about 1 µs an entry here), collecting reads each match from the table and sorts them (about 10 µs);
 * 4, not 10, because a walk's estimate assumes the matches are spread evenly through the sort order.
 */
export const WALK_FACTOR = 4;

/**
 * The strategy for a page: a walk when more than the cap match, or when the walk is expected to
 * read fewer than WALK_FACTOR index entries per match (the page's reach × the table ÷ the matches);
 * otherwise, and when the table's size is unknown, collect (at most the cap rows).
 */
export function pageStrategy(count: number, cap: number, reach: number, tableRows: number): PageStrategy {
  if (count > cap) return 'walk';
  if (tableRows <= 0 || count === 0) return 'collect';
  return (reach * tableRows) / count <= WALK_FACTOR * count ? 'walk' : 'collect';
}

/**
 * One page of public search and the total over all pages, counted up to the
 * cap. Two statements at most: the count (skipped when known), then the page
 * (skipped when it is past the last one).
 */
export async function searchListings(db: Executor, filters: SearchFilters, options: PageOptions, search: SearchOptions = {}): Promise<SearchPage> {
  const cap = search.cap ?? SEARCH_TOTAL_CAP;
  const cities = filters.city ? (search.cities !== undefined ? search.cities : await matchCities(db, filters.city)) : undefined;
  let count = search.knownCount;
  if (count === undefined) {
    count = cities && cities.length === 0 ? 0 : Number((await countQuery(db, filters, cities, cap).executeTakeFirstOrThrow()).n);
  }
  const capped = count > cap;
  const offset = (options.page - 1) * options.pageSize;
  // A capped search ends at the cap. Otherwise a page past a count read just now is empty without asking; a
  // remembered count may be stale (another instance added listings), so the rows are read fresh.
  const limit = capped ? Math.min(options.pageSize, cap - offset) : search.knownCount === undefined && offset >= count ? 0 : options.pageSize;
  let rows: unknown[] = [];
  if (limit > 0) {
    const tableRows = capped ? 0 : (search.tableRows ?? (await estimateListings(db)));
    rows = await pageQuery(db, filters, cities, options, pageStrategy(count, cap, offset + limit, tableRows), limit).execute();
  }
  return { rows: rows as ListingWithLandlord[], total: Math.min(count, cap), capped, count };
}

/** A listing with its landlord and whether the public may see it (computed by the database clock). */
export function findListing(db: Executor, id: number): Promise<(ListingWithLandlord & { is_public: boolean }) | undefined> {
  return db
    .selectFrom('listings')
    .innerJoin('users', 'users.id', 'listings.landlord_id')
    .selectAll('listings')
    .select(['users.name as landlord_name', 'users.profile_picture_url as landlord_picture', IS_PUBLIC.as('is_public')])
    .where('listings.id', '=', id)
    .executeTakeFirst();
}

/** Every listing of a landlord, whatever its status or expiry, newest first. */
export function findLandlordListings(db: Executor, landlordId: number): Promise<ListingWithLandlord[]> {
  return db
    .selectFrom('listings')
    .innerJoin('users', 'users.id', 'listings.landlord_id')
    .selectAll('listings')
    .select(['users.name as landlord_name', 'users.profile_picture_url as landlord_picture'])
    .where('listings.landlord_id', '=', landlordId)
    .orderBy('listings.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .execute();
}

/** Listings that count against the plan: every unexpired one, whatever its status. */
export async function countActiveListings(db: Executor, landlordId: number): Promise<number> {
  const { count } = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('landlord_id', '=', landlordId)
    .where(sql<SqlBool>`expires_at > now()`)
    .executeTakeFirstOrThrow();
  return count;
}

/**
 * The landlord's plan and account type, read with a row lock: a landlord's posts and renewals then run one at a
 * time, so two at once cannot both pass the limit. The account type is read under the lock because a switch to
 * Tenant takes the same lock (users routes): a request authenticated before a switch cannot add a listing after it.
 * Undefined when the account is gone.
 */
export async function lockLandlordPlan(trx: Transaction<DB>, landlordId: number): Promise<{ plan: PlanName; isLandlord: boolean } | undefined> {
  const row = await trx.selectFrom('users').select(['plan', 'user_type']).where('id', '=', landlordId).forUpdate().executeTakeFirst();
  return row ? { plan: row.plan, isLandlord: row.user_type === 'Landlord' } : undefined;
}

/** The landlord's unexpired listings (any status: what the plan limit counts), with the first and last expiry. */
export async function activeListingsSummary(db: Executor, landlordId: number): Promise<{ active: number; nextExpiresAt: Date | null; lastExpiresAt: Date | null }> {
  const row = await db
    .selectFrom('listings')
    .select((eb) => [eb.fn.countAll<number>().as('active'), eb.fn.min('expires_at').as('next'), eb.fn.max('expires_at').as('last')])
    .where('landlord_id', '=', landlordId)
    .where(sql<SqlBool>`expires_at > now()`)
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), nextExpiresAt: row.next ?? null, lastExpiresAt: row.last ?? null };
}

/** Active listings a plan allows; null is unlimited. */
export function planListingLimit(plan: PlanName): number | null {
  return PLANS.find((p) => p.name === plan)?.listingLimit ?? null;
}
