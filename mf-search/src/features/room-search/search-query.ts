/**
 * The room search lives in the query string (docs/product.md, Screens): city, address,
 * minPrice, maxPrice, priceRange, roomType, availableDate, sortBy and page.
 * Reading checks each parameter by the rules of the shared search schema
 * (listingSearchSchema; search-query.test.ts holds the two together) and
 * drops the ones that fail, so a hand-edited URL never breaks the page.
 * The checks are written out here rather than run through zod, which would
 * add about 15 kB gzip to the search page for nine simple parameters.
 * Writing leaves out empty values and the defaults, so URLs stay short.
 */
import { calendarDate, pageNumber, PRICE_RANGES, readQuery, ROOM_TYPES, SORT_OPTIONS, type ListingSearchQuery, type QueryReader, type SortBy } from '@roomnest/shared';

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
const READERS: Record<SearchKey, QueryReader> = {
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
  return readQuery(params, SEARCH_KEYS, READERS) as RoomSearch;
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
