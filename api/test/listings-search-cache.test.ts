/**
 * The search cache (search-cache.ts): its parts on their own, then on two app
 * instances sharing one database with the cache on, as in production: answers
 * kept and sent compressed, every change (through either instance, behind the
 * API's back, a landlord's new name) shown on the next search of both, and a
 * change no notification told shown once the ttl runs out.
 */
import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Listing } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { EncodedJson, filtersKey, SearchCache, searchChannel, TtlCache } from '../src/features/listings/search-cache.ts';
import { actor, insertListing, search, sendForm, validForm } from './listings-support.ts';
import { bearer, makeDataDir, SHARED_DATABASES, type SharedDatabase, type TestContext } from './support.ts';

describe('TtlCache', () => {
  it('forgets an entry after its time', () => {
    const cache = new TtlCache<number>(1000);
    cache.set('k', 42, 0);
    expect(cache.get('k', 999)).toBe(42);
    expect(cache.get('k', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full, and everything on clear', () => {
    const cache = new TtlCache<number>(60_000, { maxEntries: 2 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 3, 1);
    expect([cache.get('a', 2), cache.get('b', 2), cache.get('c', 2)]).toEqual([1, undefined, 3]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps its values within a byte budget, never one bigger than the budget', () => {
    const cache = new TtlCache<string>(60_000, { maxBytes: 10, sizeOf: (s) => s.length });
    cache.set('a', 'xxxx', 0);
    cache.set('b', 'yyyy', 0);
    expect(cache.bytes).toBe(8);
    cache.set('c', 'zzzz', 0);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([undefined, 'yyyy', 'zzzz']);
    expect(cache.bytes).toBe(8);
    cache.set('d', 'x'.repeat(11), 0);
    expect([cache.get('d', 1), cache.size, cache.bytes]).toEqual([undefined, 2, 8]);
    cache.set('b', 'yy', 0);
    expect(cache.bytes).toBe(6);
  });

  it('keeps nothing when turned off', () => {
    const cache = new TtlCache<number>(0);
    cache.set('a', 1);
    expect([cache.enabled, cache.get('a')]).toEqual([false, undefined]);
  });
});

describe('filtersKey', () => {
  it('gives one key to every way of asking the same thing, and different keys to different searches', () => {
    expect(filtersKey({ city: 'London', address: 'Hackney' })).toBe(filtersKey({ city: ' london ', address: 'HACKNEY' }));
    expect(filtersKey({ priceRange: '500-1000' })).toBe(filtersKey({ minPrice: 500, maxPrice: 1000 }));
    expect(filtersKey({ priceRange: '500-1000', minPrice: 700 })).toBe(filtersKey({ minPrice: 700, maxPrice: 1000 }));
    expect(filtersKey({ city: 'E8  3PB' })).toBe(filtersKey({ city: 'e8 3pb' }));
    expect(filtersKey({ city: 'London' })).not.toBe(filtersKey({ address: 'London' }));
    expect(filtersKey({ roomType: 'Single' })).not.toBe(filtersKey({ roomType: 'Double' }));
    expect(filtersKey({ availableDate: '2030-01-01' })).not.toBe(filtersKey({}));
  });
});

describe('EncodedJson', () => {
  it('answers the JSON as it is, as brotli and as gzip, each made once', () => {
    const json = JSON.stringify({ listings: Array.from({ length: 50 }, (_, i) => ({ id: i, title: `Room ${i} near the park` })) });
    const answer = new EncodedJson(json);
    expect(answer.body(null).toString()).toBe(json);
    const br = answer.body('br');
    expect(br.length).toBeLessThan(json.length / 3);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(answer.body('gzip')).toString()).toBe(json);
    expect(answer.body('br')).toBe(br);
    expect(answer.bytes).toBe(json.length + br.length + answer.body('gzip').length);
  });
});

describe('SearchCache.answer', () => {
  it('reads a burst of the same search once and keeps it', async () => {
    const cache = new SearchCache(60_000);
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 20));
      return '{"n":1}';
    };
    const answers = await Promise.all([cache.answer('k', read), cache.answer('k', read), cache.answer('k', read)]);
    expect(reads).toBe(1);
    expect(answers[1]).toBe(answers[0]);
    expect(await cache.answer('k', read)).toBe(answers[0]);
    expect(reads).toBe(1);
    await cache.answer('other', read);
    expect(reads).toBe(2);
  });

  it('does not keep an answer read while the cache was cleared (it may predate the change), nor a failed read', async () => {
    const cache = new SearchCache(60_000);
    let release!: () => void;
    const slow = cache.answer('k', () => new Promise((resolve) => (release = () => resolve('{"old":true}'))));
    cache.clear();
    release();
    expect((await slow).json.toString()).toBe('{"old":true}');
    expect((await cache.answer('k', async () => '{"new":true}')).json.toString()).toBe('{"new":true}');

    await expect(cache.answer('bad', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect((await cache.answer('bad', async () => '{"ok":true}')).json.toString()).toBe('{"ok":true}');
  });

  it('reads every time when turned off', async () => {
    const cache = new SearchCache(0);
    let reads = 0;
    const read = async () => `{"n":${++reads}}`;
    await cache.answer('k', read);
    expect((await cache.answer('k', read)).json.toString()).toBe('{"n":2}');
  });

  it('names a channel PostgreSQL accepts for any schema', () => {
    expect(searchChannel('public')).toBe('roomnest_search_public');
    expect(searchChannel('Odd-Schema.x')).toBe('roomnest_search_Odd_Schema_x');
    expect(searchChannel('s'.repeat(80))).toHaveLength(63);
  });
});

/** Polls `check` until it passes (a notification crosses between instances asynchronously). */
async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** An app instance on `database` with a 2 s search cache. */
async function instance(database: SharedDatabase['first']): Promise<TestContext> {
  const config = makeDataDir();
  const app = await buildApp({ db: database.db, config: { ...config, searchCacheSeconds: 2 } });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    inject: async (options) => {
      const res = await app.inject(options);
      if (res.statusCode >= 500) throw new Error(`${options.method} ${String(options.url)} answered ${res.statusCode}: ${res.body}`);
      return res;
    },
    close: async () => {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The ids of a page, in order. */
const ids = (page: { listings: Listing[] }) => page.listings.map((l) => l.ListingID).sort((a, b) => a - b);

describe.each(SHARED_DATABASES)('search with the cache on, two instances on $name', ({ open }) => {
  let shared: SharedDatabase;
  let one: TestContext;
  let two: TestContext;

  beforeAll(async () => {
    shared = await open();
    one = await instance(shared.first);
    two = await instance(shared.second);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await shared?.close();
  });

  it('sends a kept answer in the encoding asked for, the same listings in each', async () => {
    const landlord = await actor(one, 'Landlord', 'Professional');
    for (let i = 0; i < 3; i++) await insertListing(one.db, landlord.id, { address: `${i} Encoding Lane, Barking` });
    const url = '/api/listings?address=encoding%20lane';
    const plain = await one.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json().total).toBe(3);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip;q=1', 'gzip', gunzipSync],
    ] as const) {
      const res = await one.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
    // Validation still comes first.
    expect((await one.inject({ method: 'GET', url: '/api/listings?page=0', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(400);
  });

  it('shows a change made through one instance on the next search of both', async () => {
    const landlord = await actor(one, 'Landlord', 'Professional');
    await insertListing(one.db, landlord.id, { address: '1 Notify Road, Ilford' });
    const query = 'address=notify%20road';
    expect((await search(one, query)).total).toBe(1);
    expect((await search(two, query)).total).toBe(1);

    // Posted through one: one shows it at once (it cleared its own cache before answering), two once notified.
    const posted = await sendForm(one, 'POST', '/api/listings', landlord.token, validForm({ Address: '2 Notify Road, Ilford' }));
    expect(posted.statusCode).toBe(201);
    expect((await search(one, query)).total).toBe(2);
    await eventually(async () => expect((await search(two, query)).total).toBe(2));

    // Unavailable through two.
    const id = posted.json().listingId as number;
    const status = await two.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: { Status: 'Unavailable' }, headers: bearer(landlord.token) });
    expect(status.statusCode).toBe(200);
    expect(ids(await search(two, query))).not.toContain(id);
    await eventually(async () => expect(ids(await search(one, query))).not.toContain(id));
  });

  it('shows a change made behind the API’s back (another process, psql) and a landlord’s new name', async () => {
    const landlord = await actor(one, 'Landlord', 'Professional', 'Priya Before');
    const first = await insertListing(one.db, landlord.id, { address: '1 Trigger Street, Leyton' });
    const query = 'address=trigger%20street';
    expect(ids(await search(one, query))).toEqual([first]);
    expect(ids(await search(two, query))).toEqual([first]);

    const second = await insertListing(shared.second.db, landlord.id, { address: '2 Trigger Street, Leyton' });
    await eventually(async () => expect(ids(await search(one, query))).toEqual([first, second]));
    await eventually(async () => expect(ids(await search(two, query))).toEqual([first, second]));

    await sql`update listings set rent = 1234 where id = ${first}`.execute(shared.second.db);
    await eventually(async () => expect((await search(one, query)).listings.find((l) => l.ListingID === first)?.Rent).toBe(1234));

    const renamed = await sendForm(two, 'PUT', '/api/users/profile', landlord.token, { Name: 'Priya After' });
    expect(renamed.statusCode).toBe(200);
    await eventually(async () => expect((await search(one, query)).listings.map((l) => l.LandlordName)).toEqual(['Priya After', 'Priya After']));

    await sql`delete from listings where id = ${second}`.execute(shared.first.db);
    await eventually(async () => expect(ids(await search(two, query))).toEqual([first]));
  });

  it('reads a place afresh after a change: an area first named by a listing posted after a search for it', async () => {
    const landlord = await actor(one, 'Landlord', 'Professional');
    const query = 'city=Lower%20Clapton';
    // Both instances keep that the text names nothing.
    for (const app of [one, two]) expect((await app.inject({ method: 'GET', url: `/api/listings?${query}` })).json()).toMatchObject({ total: 0, location: { understood: false } });
    const posted = await sendForm(two, 'POST', '/api/listings', landlord.token, validForm({ Address: '8 Chatsworth Road, Lower Clapton', ZipCode: 'E5 0LP' }));
    expect(posted.statusCode).toBe(201);
    const found = async (app: TestContext) =>
      expect((await app.inject({ method: 'GET', url: `/api/listings?${query}` })).json()).toMatchObject({
        total: 1,
        location: { understood: true, label: 'Lower Clapton, London' },
      });
    // The instance that posted, at once; the other once notified, well before the 2 s of what it kept run out.
    await found(two);
    await eventually(() => found(one), 1_000);
  });

  it('keeps an answer until the ttl runs out when no notification tells of a change', async () => {
    const landlord = await actor(one, 'Landlord', 'Professional');
    await insertListing(one.db, landlord.id, { address: '1 Quiet Mews, Bow' });
    const query = 'address=quiet%20mews';
    expect((await search(one, query)).total).toBe(1);
    // As if the notification were lost: the change is not seen until the answer's 2 s are up.
    await sql`alter table listings disable trigger listings_notify_search_change`.execute(one.db);
    try {
      await insertListing(one.db, landlord.id, { address: '2 Quiet Mews, Bow' });
      expect((await search(one, query)).total).toBe(1);
      await new Promise((r) => setTimeout(r, 2_100));
      expect((await search(one, query)).total).toBe(2);
    } finally {
      await sql`alter table listings enable trigger listings_notify_search_change`.execute(one.db);
    }
  });
});
