/**
 * Public search at scale (migration 0006, repository.ts): the capped count,
 * the last page of a capped search, the city prefix turned into the cities it
 * matches, and the two ways of reading a page giving the same rows.
 */
import { SORT_OPTIONS, type SortBy } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countQuery,
  matchCities,
  MAX_CITY_EXPANSION,
  pageQuery,
  pageStrategy,
  searchListings,
  type SearchFilters,
} from '../src/features/listings/repository.ts';
import { actor, insertListing, search } from './listings-support.ts';
import { createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const AREAS = ['Hackney', 'Stratford', 'Ilford'] as const;
const CITIES = ['London', 'Londonderry', 'Manchester', 'manchester'] as const;
const TYPES = ['Single', 'Double', 'Studio', 'Shared'] as const;
const sorts = SORT_OPTIONS.map((s) => s.value as SortBy);

const FILTERS: Record<string, SearchFilters> = {
  none: {},
  london: { city: 'London' },
  'prefix lon': { city: 'lon' },
  manchester: { city: 'MANCHESTER' },
  'area, any case': { city: 'london', address: 'HACKNEY' },
  street: { address: 'mill lane' },
  'rent and type': { minPrice: 600, maxPrice: 1200, roomType: 'Double' },
  'move-in': { availableDate: '2030-01-15' },
  'odd characters': { address: '100%_' },
};

describe('pageStrategy', () => {
  it('walks past the cap, and when the page should come within a few index entries per match; collects otherwise', () => {
    expect(pageStrategy(1001, 1000, 24, 1_000_000)).toBe('walk');
    // 800 of 10,000 match: page 1 expects to read 300 entries, page 10 3,000 (≤ 4 × 800); page 30 would read 9,000.
    expect([1, 10, 30].map((page) => pageStrategy(800, 1000, page * 24, 10_000))).toEqual(['walk', 'walk', 'collect']);
    // 700 of 100,000: 3,400 entries for page 1, more than 4 × 700.
    expect(pageStrategy(700, 1000, 24, 100_000)).toBe('collect');
    // A table never analyzed (size unknown), or nothing to find.
    expect([pageStrategy(10, 1000, 24, 0), pageStrategy(0, 1000, 24, 100)]).toEqual(['collect', 'collect']);
  });
});

describe.each(TEST_DATABASES)('bounded public search on $name', (database) => {
  let ctx: TestContext;
  let all = 0;

  beforeAll(async () => {
    ctx = await createTestContext(database);
    const owner = await actor(ctx, 'Landlord', 'Professional');
    // 48 public listings over four city spellings, three areas and two streets, with ties on rent and date.
    for (let i = 0; i < 48; i++) {
      await insertListing(ctx.db, owner.id, {
        title: `Room ${i}`,
        city: CITIES[i % CITIES.length],
        address: `${i} ${i % 2 ? 'Mill Lane' : 'High Street'}, ${AREAS[i % AREAS.length]}`,
        room_type: TYPES[i % TYPES.length],
        rent: 500 + (i % 7) * 100,
        available_date: `2030-01-${String(1 + (i % 28)).padStart(2, '0')}`,
        postedDaysAgo: (i % 5) / 2,
      });
      all++;
    }
    await insertListing(ctx.db, owner.id, { title: 'Odd', address: '2 100%_ Road, Hackney', rent: 700 });
    all++;
    // Never in public search, whatever the strategy.
    await insertListing(ctx.db, owner.id, { title: 'Pending', status: 'Pending' });
    await insertListing(ctx.db, owner.id, { title: 'Expired', postedDaysAgo: 31 });
  });
  afterAll(() => ctx?.close());

  it('turns a city prefix into the distinct cities it matches, in any letter case', async () => {
    expect(await matchCities(ctx.db, 'lon')).toEqual(['london', 'londonderry']);
    expect(await matchCities(ctx.db, 'LONDON')).toEqual(['london', 'londonderry']);
    expect(await matchCities(ctx.db, 'Manchester')).toEqual(['manchester']);
    expect(await matchCities(ctx.db, 'Leeds')).toEqual([]);
    // LIKE's wildcards match themselves.
    expect(await matchCities(ctx.db, '%')).toEqual([]);
    expect(await matchCities(ctx.db, 'l_ndon')).toEqual([]);
  });

  it('matches a prefix of too many cities as a prefix', async () => {
    const owner = await actor(ctx, 'Landlord', 'Professional');
    const ids = [];
    for (let i = 0; i <= MAX_CITY_EXPANSION; i++) ids.push(await insertListing(ctx.db, owner.id, { city: `Zed town ${i}`, status: 'Pending' }));
    try {
      expect(await matchCities(ctx.db, 'zed')).toBeNull();
      const page = await searchListings(ctx.db, { city: 'zed' }, { sortBy: 'relevance', page: 1, pageSize: 24 });
      expect(page).toMatchObject({ total: 0, capped: false, rows: [] });
    } finally {
      await ctx.db.deleteFrom('listings').where('id', 'in', ids).execute();
    }
  });

  it('reads the same pages by walking an index as by collecting every match, for every filter and sort', async () => {
    for (const [name, filters] of Object.entries(FILTERS)) {
      const cities = filters.city ? await matchCities(ctx.db, filters.city) : undefined;
      const { n } = await countQuery(ctx.db, filters, cities, 1000).executeTakeFirstOrThrow();
      for (const sortBy of sorts) {
        for (const page of [1, 2, 5]) {
          const options = { sortBy, page, pageSize: 4 };
          const walk = (await pageQuery(ctx.db, filters, cities, options, 'walk').execute()).map((r) => r.id);
          const collect = (await pageQuery(ctx.db, filters, cities, options, 'collect').execute()).map((r) => r.id);
          expect(walk, `${name}, ${sortBy}, page ${page}`).toEqual(collect);
          expect(walk.length, `${name}, ${sortBy}, page ${page}`).toBe(Math.max(0, Math.min(4, Number(n) - (page - 1) * 4)));
        }
      }
    }
  });

  it('counts up to the cap, says when more match, and ends the last page at the cap', async () => {
    const options = { sortBy: 'rent_asc' as const, pageSize: 4 };
    const full = await searchListings(ctx.db, {}, { ...options, page: 1, pageSize: 100 });
    expect(full).toMatchObject({ total: all, capped: false, count: all });

    const capped = await Promise.all([1, 2, 3, 4].map((page) => searchListings(ctx.db, {}, { ...options, page }, { cap: 10 })));
    expect(capped.map((p) => [p.total, p.capped, p.count, p.rows.length])).toEqual([
      [10, true, 11, 4],
      [10, true, 11, 4],
      [10, true, 11, 2],
      [10, true, 11, 0],
    ]);
    // The first ten of the full order, without gaps or overlaps.
    expect(capped.flatMap((p) => p.rows.map((r) => r.id))).toEqual(full.rows.slice(0, 10).map((r) => r.id));
    // Exactly at the cap is not capped.
    expect(await searchListings(ctx.db, {}, { ...options, page: 1 }, { cap: all })).toMatchObject({ total: all, capped: false });
  });

  it('reuses a remembered count and reads the rows fresh past it when the count was not capped', async () => {
    const stale = await searchListings(ctx.db, { address: 'mill lane' }, { sortBy: 'relevance', page: 2, pageSize: 20 }, { knownCount: 3 });
    expect(stale.total).toBe(3);
    expect(stale.rows.length).toBe(4); // 24 match: page 2 of 20 has 4, whatever the remembered total says
  });

  it('answers totalCapped beside the total', async () => {
    expect(await search(ctx, 'city=lon&pageSize=2')).toMatchObject({ total: 25, totalCapped: false, totalPages: 13 });
  });
});
