import { ROUTES, roomsSearchUrl } from '@roomnest/shared';

export type SearchMode = 'rooms' | 'flatmates';

export interface HomeSearch {
  location?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

const clean = (text: string | undefined) => {
  const t = text?.trim();
  return t ? t : undefined;
};

/** Rooms: /rooms?city=&minPrice=&maxPrice= (docs/product.md, Screens: Home), leaving out what was not filled in. */
export function roomsUrl({ location, minPrice, maxPrice }: HomeSearch): string {
  return roomsSearchUrl({ city: clean(location), minPrice, maxPrice });
}

/**
 * Flatmates: the Home search sends the location as `/flatmates?city=<location>`, and
 * that parameter is kept word for word. The flatmate search page and its API
 * filter on `preferred_locations` (docs/product.md, The API contract), so the same location is
 * also sent under that name; without it the search would open unfiltered.
 */
export function flatmatesUrl({ location }: HomeSearch): string {
  const where = clean(location);
  if (!where) return ROUTES.flatmates;
  const qs = new URLSearchParams({ city: where, preferred_locations: where });
  return `${ROUTES.flatmates}?${qs.toString()}`;
}

export function homeSearchUrl(mode: SearchMode, search: HomeSearch): string {
  return mode === 'rooms' ? roomsUrl(search) : flatmatesUrl(search);
}
