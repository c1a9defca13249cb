/**
 * Listing queries. Public search is one statement: the total count and the
 * page (joined to the landlords) come back together, each read through the
 * partial indexes of migration 0003 (status = 'Available', unexpired), in a
 * stable order that always ends with the id.
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
const IS_PUBLIC = sql<boolean>`listings.status = 'Available' and listings.expires_at > now()`;

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
 * The public search filter. city: case-insensitive prefix ('london' and 'Lon'
 * match 'London'); address: case-insensitive substring; rents inclusive;
 * availableDate: available on or before that day.
 */
function searchConditions(eb: ExpressionBuilder<DB, 'listings'>, filters: SearchFilters): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [IS_PUBLIC];
  if (filters.city) conditions.push(sql<SqlBool>`lower(listings.city) like lower(${`${escapeLike(filters.city)}%`})`);
  if (filters.address) conditions.push(sql<SqlBool>`lower(listings.address) like lower(${`%${escapeLike(filters.address)}%`})`);
  const { min, max } = rentBounds(filters);
  if (min !== undefined) conditions.push(eb('listings.rent', '>=', min));
  if (max !== undefined) conditions.push(eb('listings.rent', '<=', max));
  if (filters.roomType) conditions.push(eb('listings.room_type', '=', filters.roomType));
  if (filters.availableDate) conditions.push(eb('listings.available_date', '<=', filters.availableDate));
  return eb.and(conditions);
}

export interface SearchPage {
  rows: ListingWithLandlord[];
  total: number;
}

export interface PageOptions {
  sortBy: SortBy;
  page: number;
  pageSize: number;
}

/**
 * The search statement: the count row, joined laterally to the page's rows
 * (none past the last page) and their landlords; or, with `count: false`, the
 * page alone. Exposed for the benchmark's query plans; `searchListings` runs it.
 */
export function searchQuery(db: Executor, filters: SearchFilters, { sortBy, page, pageSize }: PageOptions, { count = true }: { count?: boolean } = {}) {
  const order = SORT_ORDERS[sortBy];
  const where = (eb: ExpressionBuilder<DB, 'listings'>) => searchConditions(eb, filters);

  let pageQuery = db.selectFrom('listings').where(where).selectAll('listings');
  for (const [column, direction] of order) pageQuery = pageQuery.orderBy(`listings.${column}`, direction);
  pageQuery = pageQuery.limit(pageSize).offset((page - 1) * pageSize);

  const counted = db
    .selectFrom('listings')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('total'));
  // Without a count, a constant row stands in for it, so both forms answer the same columns.
  const head = count ? counted : db.selectNoFrom(sql<number>`null::bigint`.as('total'));

  let query = db
    .selectFrom(head.as('t'))
    .leftJoinLateral(pageQuery.as('p'), (join) => join.onTrue())
    .leftJoin('users as u', 'u.id', 'p.landlord_id')
    .selectAll('p')
    .select(['t.total', 'u.name as landlord_name', 'u.profile_picture_url as landlord_picture']);
  for (const [column, direction] of order) query = query.orderBy(`p.${column}`, direction);
  return query;
}

/**
 * One page of public search and the total over all pages, in one statement;
 * when the caller already knows the total (see SearchCountCache), only the page is read.
 */
export async function searchListings(db: Executor, filters: SearchFilters, options: PageOptions, knownTotal?: number): Promise<SearchPage> {
  const rows = await searchQuery(db, filters, options, { count: knownTotal === undefined }).execute();
  return {
    total: knownTotal ?? rows[0]?.total ?? 0,
    rows: rows.filter((row) => row.id !== null) as ListingWithLandlord[],
  };
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

/** The landlord's plan, read with a row lock: a landlord's posts and renewals then run one at a time, so two at once cannot both pass the limit. */
export async function lockLandlordPlan(trx: Transaction<DB>, landlordId: number): Promise<PlanName | undefined> {
  const row = await trx.selectFrom('users').select('plan').where('id', '=', landlordId).forUpdate().executeTakeFirst();
  return row?.plan;
}

/** Active listings a plan allows; null is unlimited. */
export function planListingLimit(plan: PlanName): number | null {
  return PLANS.find((p) => p.name === plan)?.listingLimit ?? null;
}
