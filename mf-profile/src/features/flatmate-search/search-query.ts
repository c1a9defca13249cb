/**
 * The flatmate search lives in the query string: preferred_locations,
 * budget_min, budget_max, move_in_date and page (the names of
 * GET /api/users/flatmate-search). The Home page's search box sends its
 * location as `city` (docs/product.md, Screens: Home), which is read as the preferred
 * location when no preferred_locations is given.
 *
 * Reading checks each parameter by the rules of the shared flatmateSearchSchema
 * (search-query.test.ts holds the two together) and drops the ones that fail,
 * so a hand-edited URL never breaks the page. The checks are written out so
 * the search page does not bring zod into its bundle for five parameters.
 * Writing leaves out empty values, `city` (it is only ever an entry point)
 * and page 1, so URLs stay short.
 */
import { calendarDate, pageNumber, readQuery, ROUTES, type FlatmateSearchQuery, type QueryReader } from '@roomnest/shared';

export const FLATMATE_SEARCH_KEYS = ['preferred_locations', 'budget_min', 'budget_max', 'move_in_date', 'page'] as const;
export type FlatmateSearchKey = (typeof FLATMATE_SEARCH_KEYS)[number];

/** The Home search box's name for the location. */
export const HOME_LOCATION_KEY = 'city';

export const LOCATIONS_MAX_LENGTH = 500;
export const BUDGET_LIMIT = 100_000;

const locations = (raw: string) => (raw.length <= LOCATIONS_MAX_LENGTH ? raw : undefined);
const budget = (raw: string) => (/^\d{1,6}$/.test(raw) && Number(raw) <= BUDGET_LIMIT ? Number(raw) : undefined);
const READERS: Record<FlatmateSearchKey, QueryReader> = {
  preferred_locations: locations,
  budget_min: budget,
  budget_max: budget,
  move_in_date: calendarDate,
  page: pageNumber,
};

export function readFlatmateSearch(params: URLSearchParams): FlatmateSearchQuery {
  const search = readQuery(params, FLATMATE_SEARCH_KEYS, READERS);
  if (search.preferred_locations === undefined) {
    const city = params.get(HOME_LOCATION_KEY)?.trim();
    const value = city ? locations(city) : undefined;
    if (value) search.preferred_locations = value;
  }
  return search as FlatmateSearchQuery;
}

export function writeFlatmateSearch(search: FlatmateSearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FLATMATE_SEARCH_KEYS) {
    const value = search[key];
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && Number(value) <= 1) continue;
    params.set(key, String(value));
  }
  return params;
}

/** `/flatmates?…` for a search. */
export function flatmatesHref(search: FlatmateSearchQuery): string {
  const qs = writeFlatmateSearch(search).toString();
  return qs ? `${ROUTES.flatmates}?${qs}` : ROUTES.flatmates;
}

/** How many filters are set (the page is not a filter). */
export function activeFilterCount(search: FlatmateSearchQuery): number {
  return FLATMATE_SEARCH_KEYS.filter((k) => k !== 'page' && search[k] !== undefined).length;
}

