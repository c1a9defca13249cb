/** Response shapes of saved searches (the SavedSearch object of the API contract). */
import { PRICE_RANGES, ROOM_TYPES, SAVED_SEARCH_FREQUENCIES, wholeNumber, type SavedSearch, type SavedSearchCriteria } from '@roomnest/shared';
import { z } from 'zod';
import type { SavedSearchRow } from './repository.ts';

export const savedSearchCriteriaResponseSchema = z
  .object({
    city: z.string().optional(),
    address: z.string().optional(),
    minPrice: z.number().optional(),
    maxPrice: z.number().optional(),
    priceRange: z.enum(PRICE_RANGES.map((r) => r.value) as [string, ...string[]]).optional(),
    roomType: z.enum(ROOM_TYPES).optional(),
    availableDate: z.string().optional().describe('YYYY-MM-DD.'),
  })
  .describe('The search parameters of GET /api/listings; absent ones are not part of the search.')
  .meta({ id: 'SavedSearchCriteria' });

export const savedSearchSchema = z
  .object({
    SavedSearchID: z.number().int(),
    Name: z.string(),
    Criteria: savedSearchCriteriaResponseSchema,
    Frequency: z.enum(SAVED_SEARCH_FREQUENCIES).describe('instant: an email per new match; daily: one digest a day; off: no email.'),
    CreatedAt: z.string().describe('ISO 8601 UTC.'),
    LastSentAt: z.string().nullable().describe('ISO 8601 UTC: when its last alert or digest was sent; null before the first.'),
  })
  .meta({ id: 'SavedSearch' }) satisfies z.ZodType<SavedSearch>;

export const savedSearchResponseSchema = z.object({ savedSearch: savedSearchSchema });
export const savedSearchesResponseSchema = z.object({ savedSearches: z.array(savedSearchSchema) });
export const savedSearchIdParamsSchema = z.object({ id: wholeNumber('id', 1, 2_147_483_647).describe('The SavedSearchID.') });

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    SavedSearchID: row.id,
    Name: row.name,
    Criteria: row.criteria as SavedSearchCriteria,
    Frequency: row.frequency,
    CreatedAt: row.created_at.toISOString(),
    LastSentAt: row.last_sent_at ? row.last_sent_at.toISOString() : null,
  };
}
