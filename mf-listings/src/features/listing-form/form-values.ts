/** The listing form's values: what the inputs hold, what a listing prefills, and the multipart body the API takes. */
import type { Listing, ListingInput, ListingStatus, ListingUpdateInput } from '@roomnest/shared';
import { amenityKeys } from '@roomnest/shared/listing';

/** Every input holds text (the schema turns Rent into a number and so on); the amenity checkboxes a list of keys. */
export interface ListingFormValues {
  Title: string;
  Description: string;
  Address: string;
  City: string;
  State: string;
  ZipCode: string;
  RoomType: string;
  Rent: string;
  Deposit: string;
  AvailableDate: string;
  LeaseTerms: string;
  PetPolicy: string;
  SmokingPolicy: string;
  Amenities: string[];
  Status?: ListingStatus;
}

export const EMPTY_LISTING_FORM: ListingFormValues = {
  Title: '',
  Description: '',
  Address: '',
  City: '',
  State: '',
  ZipCode: '',
  RoomType: '',
  Rent: '',
  Deposit: '',
  AvailableDate: '',
  LeaseTerms: '',
  // The API's defaults when left out, shown as the starting choice.
  PetPolicy: 'Case-by-Case',
  SmokingPolicy: 'Not Allowed',
  Amenities: [],
};

/** An amount as the input shows it: whole pounds as they are, pounds and pence with two decimals (1442.50). */
const amountText = (amount: number): string => (Number.isInteger(amount) ? String(amount) : amount.toFixed(2));

export function listingToForm(listing: Listing): ListingFormValues {
  return {
    Title: listing.Title,
    Description: listing.Description ?? '',
    Address: listing.Address,
    City: listing.City,
    State: listing.State,
    ZipCode: listing.ZipCode,
    RoomType: listing.RoomType,
    Rent: amountText(listing.Rent),
    Deposit: listing.Deposit === null ? '' : amountText(listing.Deposit),
    AvailableDate: listing.AvailableDate,
    LeaseTerms: listing.LeaseTerms ?? '',
    PetPolicy: listing.PetPolicy,
    SmokingPolicy: listing.SmokingPolicy,
    Amenities: amenityKeys(listing.Amenities),
    Status: listing.Status,
  };
}

/**
 * The multipart body of POST and PUT /api/listings: the checked values,
 * `Amenities` repeated once a key, and the chosen photos in their order: the
 * first (the cover) as `roomImage`, the rest as repeated `roomImages`.
 * Blank optional text is sent empty (so an edit can clear it); a blank
 * Deposit is left out, which the API stores as no deposit given.
 */
export function toListingFormData(values: ListingInput | ListingUpdateInput, photos: readonly File[] = []): FormData {
  const body = new FormData();
  body.set('Title', values.Title);
  body.set('Description', values.Description ?? '');
  body.set('Address', values.Address);
  body.set('City', values.City);
  body.set('State', values.State);
  body.set('ZipCode', values.ZipCode);
  body.set('RoomType', values.RoomType);
  body.set('Rent', String(values.Rent));
  if (values.Deposit !== undefined && values.Deposit !== null) body.set('Deposit', String(values.Deposit));
  body.set('AvailableDate', values.AvailableDate);
  body.set('LeaseTerms', values.LeaseTerms ?? '');
  if (values.PetPolicy) body.set('PetPolicy', values.PetPolicy);
  if (values.SmokingPolicy) body.set('SmokingPolicy', values.SmokingPolicy);
  for (const key of values.Amenities) body.append('Amenities', key);
  if ('Status' in values && values.Status) body.set('Status', values.Status);
  photos.forEach((photo, i) => body.append(i === 0 ? 'roomImage' : 'roomImages', photo, photo.name));
  return body;
}
