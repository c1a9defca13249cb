/**
 * Listing queries. Public search counts its matches up to a cap, then reads
 * one page joined to the landlords, through the partial indexes of migrations
 * 0003, 0006 and 0009 (status = 'Available', unexpired), in a stable order
 * that always ends with the id. The City field is read as a place first
 * (places.ts): each of its matches is one branch of the search, an equality
 * on an indexed column.
 */
import {
  LISTING_ACTIVE_DAYS,
  LISTING_RENEW_WINDOW_DAYS,
  PLANS,
  PRICE_RANGES,
  type ListingInput,
  type ListingStatus,
  type ListingUpdateInput,
  type PlanName,
  type RoomType,
  type SortBy,
} from '@roomnest/shared';
import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Transaction } from 'kysely';
import type { DB, Executor, ListingRow, ListingsTable } from '../../db/types.ts';
import { escapeLike, resolvePlace, type CityMatch, type Place, type PlaceMatch } from './places.ts';

export type { Executor };

/**
 * The columns a Listing shows (schemas.ts toListing), read by every read of listings: not the place columns
 * the database computes for search (area, street, postcode, district), which no answer carries.
 */
const LISTING_COLUMNS = [
  'id',
  'landlord_id',
  'title',
  'description',
  'address',
  'city',
  'state',
  'zip_code',
  'room_type',
  'rent',
  'deposit',
  'available_date',
  'image_path',
  'thumb_path',
  'amenities',
  'lease_terms',
  'pet_policy',
  'smoking_policy',
  'status',
  'created_at',
  'expires_at',
] as const satisfies readonly (keyof ListingRow)[];
/** The columns of LISTING_COLUMNS, qualified: also read by other features that answer Listings (saved-listings). */
export const LISTING_SELECTION = LISTING_COLUMNS.map((column) => `listings.${column}` as const);

/** A listing row with its landlord's name and picture, as every read of listings answers it (schemas.ts maps it to a Listing). */
export type ListingWithLandlord = Pick<ListingRow, (typeof LISTING_COLUMNS)[number]> & {
  landlord_name: string;
  landlord_picture: string | null;
  /** The landlord has confirmed their email address (landlordVerified). */
  landlord_verified: boolean;
  /** Search reads its cover photo with the page (the cover's files are image_path and thumb_path). */
  cover_id?: number | null;
  cover_width?: number | null;
  cover_height?: number | null;
};

export { escapeLike, matchCities, MAX_CITY_EXPANSION, type CityMatch } from './places.ts';

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

/**
 * Whether the landlord has confirmed their email address, read from the landlord's row every read of listings
 * already joins for the name (`users`, or `u` in search): no other join, so search costs nothing more.
 */
export const landlordVerified = (users: 'users' | 'u') => sql<boolean>`(${sql.ref(`${users}.email_verified_at`)} is not null)`.as('landlord_verified');

/**
 * A listing anyone may see: Available, not expired, not taken down by a moderator and its owner not suspended
 * (literals, so the partial indexes on status apply; the two trust and safety columns are tests of the same row).
 */
export const IS_PUBLIC = sql<boolean>`(listings.status = 'Available' and listings.expires_at > now() and listings.removed_at is null and not listings.owner_suspended)`;

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

/**
 * How a search reads its City field: a place (resolvePlace), or its cities
 * alone (matchCities: the field as a city prefix, as the benchmark's plans
 * and older callers give it).
 */
export type CityReading = Place | CityMatch;

/**
 * One branch of a search: a match of the place, and the matches before it,
 * whose listings it leaves to them (so that branches never share a listing
 * and their counts add up). `rank` orders the branches under relevance: the
 * exact area, district and postcode matches first.
 */
export interface Branch {
  match: PlaceMatch;
  before: readonly PlaceMatch[];
  rank: number;
}

/**
 * The branches of a search: [undefined] without a City field (one branch, no
 * place condition); none when the field names nothing (the search is empty).
 */
export function branchesOf(filters: Pick<SearchFilters, 'city'>, reading: CityReading | undefined): (Branch | undefined)[] {
  if (!filters.city || reading === undefined) return [undefined];
  const matches: readonly PlaceMatch[] =
    reading === null || Array.isArray(reading)
      ? reading?.length === 0
        ? []
        : [{ kind: 'city', exact: false, label: filters.city, city: { prefix: filters.city, cities: reading as CityMatch } }]
      : (reading as Place).matches;
  return matches.map((match, i) => ({ match, before: matches.slice(0, i), rank: match.exact ? 0 : 1 }));
}

/** The conditions of one match, all of which a listing meets: each an equality an index of 0006 or 0009 answers. */
function matchConditions(match: PlaceMatch): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (match.area !== undefined) conditions.push(sql<SqlBool>`lower(listings.area) = lower(${match.area})`);
  if (match.street !== undefined) conditions.push(sql<SqlBool>`lower(listings.street) = lower(${match.street})`);
  if (match.district !== undefined) conditions.push(sql<SqlBool>`listings.district = ${match.district}`);
  if (match.postcode !== undefined) conditions.push(sql<SqlBool>`listings.postcode = ${match.postcode}`);
  if (match.city) {
    const { prefix, cities } = match.city;
    if (!cities) conditions.push(sql<SqlBool>`lower(listings.city) like lower(${`${escapeLike(prefix)}%`})`);
    else if (cities.length === 1) conditions.push(sql<SqlBool>`lower(listings.city) = ${cities[0]}`);
    else conditions.push(sql<SqlBool>`lower(listings.city) in (${sql.join(cities.length ? cities : [null])})`);
  }
  return conditions;
}

/**
 * The public search filter. The place: one branch of it (see Branch; the City
 * field read by places.ts: a city prefix, 'london' and 'Lon' matching London,
 * an area, street, district or postcode); address: case-insensitive substring;
 * rents inclusive; availableDate: available on or before that day.
 */
function searchConditions(
  eb: ExpressionBuilder<DB, 'listings'>,
  filters: SearchFilters,
  branch: Branch | undefined | null,
  { addressIndex = true }: { addressIndex?: boolean } = {},
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [IS_PUBLIC];
  // null: a City field that names nothing (callers answer without asking; this keeps a statement built anyway empty).
  if (branch === null) conditions.push(sql<SqlBool>`false`);
  else if (branch) {
    conditions.push(...matchConditions(branch.match));
    // Listings an earlier match holds are its own (a column may be null: `is not true`, not `not`).
    for (const earlier of branch.before) conditions.push(sql<SqlBool>`(${eb.and(matchConditions(earlier))}) is not true`);
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

/** One branch's matches counted, up to `cap` + 1 (one more than the cap means "more than the cap"). */
function branchCount(db: Executor, filters: SearchFilters, branch: Branch | undefined | null, cap: number) {
  const matches = db
    .selectFrom('listings')
    .where((eb) => searchConditions(eb, filters, branch))
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1);
  return db.selectFrom(matches.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * The matches counted, up to `cap` + 1 in each branch, in one statement: `n`,
 * their sum, and with several branches each one's count as n0, n1, …
 */
export function countQuery(db: Executor, filters: SearchFilters, reading: CityReading | undefined, cap = SEARCH_TOTAL_CAP) {
  const branches = branchesOf(filters, reading);
  if (branches.length <= 1) return branchCount(db, filters, branches.length ? branches[0] : null, cap);
  const counts = db.selectNoFrom(branches.map((branch, i) => branchCount(db, filters, branch, cap).as(`n${i}`)));
  const sum = sql.join(
    branches.map((_, i) => sql.ref(`s.n${i}`)),
    sql` + `,
  );
  return db
    .selectFrom(counts.as('s'))
    .selectAll('s')
    .select(sql<number>`${sum}`.as('n'));
}

/** Each branch's count in a row of countQuery for `branches` branches. */
export function branchCounts(row: { n: number }, branches: number): number[] {
  const counts = row as unknown as Record<string, unknown>;
  return branches <= 1 ? [Number(counts.n)] : Array.from({ length: branches }, (_, i) => Number(counts[`n${i}`]));
}

/** The ids and sort keys of one branch's first matches in `order`, from `offset`, read by `strategy`. */
function branchIds(
  db: Executor,
  filters: SearchFilters,
  branch: Branch | undefined | null,
  order: (typeof SORT_ORDERS)[SortBy],
  strategy: PageStrategy,
  limit: number,
  offset: number,
) {
  const keys = order.map(([column]) => column);
  const where = (eb: ExpressionBuilder<DB, 'listings'>) => searchConditions(eb, filters, branch, { addressIndex: strategy === 'collect' });
  if (strategy === 'walk') {
    let walk = db.selectFrom('listings').where(where).select(keys.map((k) => `listings.${k}` as const));
    for (const [column, direction] of order) walk = walk.orderBy(`listings.${column}`, direction);
    return walk.limit(limit).offset(offset);
  }
  let collect = db
    .with(
      (cte) => cte('matches').materialized(),
      (qb) => qb.selectFrom('listings').where(where).select(keys.map((k) => `listings.${k}` as const)),
    )
    .selectFrom('matches')
    .selectAll('matches');
  for (const [column, direction] of order) collect = collect.orderBy(`matches.${column}` as never, direction);
  return collect.limit(limit).offset(offset);
}

/**
 * One page of public search joined to the landlords, in a stable order that
 * always ends with the id: first the page's ids and sort keys (`strategy`,
 * one per branch or one for all), then their rows by primary key. With
 * several branches, each gives its first `offset + limit` matches in order
 * (read by its own strategy), and the page is taken from them together:
 * under relevance the exact branches first, otherwise in the sort order
 * alone. Exposed for the benchmark's query plans; `searchListings` runs it.
 */
export function pageQuery(
  db: Executor,
  filters: SearchFilters,
  reading: CityReading | undefined,
  { sortBy, page, pageSize }: PageOptions,
  strategy: PageStrategy | readonly PageStrategy[],
  limit = pageSize,
) {
  const order = SORT_ORDERS[sortBy];
  const branches = branchesOf(filters, reading);
  const strategyOf = (i: number) => (typeof strategy === 'string' ? strategy : (strategy[i] ?? 'collect'));
  const offset = (page - 1) * pageSize;

  let pageIds;
  if (branches.length <= 1) {
    pageIds = branchIds(db, filters, branches.length ? branches[0] : null, order, strategyOf(0), limit, offset).as('k');
  } else {
    const firsts = branches.map((branch, i) =>
      db
        .selectFrom(branchIds(db, filters, branch, order, strategyOf(i), offset + limit, 0).as(`b${i}`))
        .selectAll()
        .select(sql.lit(branch!.rank).as('rank')),
    );
    const together = firsts.slice(1).reduce((union, next) => union.unionAll(next as never), firsts[0]!);
    let merged = db.selectFrom(together.as('u')).selectAll('u');
    if (sortBy === 'relevance') merged = merged.orderBy('u.rank' as never);
    for (const [column, direction] of order) merged = merged.orderBy(`u.${column}` as never, direction);
    pageIds = merged.limit(limit).offset(offset).as('k');
  }

  let query = db
    .selectFrom(pageIds)
    .innerJoin('listings', 'listings.id', 'k.id' as never)
    .innerJoin('users as u', 'u.id', 'listings.landlord_id')
    // The cover alone (search answers carry no other photo): one probe of listing_photos' (listing_id, position)
    // index per row of the page; its files are the listing's own cover columns.
    .leftJoin('listing_photos as cover', (join) => join.onRef('cover.listing_id', '=', 'listings.id').on('cover.position', '=', 0))
    .select(LISTING_SELECTION)
    .select(['u.name as landlord_name', 'u.profile_picture_url as landlord_picture', 'cover.id as cover_id', 'cover.width as cover_width', 'cover.height as cover_height'])
    .select(landlordVerified('u'));
  if (branches.length > 1 && sortBy === 'relevance') query = query.orderBy('k.rank' as never);
  for (const [column, direction] of order) query = query.orderBy(`listings.${column}`, direction);
  return query;
}

export interface SearchPage {
  rows: ListingWithLandlord[];
  /** Matches, at most `cap`. */
  total: number;
  /** More than `cap` match. */
  capped: boolean;
  /** The count as read, up to cap + 1. */
  count: number;
  /** What to keep for the next search with the same filters (the search cache): each branch's count as read, up to cap + 1. */
  counts: number[];
  /** The City field as read (resolvePlace); absent without one, or when the caller gave its cities. */
  place?: Place | undefined;
}

export interface SearchOptions {
  /** The count of a recent search with the same filters (one branch); read when absent. */
  knownCount?: number | undefined;
  /** Each branch's count of a recent search with the same filters (SearchPage.counts); read when absent. */
  knownCounts?: readonly number[] | undefined;
  /** The City field read as a place (resolvePlace); resolved when absent and `cities` is too. */
  place?: Place | undefined;
  /** The cities the City field matches as a city prefix, read as nothing else (matchCities). */
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
 * cap. Two statements at most once the City field is read: the count
 * (skipped when known), then the page (skipped when it is past the last one).
 */
export async function searchListings(db: Executor, filters: SearchFilters, options: PageOptions, search: SearchOptions = {}): Promise<SearchPage> {
  const cap = search.cap ?? SEARCH_TOTAL_CAP;
  const place = filters.city && search.cities === undefined ? (search.place ?? (await resolvePlace(db, filters.city))) : undefined;
  const reading: CityReading | undefined = filters.city ? (place ?? search.cities) : undefined;
  const branches = branchesOf(filters, reading);
  if (!branches.length) return { rows: [], total: 0, capped: false, count: 0, counts: [], place };

  let counts: number[] | undefined;
  if (search.knownCounts?.length === branches.length) counts = [...search.knownCounts];
  else if (search.knownCount !== undefined && branches.length === 1) counts = [search.knownCount];
  const known = counts !== undefined;
  if (!counts) {
    counts = branchCounts(await countQuery(db, filters, reading, cap).executeTakeFirstOrThrow(), branches.length);
  }
  const count = Math.min(
    counts.reduce((sum, n) => sum + n, 0),
    cap + 1,
  );
  const capped = count > cap;
  const offset = (options.page - 1) * options.pageSize;
  // A capped search ends at the cap. Otherwise a page past a count read just now is empty without asking; a
  // remembered count may be stale (another instance added listings), so the rows are read fresh.
  const limit = capped ? Math.min(options.pageSize, cap - offset) : !known && offset >= count ? 0 : options.pageSize;
  let rows: unknown[] = [];
  if (limit > 0) {
    // The table's size matters only to a branch that is not past the cap (pageStrategy).
    const tableRows = counts.every((n) => n > cap) ? 0 : (search.tableRows ?? (await estimateListings(db)));
    const strategies = counts.map((n) => pageStrategy(n, cap, offset + limit, tableRows));
    rows = await pageQuery(db, filters, reading, options, strategies, limit).execute();
  }
  return { rows: rows as ListingWithLandlord[], total: Math.min(count, cap), capped, count, counts, place };
}

/** A listing with its landlord and whether the public may see it (computed by the database clock). */
export function findListing(db: Executor, id: number): Promise<(ListingWithLandlord & { is_public: boolean }) | undefined> {
  return db
    .selectFrom('listings')
    .innerJoin('users', 'users.id', 'listings.landlord_id')
    .select(LISTING_SELECTION)
    .select(['users.name as landlord_name', 'users.profile_picture_url as landlord_picture', IS_PUBLIC.as('is_public')])
    .select(landlordVerified('users'))
    .where('listings.id', '=', id)
    .executeTakeFirst();
}

/** Every listing of a landlord, whatever its status or expiry, newest first. */
export function findLandlordListings(db: Executor, landlordId: number): Promise<(ListingWithLandlord & { removed_at: Date | null })[]> {
  return db
    .selectFrom('listings')
    .innerJoin('users', 'users.id', 'listings.landlord_id')
    .select(LISTING_SELECTION)
    .select(['users.name as landlord_name', 'users.profile_picture_url as landlord_picture', 'listings.removed_at'])
    .select(landlordVerified('users'))
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

type FormColumn =
  | 'title'
  | 'description'
  | 'address'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'room_type'
  | 'rent'
  | 'deposit'
  | 'available_date'
  | 'lease_terms'
  | 'pet_policy'
  | 'smoking_policy'
  | 'amenities';

/** The columns a listing form sets (the policies default when left out). */
function formColumns(input: ListingInput): Required<Pick<Insertable<ListingsTable>, FormColumn>> {
  return {
    title: input.Title,
    description: input.Description ?? '',
    address: input.Address,
    city: input.City,
    state: input.State,
    zip_code: input.ZipCode,
    room_type: input.RoomType,
    rent: input.Rent,
    deposit: input.Deposit ?? null,
    available_date: input.AvailableDate,
    lease_terms: input.LeaseTerms ?? '',
    pet_policy: input.PetPolicy ?? 'Case-by-Case',
    smoking_policy: input.SmokingPolicy ?? 'Not Allowed',
    amenities: input.Amenities,
  };
}

/** The `/uploads/...` paths of a listing's image and its card-sized copy. */
export interface ListingImage {
  imagePath: string;
  thumbPath: string;
}

/** A new listing from the posting form, with its image as its first photo when one came; answers its id. */
export async function insertListing(db: Executor, landlordId: number, input: ListingInput, image: ListingImage | null): Promise<{ id: number }> {
  const listing = await db.insertInto('listings').values({ ...formColumns(input), landlord_id: landlordId }).returning('id').executeTakeFirstOrThrow();
  // The listing's cover columns follow its first photo (migration 0014's trigger).
  if (image) await db.insertInto('listing_photos').values({ listing_id: listing.id, position: 0, path: image.imagePath, card_path: image.thumbPath }).execute();
  return listing;
}

/** The owner and image of a listing, locked until the transaction ends, so that a concurrent update cannot swap the image between this read and the write. */
export function lockListingImage(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('listings').select(['landlord_id', 'image_path', 'thumb_path', IS_PUBLIC.as('is_public')]).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Every field of the update form (the photos stay: a new cover is replaceCover's). Expiry does not change. */
export async function updateListingForm(db: Executor, id: number, input: ListingUpdateInput): Promise<void> {
  await db
    .updateTable('listings')
    .set({
      ...formColumns(input),
      status: input.Status,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes listings (their photos go with them, on delete cascade) and answers the files of every photo they had,
 * read in the same statement; `deleted` is how many listings went.
 */
export async function deleteListingsWhere(db: Executor, which: { id?: number; landlordId: number }): Promise<{ deleted: number; files: string[] }> {
  const { rows } = await sql<{ id: number; path: string | null; card_path: string | null }>`
    with gone as (
      delete from listings where landlord_id = ${which.landlordId} ${which.id === undefined ? sql`` : sql`and id = ${which.id}`}
      returning id, image_path, thumb_path
    )
    select gone.id, p.path, p.card_path from gone left join listing_photos p on p.listing_id = gone.id
    union all
    select id, image_path, thumb_path from gone
  `.execute(db);
  const files = [...new Set(rows.flatMap((r) => [r.path, r.card_path]).filter((f): f is string => Boolean(f)))];
  return { deleted: new Set(rows.map((r) => r.id)).size, files };
}

/** Deletes the landlord's listing; answers its photos' files, or undefined when it is not theirs (or gone). */
export async function deleteLandlordListing(db: Executor, id: number, landlordId: number): Promise<{ files: string[] } | undefined> {
  const { deleted, files } = await deleteListingsWhere(db, { id, landlordId });
  return deleted ? { files } : undefined;
}

/** Sets the status of the landlord's listing (nothing when it is not theirs). */
export async function setListingStatus(db: Executor, id: number, landlordId: number, status: ListingStatus): Promise<void> {
  await db.updateTable('listings').set({ status, updated_at: sql<Date>`now()` }).where('id', '=', id).where('landlord_id', '=', landlordId).execute();
}

/**
 * A listing as renewal judges it, locked until the transaction ends: whether it is live now, and whether it is
 * within the renewal window (both by the database clock, as expiry is everywhere else).
 */
export function lockListingForRenewal(trx: Transaction<DB>, id: number) {
  return trx
    .selectFrom('listings')
    .select([
      'landlord_id',
      'expires_at',
      'removed_at',
      IS_PUBLIC.as('is_public'),
      sql<boolean>`expires_at > now()`.as('active'),
      sql<boolean>`expires_at <= now() + make_interval(days => ${LISTING_RENEW_WINDOW_DAYS})`.as('renewable'),
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Puts the listing back in search for LISTING_ACTIVE_DAYS from now; answers the new expiry. */
export async function renewListing(db: Executor, id: number): Promise<Date> {
  const { expires_at } = await db
    .updateTable('listings')
    .set({ expires_at: sql<Date>`now() + make_interval(days => ${LISTING_ACTIVE_DAYS})`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return expires_at;
}
