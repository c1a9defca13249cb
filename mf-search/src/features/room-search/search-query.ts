/**
 * The room search lives in the query string (spec section 2): city, address,
 * minPrice, maxPrice, priceRange, roomType, availableDate, sortBy and page.
 * Reading checks each parameter by the rules of the shared search schema
 * (listingSearchSchema; search-query.test.ts holds the two together) and
 * drops the ones that fail, so a hand-edited URL never breaks the page.
 * The checks are written out here rather than run through zod, which would
 * add about 15 kB gzip to the search page for nine simple parameters.
 * Writing leaves out empty values and the defaults, so URLs stay short.
 */
import { PRICE_RANGES, ROOM_TYPES, SORT_OPTIONS, type ListingSearchQuery, type SortBy } from '@roomnest/shared';

/** The server's default order (LISTING_SEARCH_DEFAULTS.sortBy; importing that would bring the schemas and zod in). */
const DEFAULT_SORT: SortBy = 'relevance';

/** The parameters of the search, in the order they appear in URLs. */
export const SEARCH_KEYS = ['city', 'address', 'minPrice', 'maxPrice', 'priceRange', 'roomType', 'availableDate', 'sortBy', 'page'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];
/** The filters: every parameter but the page. */
export const FILTER_KEYS = SEARCH_KEYS.filter((k) => k !== 'page') as Exclude<SearchKey, 'page'>[];

export type RoomSearch = Pick<ListingSearchQuery, SearchKey>;

const oneOf = (values: readonly string[]) => (raw: string) => (values.includes(raw) ? raw : undefined);
const text = (max: number) => (raw: string) => (raw.length <= max ? raw : undefined);
/** Pounds with at most 2 decimals, within the schema's bounds. */
const money = (raw: string) => (/^\d{1,7}(\.\d{1,2})?$/.test(raw) && Number(raw) <= 1_000_000 ? Number(raw) : undefined);
const pageNumber = (raw: string) => (/^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100_000 ? Number(raw) : undefined);
/** A calendar date that exists, YYYY-MM-DD, years 1900 to 2200. */
function calendarDate(raw: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const exists = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return exists && y >= 1900 && y <= 2200 ? raw : undefined;
}

const READERS: Record<SearchKey, (raw: string) => string | number | undefined> = {
  city: text(100),
  address: text(200),
  minPrice: money,
  maxPrice: money,
  priceRange: oneOf(PRICE_RANGES.map((r) => r.value)),
  roomType: oneOf(ROOM_TYPES),
  availableDate: calendarDate,
  sortBy: oneOf(SORT_OPTIONS.map((o) => o.value)),
  page: pageNumber,
};

export function readSearch(params: URLSearchParams): RoomSearch {
  const search: Record<string, string | number> = {};
  for (const key of SEARCH_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const value = READERS[key](raw);
    if (value !== undefined) search[key] = value;
  }
  return search as RoomSearch;
}

export function writeSearch(search: RoomSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = search[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'sortBy' && value === DEFAULT_SORT) continue;
    if (key === 'page' && Number(value) <= 1) continue;
    params.set(key, String(value));
  }
  return params;
}

/** `/rooms?…` (or `/find-a-room?…`) for a search. */
export function searchHref(pathname: string, search: RoomSearch): string {
  const qs = writeSearch(search).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** How many filters are set (the sort order is not a filter). */
export function activeFilterCount(search: RoomSearch): number {
  return FILTER_KEYS.filter((k) => k !== 'sortBy' && search[k] !== undefined).length;
}
