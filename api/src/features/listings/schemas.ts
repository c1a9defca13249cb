/** Response shapes of the listings feature (the Listing object: docs/product.md, Data) and the row → Listing mapping. */
import {
  AMENITIES,
  LISTING_ACTIVE_DAYS,
  listingInputSchema,
  LISTING_RENEW_WINDOW_DAYS,
  LISTING_STATUSES,
  PET_POLICIES,
  ROOM_TYPES,
  SMOKING_POLICIES,
  listingUpdateSchema,
  type AmenityKey,
  type Listing,
  type MyListingsStats,
  type Photo,
  type ListingInput,
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

export const photoSchema = z
  .object({
    PhotoID: z.number().int(),
    Url: z.string().describe('Full-size JPEG, at most 1600 px a side, e.g. /uploads/listings/ab12.jpg. The other sizes share its stem (PHOTO_VARIANTS): ab12-card-320.webp, ab12-1024.webp, ab12-1600.webp, ab12-og.jpg.'),
    ThumbUrl: z.string().describe('640×480 WebP card copy, e.g. /uploads/listings/ab12-card.webp.'),
    Width: z.number().int().nullable().describe('Pixels of Url; null only for a photo from before photos had sizes, until the server has made its copies.'),
    Height: z.number().int().nullable(),
  })
  .meta({ id: 'Photo' }) satisfies z.ZodType<Photo>;

export const photosAnswerSchema = z.object({ photos: z.array(photoSchema).describe('Every photo of the listing after the change, in display order.') });

export const listingSchema = z
  .object({
    ListingID: z.number().int(),
    LandlordID: z.number().int(),
    LandlordName: z.string(),
    LandlordProfilePictureURL: z.string().nullable(),
    LandlordEmailVerified: z.boolean().describe('The landlord has confirmed their email address (the "Email verified" mark). It does not prove who they are.'),
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
    ImageUrl: z.string().nullable().describe('The cover photo’s Url (the first of Photos): full-size JPEG, e.g. /uploads/listings/ab12.jpg. Null without photos.'),
    ThumbnailUrl: z.string().nullable().describe('The cover photo’s ThumbUrl: its 640×480 WebP copy for cards.'),
    Photos: z
      .array(photoSchema)
      .describe('In display order, the first the cover. Search answers (GET /api/listings) carry the cover alone; every other answer carries them all.'),
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
export const myListingSchema = listingSchema
  .extend({
    Views: z.number().int().describe('Views of the room’s detail by others than its owner, one per viewer per London day.'),
    Enquiries: z.number().int().describe('Distinct people who sent a message about this listing.'),
    RemovedAt: z
      .string()
      .nullable()
      .describe('When our trust and safety team took the listing down (ISO 8601, UTC): it is hidden from everyone else whatever its status. Null otherwise.'),
  })
  .meta({ id: 'MyListing' });
export const myListingsSchema = z.object({ listings: z.array(myListingSchema) });

export const myListingsStatsSchema = z
  .object({
    From: z.string().describe('The first day of the series, YYYY-MM-DD (London).'),
    To: z.string().describe('The last day: today in London, YYYY-MM-DD.'),
    listings: z.array(
      z.object({
        ListingID: z.number().int(),
        Title: z.string(),
        Days: z
          .array(
            z.object({
              Date: z.string().describe('A London day, YYYY-MM-DD.'),
              Views: z.number().int(),
              Enquiries: z.number().int().describe('People whose first message about the listing was sent that day.'),
            }),
          )
          .describe('Every day from From to To, oldest first; days without any are zero.'),
      }),
    ),
  })
  .meta({ id: 'MyListingsStats' }) satisfies z.ZodType<MyListingsStats>;

export const listingIdParamsSchema = z.object({ id: z.string().describe('The ListingID.') });

/**
 * Notes the OpenAPI page shows beside a form field, for what its schema cannot say itself: every rule (required or
 * not, lengths, one line, ranges, the choices) is read from the shared schema. Keyed by the schema's own fields, so a
 * note cannot outlive its field.
 */
const FORM_NOTES = {
  Address: 'e.g. "14 Mare Street, Hackney".',
  State: 'e.g. "Greater London".',
  Rent: 'Pounds a month, at most 2 decimals.',
  Deposit: 'Pounds, at most 2 decimals.',
  AvailableDate: 'YYYY-MM-DD, not before today in UK time.',
  PetPolicy: 'Case-by-Case when left out.',
  SmokingPolicy: 'Not Allowed when left out.',
} as const satisfies Partial<Record<keyof ListingInput, string>>;

const formShape = listingUpdateSchema.shape;
const noted = Object.fromEntries(Object.entries(FORM_NOTES).map(([field, note]) => [field, formShape[field as keyof typeof FORM_NOTES].describe(note)]));

const roomImage = z
  .string()
  .meta({ format: 'binary' })
  .optional()
  .describe('PNG, JPEG or GIF (judged by content), at most 5 MB. Stored re-encoded without metadata, with a card-sized copy.');

/**
 * The multipart form as the OpenAPI page shows it, built from the shared listingInputSchema / listingUpdateSchema
 * the route checks the form with (so the page cannot drift from the rules), plus the image part. Amenities is a
 * repeated field: left out, the listing has none.
 */
export const listingFormDoc = listingInputSchema
  .extend({
    ...noted,
    Amenities: formShape.Amenities.optional().describe('Repeated field, one key each; none when left out.'),
    roomImage,
  })
  .describe('The listing form, as multipart/form-data.');

export const listingUpdateFormDoc = listingFormDoc.extend({
  Status: formShape.Status,
  roomImage: roomImage.describe('Optional: leave it out to keep the current image; a new one replaces it and the old files are deleted.'),
});

export const RENEW_RULE = `A listing can be renewed once expired or within ${LISTING_RENEW_WINDOW_DAYS} days of expiry.`;

const AMENITY_INDEX = new Map<string, number>(AMENITIES.map((a, i) => [a.key, i]));

/** The cover photo a search row carries (ListingWithLandlord.cover_id), as the one photo of its answer. */
function coverPhotos(row: ListingWithLandlord): Photo[] {
  if (row.cover_id == null || row.image_path === null || row.thumb_path === null) return [];
  return [{ PhotoID: row.cover_id, Url: row.image_path, ThumbUrl: row.thumb_path, Width: row.cover_width ?? null, Height: row.cover_height ?? null }];
}

/** A listing answer: with all its `photos` when given (detail, my-listings, the forms' answers), else the cover the search read. */
export function toListing(row: ListingWithLandlord, photos?: Photo[]): Listing {
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
    LandlordEmailVerified: row.landlord_verified,
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
    // From the photos the answer carries, not the listing row's cover columns: the photos are read by a statement of
    // their own, and a reorder committed between the two reads would otherwise answer a cover that is not Photos[0].
    ImageUrl: photos ? (photos[0]?.Url ?? null) : row.image_path,
    ThumbnailUrl: photos ? (photos[0]?.ThumbUrl ?? null) : row.thumb_path,
    Photos: photos ?? coverPhotos(row),
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
