/**
 * Saved searches in words, the same on every screen that shows one (the Save this search dialog and the
 * Saved searches page in mf-search, My Profile's notifications section in mf-profile): what a search's
 * criteria ask for, the name a new search starts with, the words of each frequency and the search's link.
 * Pure and free of zod, so the room search page can use it without the schemas.
 */
import { PRICE_RANGES, SAVED_SEARCH_NAME_MAX } from './constants.ts';
import type { SavedSearchCriteria, SavedSearchFrequency } from './domain.ts';
import { formatDate, formatMoney, snippet } from './format.ts';
import { roomsSearchUrl } from './routes.ts';

/** The criteria a saved search keeps, in the order the room search writes them into its URL. */
export const SAVED_SEARCH_CRITERIA_KEYS = ['city', 'address', 'minPrice', 'maxPrice', 'priceRange', 'roomType', 'availableDate'] as const satisfies readonly (keyof SavedSearchCriteria)[];

/** The criteria of a room search (its sort order and page left out, blank values dropped). */
export function savedSearchCriteria(search: Partial<Record<string, unknown>>): SavedSearchCriteria {
  const criteria: Record<string, unknown> = {};
  for (const key of SAVED_SEARCH_CRITERIA_KEYS) {
    const value = search[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) continue;
    criteria[key] = typeof value === 'string' ? value.trim() : value;
  }
  return criteria as SavedSearchCriteria;
}

/** What a frequency does, in plain words: a short label and the sentence that explains it. */
export const SAVED_SEARCH_FREQUENCY_TEXT: Readonly<Record<SavedSearchFrequency, { label: string; hint: string }>> = {
  instant: { label: 'Instant', hint: 'Email me as soon as a matching room is posted' },
  daily: { label: 'Daily digest', hint: 'One email a day with new matches' },
  off: { label: 'Off', hint: "Don't email me" },
};

const ROOM_WORDS: Record<string, string> = { Single: 'Single rooms', Double: 'Double rooms', Studio: 'Studios', Shared: 'Shared rooms' };

/** The rent part: "up to £900 a month", "from £500 a month", "£500 to £900 a month", or the price range's own words. */
function rentWords(c: SavedSearchCriteria): string[] {
  const parts: string[] = [];
  const { minPrice: min, maxPrice: max } = c;
  if (min !== undefined && max !== undefined) parts.push(`${formatMoney(min)} to ${formatMoney(max)} a month`);
  else if (max !== undefined) parts.push(`up to ${formatMoney(max)} a month`);
  else if (min !== undefined) parts.push(`from ${formatMoney(min)} a month`);
  const range = PRICE_RANGES.find((r) => r.value === c.priceRange);
  if (range) parts.push(range.max === null ? `${formatMoney(range.min)} or more a month` : `${formatMoney(range.min)} to ${formatMoney(range.max)} a month`);
  return parts;
}

/**
 * A search in words (en-GB, £): "Double rooms in Hackney, London, up to £900 a month, available by 1 Dec 2026";
 * "Any room" when it has no criteria.
 */
export function describeSavedSearch(c: SavedSearchCriteria): string {
  const subject = (c.roomType && ROOM_WORDS[c.roomType]) || 'Rooms';
  const place = [c.address, c.city].filter((p): p is string => Boolean(p && p.trim())).join(', ');
  const rest = [...rentWords(c), ...(c.availableDate ? [`available by ${formatDate(c.availableDate)}`] : [])];
  if (!place && !c.roomType && rest.length === 0) return 'Any room, anywhere';
  return [place ? `${subject} in ${place}` : subject, ...rest].join(', ');
}

/** The name a new search starts with: its description, cut to the longest name allowed on a word boundary. */
export function defaultSavedSearchName(c: SavedSearchCriteria): string {
  // The ellipsis is one more character than the cut.
  return snippet(describeSavedSearch(c), SAVED_SEARCH_NAME_MAX - 1);
}

/** The room search a saved search runs: /rooms with its criteria. */
export function savedSearchHref(c: SavedSearchCriteria): string {
  return roomsSearchUrl(savedSearchCriteria(c as Partial<Record<string, unknown>>) as Record<string, string | number>);
}
