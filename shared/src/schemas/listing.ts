import { z } from './zod.ts';
import { LISTINGS_PAGE_SIZE_DEFAULT, SAVED_SEARCH_NAME_MAX, LISTINGS_PAGE_SIZE_MAX, PRICE_RANGES, SORT_OPTIONS } from '../constants.ts';
import { AMENITY_KEYS, LISTING_STATUSES, SAVED_SEARCH_FREQUENCIES, PET_POLICIES, ROOM_TYPES, SMOKING_POLICIES } from '../domain.ts';
import { SAVED_TEXTS, TEXTS } from '../texts.ts';
import { isoDate, money, oneLine, optional, optionalLine, optionalText, requiredLine, wholeNumber } from './fields.ts';

const required = TEXTS.postAdRequired;
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(item));

/** POST /api/listings fields (multipart strings or JSON values); the image travels beside them. */
export const listingInputSchema = z.object({
  Title: requiredLine(required, 120, 'Title'),
  Description: optionalText(5000, 'Description'),
  Address: requiredLine(required, 200, 'Address'),
  City: requiredLine(required, 100, 'City'),
  State: requiredLine(required, 100, 'State'),
  ZipCode: requiredLine(required, 12, 'ZipCode'),
  RoomType: z.enum(ROOM_TYPES, { error: `Room Type must be one of ${ROOM_TYPES.join(', ')}.` }),
  Rent: money('Rent', 1, 100_000, required),
  Deposit: optional(money('Deposit', 0, 1_000_000)),
  AvailableDate: isoDate('Available Date'),
  LeaseTerms: optionalLine(500, 'Lease Terms'),
  PetPolicy: optional(z.enum(PET_POLICIES, { error: `Pet Policy must be one of ${PET_POLICIES.join(', ')}.` })),
  SmokingPolicy: optional(z.enum(SMOKING_POLICIES, { error: `Smoking Policy must be one of ${SMOKING_POLICIES.join(', ')}.` })),
  Amenities: oneOrMany(z.enum(AMENITY_KEYS, { error: 'Unknown amenity.' })).refine((a) => new Set(a).size === a.length, 'Each amenity may be given once.'),
});
export type ListingInput = z.infer<typeof listingInputSchema>;

/**
 * A room cannot be offered from a day already gone: a new or changed AvailableDate must be `today` (the London
 * date, see londonToday) or later. `unchanged` is the date a listing already has: an older listing keeps it when
 * its other fields are edited. Dates are YYYY-MM-DD, so they compare as text.
 */
export function availableDateInPast(date: string, today: string, unchanged?: string | null): boolean {
  return date < today && date !== unchanged;
}

export const listingStatusSchema = z.enum(LISTING_STATUSES, { error: TEXTS.selectNewStatus });

/** PUT /api/listings/{id}: the same fields plus Status. */
export const listingUpdateSchema = listingInputSchema.extend({ Status: listingStatusSchema });
export type ListingUpdateInput = z.infer<typeof listingUpdateSchema>;

/** PATCH /api/listings/{id}/status */
export const statusUpdateSchema = z.object({ Status: listingStatusSchema });

/** GET /api/listings query. Unknown parameters (a cache-buster) are dropped. */
export const listingSearchSchema = z.object({
  city: optional(oneLine(z.string().trim().max(100, 'city must be at most 100 characters.'), 'city')),
  address: optional(oneLine(z.string().trim().max(200, 'address must be at most 200 characters.'), 'address')),
  minPrice: optional(money('minPrice', 0, 1_000_000)),
  maxPrice: optional(money('maxPrice', 0, 1_000_000)),
  priceRange: optional(z.enum(PRICE_RANGES.map((r) => r.value) as [string, ...string[]], { error: 'Unknown price range.' })),
  roomType: optional(z.enum(ROOM_TYPES, { error: 'Unknown room type.' })),
  availableDate: optional(isoDate('availableDate')),
  sortBy: optional(z.enum(SORT_OPTIONS.map((s) => s.value) as [string, ...string[]], { error: 'Unknown sort order.' })),
  page: optional(wholeNumber('page', 1, 100_000)),
  pageSize: optional(wholeNumber('pageSize', 1, LISTINGS_PAGE_SIZE_MAX)),
});
export type ListingSearchQuery = z.infer<typeof listingSearchSchema>;
export const LISTING_SEARCH_DEFAULTS = { sortBy: 'relevance', page: 1, pageSize: LISTINGS_PAGE_SIZE_DEFAULT } as const;

/**
 * A saved search's Criteria: the search parameters of GET /api/listings, checked by the same rules; unknown
 * ones (sortBy, page) are dropped. A minimum above the maximum can match nothing, so it is refused.
 */
export const savedSearchCriteriaSchema = z
  .object(listingSearchSchema.pick({ city: true, address: true, minPrice: true, maxPrice: true, priceRange: true, roomType: true, availableDate: true }).shape, {
    error: SAVED_TEXTS.criteriaRequired,
  })
  .refine((c) => c.minPrice == null || c.maxPrice == null || c.minPrice <= c.maxPrice, {
    path: ['maxPrice'],
    message: 'Maximum price must not be below the minimum price.',
  });

const savedSearchName = requiredLine(SAVED_TEXTS.nameRequired, SAVED_SEARCH_NAME_MAX, 'Name');
const savedSearchFrequency = z.enum(SAVED_SEARCH_FREQUENCIES, { error: `Frequency must be one of ${SAVED_SEARCH_FREQUENCIES.join(', ')}.` });

/** POST /api/saved-searches (at most MAX_SAVED_SEARCHES a person, checked by the server). */
export const savedSearchInputSchema = z.object({
  Name: savedSearchName,
  Criteria: savedSearchCriteriaSchema,
  Frequency: savedSearchFrequency,
});
export type SavedSearchInput = z.infer<typeof savedSearchInputSchema>;

/** PATCH /api/saved-searches/{id}: a new name, a new frequency, or both. */
export const savedSearchUpdateSchema = z
  .object({ Name: savedSearchName.optional(), Frequency: savedSearchFrequency.optional() })
  .refine((u) => u.Name !== undefined || u.Frequency !== undefined, { message: 'Please give a new Name or Frequency.' });
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;
