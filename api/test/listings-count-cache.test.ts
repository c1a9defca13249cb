import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { SearchCountCache } from '../src/features/listings/count-cache.ts';
import { actor, insertListing, search, sendForm, validForm } from './listings-support.ts';
import { bearer, makeDataDir, TEST_DATABASES, type TestConfig, type TestContext } from './support.ts';

describe('SearchCountCache', () => {
  it('gives one key to every way of asking the same thing', () => {
    const key = SearchCountCache.key;
    expect(key({ city: 'London', address: 'Hackney' })).toBe(key({ city: ' london ', address: 'HACKNEY' }));
    expect(key({ priceRange: '500-1000' })).toBe(key({ minPrice: 500, maxPrice: 1000 }));
    expect(key({ priceRange: '500-1000', minPrice: 700 })).toBe(key({ minPrice: 700, maxPrice: 1000 }));
    expect(key({ city: 'London' })).not.toBe(key({ address: 'London' }));
    expect(key({ roomType: 'Single' })).not.toBe(key({ roomType: 'Double' }));
    expect(key({ availableDate: '2030-01-01' })).not.toBe(key({}));
  });

  it('forgets a total after its time', () => {
    const cache = new SearchCountCache(1000);
    cache.set('k', 42, 0);
    expect(cache.get('k', 999)).toBe(42);
    expect(cache.get('k', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used total when full, and everything on clear', () => {
    const cache = new SearchCountCache(60_000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 3, 1);
    expect([cache.get('a', 2), cache.get('b', 2), cache.get('c', 2)]).toEqual([1, undefined, 3]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when turned off', () => {
    const cache = new SearchCountCache(0);
    cache.set('a', 1);
    expect([cache.enabled, cache.get('a')]).toEqual([false, undefined]);
  });
});

describe.each(TEST_DATABASES)('search totals with the cache on, on $name', (testDatabase) => {
  let database: Database;
  let app: App;
  let config: TestConfig;
  let ctx: TestContext;
  beforeAll(async () => {
    database = await testDatabase.open();
    config = makeDataDir();
    app = await buildApp({ db: database.db, config: { ...config, searchCountCacheSeconds: 60 } });
    await app.ready();
    ctx = {
      app,
      db: database.db,
      config,
      inject: async (options) => {
        const res = await app.inject(options);
        if (res.statusCode >= 500) throw new Error(`${options.method} ${String(options.url)} answered ${res.statusCode}: ${res.body}`);
        return res;
      },
      close: async () => undefined,
    };
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('reuses a total, reads the page fresh, and counts again after any change made through the API', async () => {
    const landlord = await actor(ctx, 'Landlord', 'Professional');
    for (let i = 0; i < 3; i++) await insertListing(ctx.db, landlord.id, { address: `${i} Cache Road, Barking`, postedDaysAgo: 3 - i });
    expect((await search(ctx, 'address=cache%20road')).total).toBe(3);

    // A row written behind the API's back: the total is the cached one, the page is fresh.
    const hidden = await insertListing(ctx.db, landlord.id, { address: '9 Cache Road, Barking' });
    const stale = await search(ctx, 'address=cache%20road&pageSize=10');
    expect(stale.total).toBe(3);
    expect(stale.listings.map((l) => l.ListingID)).toContain(hidden);
    // Other filters count on their own.
    expect((await search(ctx, 'address=CACHE%20ROAD&roomType=Double')).total).toBe(4);

    // Any change through the API clears it.
    const res = await sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm({ Address: '10 Cache Road, Barking' }));
    expect(res.statusCode).toBe(201);
    expect((await search(ctx, 'address=cache%20road')).total).toBe(5);

    await ctx.inject({ method: 'PATCH', url: `/api/listings/${hidden}/status`, payload: { Status: 'Pending' }, headers: bearer(landlord.token) });
    expect((await search(ctx, 'address=cache%20road')).total).toBe(4);
    await ctx.inject({ method: 'DELETE', url: `/api/listings/${res.json().listingId}`, headers: bearer(landlord.token) });
    expect((await search(ctx, 'address=cache%20road')).total).toBe(3);
  });
});
