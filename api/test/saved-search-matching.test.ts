/**
 * The matcher of saved searches agrees with search, on every test database: for random listings and random
 * criteria, "GET /api/listings with the Criteria finds listing L" exactly when "the matcher answers that search for
 * L" (fast-check). The places, addresses and postcodes are drawn from a small pool so that cities, city prefixes,
 * areas, streets, districts, postcodes, an area named like a city, and texts of several parts all occur; statuses
 * and expiry too (search shows only Available, unexpired rooms, and so does the matcher).
 */
import { PRICE_RANGES, ROOM_TYPES, type SavedSearchCriteria } from '@roomnest/shared';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingSearches } from '../src/features/saved-searches/matching.ts';
import { insertSavedSearch } from '../src/features/saved-searches/repository.ts';
import { actor, insertListing, search, type Actor } from './listings-support.ts';
import { createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const CITIES = ['London', 'Londonderry', 'Leeds', 'Hackney'];
const STREETS = ['Mare Street', 'High Street', 'Leeds Road'];
const AREAS = ['Hackney', 'Stratford', 'Leeds', 'London'];
const ZIPS = ['E8 3PB', 'e8 1aa', 'E81 2BB', 'LS1 4AP', 'BT48 6DQ', '12345'];
const PLACE_TEXTS = [
  'London', 'london', 'Lon', 'L', 'Londonderry', 'Leeds', 'Hackney', 'hackney', 'Stratford', 'Mare Street', 'High Street',
  'E8', 'E8 3PB', 'e83pb', 'LS1', 'Stratford, London', 'Mare Street, Hackney', 'Hackney, London', 'Leeds, UK', 'High Street, Leeds',
  'Nowhere', 'Nowhere, London', 'Leeds Road, Leeds',
];

const listingArb = fc.record({
  city: fc.constantFrom(...CITIES),
  street: fc.constantFrom(...STREETS),
  area: fc.option(fc.constantFrom(...AREAS), { nil: undefined }),
  number: fc.integer({ min: 1, max: 99 }),
  zip: fc.constantFrom(...ZIPS),
  rent: fc.integer({ min: 300, max: 1700 }),
  roomType: fc.constantFrom(...ROOM_TYPES),
  availableDate: fc.constantFrom('2030-01-01', '2030-06-01', '2031-01-01'),
  status: fc.constantFrom('Available', 'Available', 'Available', 'Pending', 'Unavailable' as const),
  expired: fc.boolean(),
});

/** Mostly absent: a search with every filter rarely finds anything. */
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });

const criteriaArb: fc.Arbitrary<SavedSearchCriteria> = fc
  .record({
    city: fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constantFrom(...PLACE_TEXTS) }),
    address: sometimes(fc.constantFrom('street', 'Mare', 'hackney', '1')),
    minPrice: sometimes(fc.integer({ min: 300, max: 1200 })),
    maxPrice: sometimes(fc.integer({ min: 600, max: 1800 })),
    priceRange: sometimes(fc.constantFrom(...PRICE_RANGES.map((r) => r.value))),
    roomType: sometimes(fc.constantFrom(...ROOM_TYPES)),
    availableDate: sometimes(fc.constantFrom('2030-03-01', '2030-12-31')),
  })
  .map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as SavedSearchCriteria)
  .filter((c) => c.minPrice === undefined || c.maxPrice === undefined || c.minPrice <= c.maxPrice);

describe.each(TEST_DATABASES)('the saved-search matcher on $name', (database) => {
  let ctx: TestContext;
  let landlord: Actor;
  let searcher: Actor;

  beforeAll(async () => {
    ctx = await createTestContext(database);
    landlord = await actor(ctx, 'Landlord', 'Professional');
    searcher = await actor(ctx, 'Tenant');
  });
  afterAll(() => ctx.close());

  it('finds a listing for a search exactly when search finds it', async () => {
    // Pairs found by both: the property is not met by finding nothing.
    let found = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(listingArb, { minLength: 1, maxLength: 10 }), fc.array(criteriaArb, { minLength: 1, maxLength: 6 }), async (listings, criteria) => {
        await ctx.db.deleteFrom('listings').execute();
        await ctx.db.deleteFrom('saved_searches').execute();
        const ids: number[] = [];
        for (const l of listings) {
          ids.push(
            await insertListing(ctx.db, landlord.id, {
              city: l.city,
              address: l.area ? `${l.number} ${l.street}, ${l.area}` : `${l.number} ${l.street}`,
              zip_code: l.zip,
              rent: l.rent,
              room_type: l.roomType,
              available_date: l.availableDate,
              status: l.status,
              postedDaysAgo: l.expired ? 31 : 0,
            }),
          );
        }
        // Saved after the listings, as a person saves what they see: the places are the ones the search reads.
        const searches: { id: number; criteria: SavedSearchCriteria }[] = [];
        for (const c of criteria) {
          const outcome = await insertSavedSearch(ctx.db, searcher.id, { name: 'Property', criteria: c, frequency: 'instant' });
          if (!('saved' in outcome)) throw new Error('not saved');
          searches.push({ id: outcome.saved.id, criteria: c });
        }
        for (const s of searches) {
          const query = new URLSearchParams(Object.entries(s.criteria).map(([k, v]) => [k, String(v)]));
          query.set('pageSize', '100');
          const shown = new Set((await search(ctx, query.toString())).listings.map((l) => l.ListingID));
          for (const id of ids) {
            const matched = (await matchingSearches(ctx.db, id)).some((m) => m.saved_search_id === s.id);
            if (matched) found++;
            expect(matched, `listing ${JSON.stringify(listings[ids.indexOf(id)])} and criteria ${JSON.stringify(s.criteria)}`).toBe(shown.has(id));
          }
        }
      }),
      { numRuns: 40, seed: 17 },
    );
    expect(found).toBeGreaterThan(20);
  }, 240_000);
});
