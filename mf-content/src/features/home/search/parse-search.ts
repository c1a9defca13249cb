import type { HomeSearch, SearchMode } from './search-url.ts';

export interface SearchInput {
  location: string;
  minPrice: string;
  maxPrice: string;
}
export type SearchErrors = Partial<Record<'minPrice' | 'maxPrice', string>>;

const RENT_MAX = 100_000;

function parseRent(raw: string, label: string): { value?: number; error?: string } {
  const text = raw.trim();
  if (!text) return {};
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > RENT_MAX) {
    return { error: `${label} must be an amount in pounds between 0 and ${RENT_MAX.toLocaleString('en-GB')}.` };
  }
  return { value };
}

/**
 * Reads the Home search box. The rent bounds only count for rooms; in
 * flatmates mode they are hidden and ignored.
 */
export function parseHomeSearch(mode: SearchMode, input: SearchInput): { search: HomeSearch; errors: SearchErrors } {
  const location = input.location.trim() || undefined;
  if (mode === 'flatmates') return { search: { location }, errors: {} };
  const min = parseRent(input.minPrice, 'Min rent');
  const max = parseRent(input.maxPrice, 'Max rent');
  const errors: SearchErrors = {};
  if (min.error) errors.minPrice = min.error;
  if (max.error) errors.maxPrice = max.error;
  if (min.value !== undefined && max.value !== undefined && max.value < min.value) {
    errors.maxPrice = 'Max rent must be at least the min rent.';
  }
  return { search: { location, minPrice: min.value, maxPrice: max.value }, errors };
}
