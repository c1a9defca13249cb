import { z } from './zod.ts';
import { LISTINGS_PAGE_SIZE_DEFAULT, LISTINGS_PAGE_SIZE_MAX, PRICE_RANGES, SORT_OPTIONS } from '../constants.ts';
import { AMENITY_KEYS, LISTING_STATUSES, PET_POLICIES, ROOM_TYPES, SMOKING_POLICIES } from '../domain.ts';
import { TEXTS } from '../texts.ts';
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
