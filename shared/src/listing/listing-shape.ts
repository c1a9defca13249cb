/**
 * Whether an answer of GET /api/listings/{id} holds a listing. A 200 whose body
 * is `{}`, `[]` or `null` (a proxy, a cache or a server fault in between) has no
 * room in it, and a page that read its fields would fail while rendering.
 */
import type { Listing } from '../domain.ts';

export function isListing(value: unknown): value is Listing {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Partial<Record<keyof Listing, unknown>>;
  return (
    Number.isInteger(v.ListingID) &&
    (v.ListingID as number) > 0 &&
    Number.isInteger(v.LandlordID) &&
    typeof v.Title === 'string' &&
    typeof v.Rent === 'number' &&
    typeof v.AvailableDate === 'string' &&
    typeof v.ExpiresAt === 'string' &&
    Array.isArray(v.Amenities)
  );
}
