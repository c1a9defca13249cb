/**
 * Which saved searches a listing matches, in SQL against the match columns of
 * migration 0018 (saved_search_terms), never by loading saved searches.
 *
 * `searchTerms` derives a search's rows when it is saved, from its Criteria
 * read exactly as GET /api/listings reads them (listings/repository.ts
 * searchConditions, rentBounds; listings/places.ts for the City field); see
 * the migration for what each row means. `matchQuery` answers the searches a
 * listing matches: the listing's own readings (each prefix of its city, its
 * city, area, street, district, postcode, and 'any') probe the partial index
 * of the searches that send something, and each row found is checked against
 * the listing's columns. The listing must be public (Available and not
 * expired, by the database clock, as search shows it), and the landlord's own
 * searches never match.
 */
import type { SavedSearchCriteria } from '@roomnest/shared';
import { sql, type Insertable } from 'kysely';
import type { Executor, SavedSearchTermsTable } from '../../db/types.ts';
import { placeKey, placeParts, readDistrict, readPostcode, resolvePlace, type PlaceMatch } from '../listings/places.ts';
import { IS_PUBLIC, rentBounds } from '../listings/repository.ts';

/** One reading of a search's City field with its filters, as a row of saved_search_terms (less the search and owner). */
export type SearchTerm = Omit<Insertable<SavedSearchTermsTable>, 'saved_search_id' | 'user_id' | 'frequency'>;

type PlaceColumns = Pick<SearchTerm, 'place_kind' | 'place_key' | 'unless_city' | 'area' | 'street' | 'district' | 'postcode' | 'city' | 'city_prefix'>;

/** The City field's readings (see migration 0018): none when a text of several parts named nothing when saved. */
async function placeTerms(db: Executor, city: string | undefined): Promise<PlaceColumns[]> {
  if (!city) return [{ place_kind: 'any', place_key: '' }];
  // The text as search reads it (search-routes.ts reads the place of placeKey(city)).
  const text = placeKey(city);
  const parts = placeParts(text);
  if (!parts.length) return [];
  if (parts.length === 1) {
    const part = parts[0]!;
    const postcode = readPostcode(part);
    if (postcode) return [{ place_kind: 'postcode', place_key: postcode.postcode, postcode: postcode.postcode }];
    const district = readDistrict(part);
    if (district) return [{ place_kind: 'district', place_key: district, district }];
    // Every reading the part can have; the listing matched shows which it has (see the migration).
    return [
      { place_kind: 'area', place_key: part, area: part, unless_city: true },
      { place_kind: 'street', place_key: part, street: part },
      { place_kind: 'city-prefix', place_key: part, city_prefix: part },
    ];
  }
  const place = await resolvePlace(db, text);
  return place.matches.map(combinedTerm);
}

/** The place columns a combined reading is keyed by, the most precise first. */
const MOST_PRECISE_FIRST = ['postcode', 'street', 'district', 'area', 'city'] as const;

/** The one reading of a text of several parts: every condition of it, keyed by the most precise. */
function combinedTerm(match: PlaceMatch): PlaceColumns {
  const cities = match.city?.cities;
  const prefix = match.city?.prefix.toLowerCase();
  // A city named in full means that city alone (places.ts combine); otherwise the cities the start names.
  const exactCity = match.city && cities?.length === 1 && cities[0] === prefix ? prefix : undefined;
  const cityPrefix = match.city && !exactCity ? prefix : undefined;
  const columns = {
    area: match.area?.toLowerCase() ?? null,
    street: match.street?.toLowerCase() ?? null,
    district: match.district ?? null,
    postcode: match.postcode ?? null,
    city: exactCity ?? null,
    city_prefix: cityPrefix ?? null,
  };
  const kind = MOST_PRECISE_FIRST.find((k) => columns[k]);
  return kind ? { place_kind: kind, place_key: columns[kind]!, ...columns } : { place_kind: 'city-prefix', place_key: columns.city_prefix ?? '', ...columns };
}

/** The filters of `criteria` besides the place, as match columns (rents through rentBounds, as search reads them). */
export function criteriaFilters(criteria: SavedSearchCriteria) {
  const { min, max } = rentBounds(criteria);
  return {
    min_rent: min ?? null,
    max_rent: max ?? null,
    room_type: criteria.roomType ?? null,
    available_date: criteria.availableDate ?? null,
    address: criteria.address ? criteria.address.toLowerCase() : null,
  };
}

/** The rows of saved_search_terms for `criteria`. */
export async function searchTerms(db: Executor, criteria: SavedSearchCriteria): Promise<SearchTerm[]> {
  const filters = criteriaFilters(criteria);
  return (await placeTerms(db, criteria.city)).map((place) => ({ ...place, ...filters }));
}

const lower = (text: string | null | undefined) => (text == null ? null : (sql<string>`lower(${text})` as never));

/** A row of saved_search_terms as written: its texts lower-cased by the database, as search lower-cases the listing's. */
export function termRow(search: { id: number; userId: number; frequency: 'instant' | 'daily' | 'off' }, term: SearchTerm): Insertable<SavedSearchTermsTable> {
  return {
    ...term,
    saved_search_id: search.id,
    user_id: search.userId,
    frequency: search.frequency,
    // Compared with lower(...) of the listing's columns, as search compares them: the database's lower, not JavaScript's.
    place_key: term.place_kind === 'postcode' || term.place_kind === 'district' ? term.place_key : lower(term.place_key)!,
    area: lower(term.area),
    street: lower(term.street),
    city: lower(term.city),
    city_prefix: lower(term.city_prefix),
    address: lower(term.address),
  };
}

/** Writes a search's rows, in the transaction that saves it (its Criteria never change afterwards). */
export async function writeSearchTerms(db: Executor, search: { id: number; userId: number; frequency: 'instant' | 'daily' | 'off' }, terms: readonly SearchTerm[]) {
  if (!terms.length) return;
  await db
    .insertInto('saved_search_terms')
    .values(terms.map((term) => termRow(search, term)))
    .execute();
}

export interface SearchMatch {
  saved_search_id: number;
  user_id: number;
  frequency: 'instant' | 'daily';
}

/**
 * The saved searches (instant or daily) listing `listingId` matches, as a statement to run alone or inside
 * another (recordMatches). Nothing when the listing is not public.
 */
export function matchQuery(listingId: number) {
  return sql<SearchMatch>`
    with l as (
      select id, landlord_id, lower(city) as city, lower(area) as area, lower(street) as street, district, postcode,
        rent, room_type, available_date, lower(address) as address,
        -- Search drops an area reading of a text that is also a city's full name (places.ts namesCity): asked once
        -- here, of the listing's area, which the area rows it could concern equal.
        exists (select 1 from places p where p.kind = 'city' and p.key = lower(listings.area) and p.listings > 0) as area_names_city
      from listings
      where id = ${listingId} and ${IS_PUBLIC}
    ),
    readings (kind, key) as (
      select 'any', '' from l
      union all select 'city', l.city from l
      union all select 'city-prefix', left(l.city, n) from l, generate_series(1, char_length(l.city)) as n
      union all select 'area', l.area from l where l.area is not null
      union all select 'street', l.street from l where l.street is not null
      union all select 'district', l.district from l where l.district is not null
      union all select 'postcode', l.postcode from l where l.postcode is not null
    )
    select distinct t.saved_search_id, t.user_id, t.frequency
    from readings r
    join saved_search_terms t on t.place_kind = r.kind and t.place_key = r.key and t.frequency <> 'off'
    cross join l
    where t.user_id <> l.landlord_id
      and (t.min_rent is null or l.rent >= t.min_rent)
      and (t.max_rent is null or l.rent <= t.max_rent)
      and (t.room_type is null or t.room_type = l.room_type)
      and (t.available_date is null or l.available_date <= t.available_date)
      and (t.address is null or strpos(l.address, t.address) > 0)
      and (t.area is null or t.area = l.area)
      and (t.street is null or t.street = l.street)
      and (t.district is null or t.district = l.district)
      and (t.postcode is null or t.postcode = l.postcode)
      and (t.city is null or t.city = l.city)
      and (t.city_prefix is null or left(l.city, char_length(t.city_prefix)) = t.city_prefix)
      and (not t.unless_city or not l.area_names_city)
  `;
}

/** The saved searches a listing matches now (see matchQuery). */
export async function matchingSearches(db: Executor, listingId: number): Promise<SearchMatch[]> {
  return (await matchQuery(listingId).execute(db)).rows;
}
