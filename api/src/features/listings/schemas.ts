/** Response shapes of the listings feature (the Listing object of API-CONTRACT.md) and the row → Listing mapping. */
import {
  AMENITIES,
  LISTING_ACTIVE_DAYS,
  LISTING_RENEW_WINDOW_DAYS,
  LISTING_STATUSES,
  PET_POLICIES,
  ROOM_TYPES,
  SMOKING_POLICIES,
  type AmenityKey,
  type Listing,
  type ListingsPage,
  type SearchLocation,
} from '@roomnest/shared';
import { z } from 'zod';
import type { Place } from './places.ts';
import { SEARCH_TOTAL_CAP, type ListingWithLandlord } from './repository.ts';

export const amenitySchema = z.object({
  AmenityID: z.number().int().describe('Stable: the position of the key in AMENITIES, from 1.'),
  Name: z.string(),
});

export const listingSchema = z
  .object({
    ListingID: z.number().int(),
    LandlordID: z.number().int(),
    LandlordName: z.string(),
    LandlordProfilePictureURL: z.string().nullable(),
    Title: z.string(),
    Description: z.string(),
    Address: z.string(),
    City: z.string(),
    State: z.string(),
    ZipCode: z.string(),
    RoomType: z.enum(ROOM_TYPES),
    Rent: z.number().describe('Pounds a month, at most 2 decimals.'),
    Deposit: z.number().nullable(),
    AvailableDate: z.string().describe('Calendar date, YYYY-MM-DD.'),
    ImageUrl: z.string().nullable().describe('Full-size JPEG, e.g. /uploads/listings/ab12.jpg.'),
    ThumbnailUrl: z.string().nullable().describe('640×480 WebP copy for cards.'),
    Amenities: z.array(amenitySchema),
    AmenitiesNames: z.string().describe('Comma-separated names, e.g. "WiFi, Parking".'),
    LeaseTerms: z.string(),
    PetPolicy: z.enum(PET_POLICIES),
    SmokingPolicy: z.enum(SMOKING_POLICIES),
    Status: z.enum(LISTING_STATUSES),
    CreatedAt: z.string().describe('ISO 8601 UTC.'),
    ExpiresAt: z.string().describe(`ISO 8601 UTC: ${LISTING_ACTIVE_DAYS} days after posting or the last renewal. Expired listings leave public search.`),
  })
  .meta({ id: 'Listing' }) satisfies z.ZodType<Listing>;

const PLACE_KINDS = ['city', 'area', 'street', 'district', 'postcode'] as const;

export const searchLocationSchema = z
  .object({
    understood: z.boolean().describe('False when the text names no place the listings know (then nothing is found).'),
    label: z
      .string()
      .nullable()
      .describe('What was understood, to show after "Rooms in": "Hackney, London", "E8", "E8 3PB", "Mare Street, Hackney", "London". Null when not understood.'),
    matches: z
      .array(
        z.object({
          kind: z.enum(PLACE_KINDS).describe('The most precise thing this reading names.'),
          label: z.string(),
          exact: z.boolean().describe('An area, district or postcode named exactly: its listings come first under relevance.'),
        }),
      )
      .describe('Each reading of the text; the listings match any of them.'),
  })
  .describe(
    'How `city` was read as a place: a city or the start of its name, an area, a street, a postcode district (outward code) or a full postcode, ' +
      'or several of those separated by commas from the most precise ("Stratford, London"). Present only when `city` is given.',
  )
  .meta({ id: 'SearchLocation' }) satisfies z.ZodType<SearchLocation>;

/** The answer's `location` for a place (resolvePlace). */
export const toSearchLocation = (place: Place): SearchLocation => ({
  understood: place.understood,
  label: place.label,
  matches: place.matches.map(({ kind, label, exact }) => ({ kind, label, exact })),
});

export const listingsPageSchema = z
  .object({
    listings: z.array(listingSchema),
    total: z
      .number()
      .int()
      .describe(`Listings matching the filters, over all pages, counted up to ${SEARCH_TOTAL_CAP.toLocaleString('en-GB')}: when more match, total is that cap, totalCapped is true and the last page ends there.`),
    totalCapped: z.boolean().describe(`More listings match than total says (it stops at ${SEARCH_TOTAL_CAP.toLocaleString('en-GB')}): show it as "${SEARCH_TOTAL_CAP.toLocaleString('en-GB')}+".`),
    page: z.number().int(),
    totalPages: z.number().int(),
    location: searchLocationSchema.optional(),
  })
  .meta({ id: 'ListingsPage' }) satisfies z.ZodType<ListingsPage>;

export const listingCreatedSchema = z.object({ listingId: z.number().int(), message: z.string() });
export const listingMessageSchema = z.object({ message: z.string(), listing: listingSchema });
export const myListingsSchema = z.object({ listings: z.array(listingSchema) });

export const listingIdParamsSchema = z.object({ id: z.string().describe('The ListingID.') });

const amenityKeys = AMENITIES.map((a) => a.key).join(', ');
const text = (description: string) => z.string().describe(description);

/**
 * The multipart form as the OpenAPI page shows it. The route parses and checks
 * the form itself with the shared listingInputSchema / listingUpdateSchema.
 */
export const listingFormDoc = z
  .object({
    Title: text('Required, at most 120 characters.'),
    Description: text('At most 5,000 characters.').optional(),
    Address: text('Required, at most 200 characters, e.g. "14 Mare Street, Hackney".'),
    City: text('Required.'),
    State: text('Required, e.g. "Greater London".'),
    ZipCode: text('Required, at most 12 characters.'),
    RoomType: z.enum(ROOM_TYPES),
    Rent: text('Required: pounds a month, at least 1, at most 2 decimals.'),
    Deposit: text('Optional: pounds, at least 0.').optional(),
    AvailableDate: text('Required: YYYY-MM-DD.'),
    LeaseTerms: text('At most 500 characters.').optional(),
    PetPolicy: z.enum(PET_POLICIES).optional().describe('Case-by-Case when left out.'),
    SmokingPolicy: z.enum(SMOKING_POLICIES).optional().describe('Not Allowed when left out.'),
    Amenities: z.array(z.string()).optional().describe(`Repeated field, one key each: ${amenityKeys}.`),
    roomImage: z
      .string()
      .meta({ format: 'binary' })
      .optional()
      .describe('PNG, JPEG or GIF (judged by content), at most 5 MB. Stored re-encoded without metadata, with a card-sized copy.'),
  })
  .describe('The listing form, as multipart/form-data.');

export const listingUpdateFormDoc = listingFormDoc.extend({
  Status: z.enum(LISTING_STATUSES),
  roomImage: listingFormDoc.shape.roomImage.describe('Optional: leave it out to keep the current image; a new one replaces it and the old files are deleted.'),
});

export const RENEW_RULE = `A listing can be renewed once expired or within ${LISTING_RENEW_WINDOW_DAYS} days of expiry.`;

const AMENITY_INDEX = new Map<string, number>(AMENITIES.map((a, i) => [a.key, i]));

export function toListing(row: ListingWithLandlord): Listing {
  // AMENITIES order, whatever order the keys were stored in.
  const amenities = [...row.amenities]
    .filter((key): key is AmenityKey => AMENITY_INDEX.has(key))
    .sort((a, b) => AMENITY_INDEX.get(a)! - AMENITY_INDEX.get(b)!)
    .map((key) => {
      const index = AMENITY_INDEX.get(key)!;
      return { AmenityID: index + 1, Name: AMENITIES[index]!.name };
    });
  return {
    ListingID: row.id,
    LandlordID: row.landlord_id,
    LandlordName: row.landlord_name,
    LandlordProfilePictureURL: row.landlord_picture,
    Title: row.title,
    Description: row.description,
    Address: row.address,
    City: row.city,
    State: row.state,
    ZipCode: row.zip_code,
    RoomType: row.room_type,
    Rent: row.rent,
    Deposit: row.deposit,
    AvailableDate: row.available_date,
    ImageUrl: row.image_path,
    ThumbnailUrl: row.thumb_path,
    Amenities: amenities,
    AmenitiesNames: amenities.map((a) => a.Name).join(', '),
    LeaseTerms: row.lease_terms,
    PetPolicy: row.pet_policy,
    SmokingPolicy: row.smoking_policy,
    Status: row.status,
    CreatedAt: row.created_at.toISOString(),
    ExpiresAt: row.expires_at.toISOString(),
  };
}
