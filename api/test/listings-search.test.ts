import { API_TEXTS, TEXTS } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, insertListing, search, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

/** The public fixture, by name; `hidden` ones must never show in public search. */
const PUBLIC = {
  hackney: { title: 'Hackney double', address: '14 Mare Street, Hackney', room_type: 'Double', rent: 950, available_date: '2030-03-10', postedDaysAgo: 1 },
  whitechapel: { title: 'Whitechapel double', address: '9 New Road, Whitechapel', room_type: 'Double', rent: 950, available_date: '2030-06-01', postedDaysAgo: 1.5 },
  bethnal: { title: 'Bethnal Green single', address: '3 Roman Road, Bethnal Green', room_type: 'Single', rent: 500, available_date: '2030-03-01', postedDaysAgo: 2 },
  barking: { title: 'Barking studio', address: '10 Station Parade, Barking', city: 'LONDON', room_type: 'Studio', rent: 1500, available_date: '2030-04-01', postedDaysAgo: 3 },
  fallowfield: {
    title: 'Fallowfield room share',
    address: '5 Wilmslow Road, Fallowfield',
    city: 'Manchester',
    state: 'Greater Manchester',
    room_type: 'Shared',
    rent: 450,
    available_date: '2030-02-01',
    postedDaysAgo: 4,
  },
  odd: { title: 'Odd address', address: 'Flat 2, 100% Test_Street, Hackney', room_type: 'Double', rent: 1000, available_date: '2030-03-10', postedDaysAgo: 5 },
  derry: {
    title: 'Derry single',
    address: '7 Shipquay Street, Derry',
    city: 'Londonderry',
    state: 'County Londonderry',
    room_type: 'Single',
    rent: 2200,
    available_date: '2030-05-01',
    postedDaysAgo: 6,
  },
} as const;
type Name = keyof typeof PUBLIC;

const sorted = (list: (string | undefined)[]) => [...list].sort();

const HIDDEN = {
  pending: { title: 'Pending Hackney room', address: '1 Hidden Street, Hackney', status: 'Pending' },
  unavailable: { title: 'Unavailable Hackney room', address: '2 Hidden Street, Hackney', status: 'Unavailable' },
  expired: { title: 'Expired Hackney room', address: '3 Hidden Street, Hackney', postedDaysAgo: 31 },
} as const;

describe.each(TEST_DATABASES)('listings search on $name', (database) => {
  let ctx: TestContext;
  let owner: Actor;
  const ids = {} as Record<Name | keyof typeof HIDDEN, number>;
  const nameOf = (id: number) => Object.entries(ids).find(([, value]) => value === id)?.[0];
  const names = async (query: string) => (await search(ctx, query)).listings.map((l) => nameOf(l.ListingID));
  const get = (id: number | string, who?: Actor) => ctx.inject({ method: 'GET', url: `/api/listings/${id}`, headers: who ? bearer(who.token) : {} });

  beforeAll(async () => {
    ctx = await createTestContext(database);
    owner = await actor(ctx, 'Landlord', 'Professional', 'Oliver Bennett');
    for (const [name, row] of Object.entries(PUBLIC)) ids[name as Name] = await insertListing(ctx.db, owner.id, row);
    for (const [name, row] of Object.entries(HIDDEN)) ids[name as keyof typeof HIDDEN] = await insertListing(ctx.db, owner.id, row);
  });
  afterAll(() => ctx?.close());

  describe('GET /api/listings', () => {
    it('shows Available, unexpired listings only, with the total and one page', async () => {
      const page = await search(ctx);
      expect(page).toMatchObject({ total: 7, page: 1, totalPages: 1 });
      expect(sorted(page.listings.map((l) => nameOf(l.ListingID)))).toEqual(sorted(Object.keys(PUBLIC)));
    });

    it('answers the Listing object of the contract', async () => {
      const id = await insertListing(ctx.db, owner.id, {
        title: 'Shape check',
        address: '99 Shape Street, Stratford',
        amenities: ['private_bathroom', 'wifi', 'bills_included'],
        rent: 1234.5,
        deposit: null,
      });
      // Its one photo: the listing's cover columns follow it (the database's trigger).
      await ctx.db
        .insertInto('listing_photos')
        .values({ listing_id: id, position: 0, path: '/uploads/listings/a.jpg', card_path: '/uploads/listings/a-card.webp', width: 1600, height: 1200 })
        .execute();
      const { listings } = await search(ctx, 'address=shape%20street');
      expect(listings).toHaveLength(1);
      const listing = listings[0]!;
      expect(listing).toEqual({
        ListingID: id,
        LandlordID: owner.id,
        LandlordName: 'Oliver Bennett',
        LandlordProfilePictureURL: null,
        LandlordEmailVerified: false,
        Title: 'Shape check',
        Description: '',
        Address: '99 Shape Street, Stratford',
        City: 'London',
        State: 'Greater London',
        ZipCode: 'E8 1AA',
        RoomType: 'Double',
        Rent: 1234.5,
        Deposit: null,
        AvailableDate: '2030-01-01',
        ImageUrl: '/uploads/listings/a.jpg',
        ThumbnailUrl: '/uploads/listings/a-card.webp',
        Photos: [{ PhotoID: expect.any(Number), Url: '/uploads/listings/a.jpg', ThumbUrl: '/uploads/listings/a-card.webp', Width: 1600, Height: 1200 }],
        Amenities: [
          { AmenityID: 1, Name: 'WiFi' },
          { AmenityID: 8, Name: 'Private Bathroom' },
          { AmenityID: 9, Name: 'Bills Included' },
        ],
        AmenitiesNames: 'WiFi, Private Bathroom, Bills Included',
        LeaseTerms: '',
        PetPolicy: 'Not Allowed',
        SmokingPolicy: 'Not Allowed',
        Status: 'Available',
        CreatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        ExpiresAt: expect.stringMatching(/Z$/),
      });
      expect(Date.parse(listing.ExpiresAt) - Date.parse(listing.CreatedAt)).toBe(30 * 86_400_000);
      await ctx.db.deleteFrom('listings').where('id', '=', id).execute();
    });

    it('carries only the cover in search, and every photo in display order on the detail', async () => {
      const id = await insertListing(ctx.db, owner.id, { title: 'Photo check', address: '98 Photo Street, Stratford' });
      // Stored out of display order, so that the answers' order can only come from the positions.
      for (const [position, stem] of [[2, 'c'], [0, 'a'], [1, 'b']] as const) {
        await ctx.db
          .insertInto('listing_photos')
          .values({ listing_id: id, position, path: `/uploads/listings/${stem}.jpg`, card_path: `/uploads/listings/${stem}-card.webp`, width: 1600, height: 1200 })
          .execute();
      }
      const { listings } = await search(ctx, 'address=photo%20street');
      expect(listings[0]!.Photos.map((p) => p.Url)).toEqual(['/uploads/listings/a.jpg']);
      expect(listings[0]!.ImageUrl).toBe('/uploads/listings/a.jpg');
      const detail = (await get(id)).json();
      expect(detail.Photos.map((p: { Url: string }) => p.Url)).toEqual(['/uploads/listings/a.jpg', '/uploads/listings/b.jpg', '/uploads/listings/c.jpg']);
      expect(detail.ThumbnailUrl).toBe('/uploads/listings/a-card.webp');
      await ctx.db.deleteFrom('listings').where('id', '=', id).execute();
    });

    it.each([
      ['London', ['hackney', 'whitechapel', 'bethnal', 'barking', 'odd', 'derry']],
      ['london', ['hackney', 'whitechapel', 'bethnal', 'barking', 'odd', 'derry']],
      ['LONDON', ['hackney', 'whitechapel', 'bethnal', 'barking', 'odd', 'derry']],
      ['  London  ', ['hackney', 'whitechapel', 'bethnal', 'barking', 'odd', 'derry']],
      ['Londonderry', ['derry']],
      ['Manchester', ['fallowfield']],
      ['manc', ['fallowfield']],
      ['ondon', []],
      ['L%', []],
      ['Lon_on', []],
    ])('matches city=%j case-insensitively from the start of the city', async (city, expected) => {
      expect(sorted(await names(`city=${encodeURIComponent(city)}`))).toEqual(sorted(expected));
    });

    it('reads a city that names an area as that area (search by place: listings-search-places.test.ts)', async () => {
      expect(sorted(await names('city=Hackney'))).toEqual(sorted(['hackney', 'odd']));
    });

    it.each([
      ['hackney', ['hackney', 'odd']],
      ['MARE STREET', ['hackney']],
      ['street', ['hackney', 'odd', 'derry']],
      ['ar', ['hackney', 'barking']],
      ['100%', ['odd']],
      ['_', ['odd']],
      ['%', ['odd']],
      ['\\', []],
      ['Hidden', []],
      ['Peckham', []],
    ])('matches address=%j as a case-insensitive substring, wildcards taken literally', async (address, expected) => {
      expect(sorted(await names(`address=${encodeURIComponent(address)}`))).toEqual(sorted(expected));
    });

    it('combines city and address as the Home location cards do', async () => {
      expect(await names('city=London&address=Barking')).toEqual(['barking']);
      expect(await names('city=Manchester&address=Hackney')).toEqual([]);
    });

    it.each([
      ['minPrice=950', ['hackney', 'whitechapel', 'barking', 'odd', 'derry']],
      ['maxPrice=950', ['hackney', 'whitechapel', 'bethnal', 'fallowfield']],
      ['minPrice=600&maxPrice=1000', ['hackney', 'whitechapel', 'odd']],
      ['minPrice=950.01', ['barking', 'odd', 'derry']],
      ['minPrice=2000&maxPrice=1000', []],
      ['priceRange=0-500', ['bethnal', 'fallowfield']],
      ['priceRange=500-1000', ['bethnal', 'hackney', 'whitechapel', 'odd']],
      ['priceRange=1000-1500', ['odd', 'barking']],
      ['priceRange=1500%2B', ['barking', 'derry']],
      ['priceRange=500-1000&minPrice=900', ['hackney', 'whitechapel', 'odd']],
      ['priceRange=1500%2B&maxPrice=2000', ['barking']],
    ])('filters rent inclusively: %s', async (query, expected) => {
      expect(sorted(await names(query))).toEqual(sorted(expected));
    });

    it.each([
      ['Double', ['hackney', 'whitechapel', 'odd']],
      ['Single', ['bethnal', 'derry']],
      ['Studio', ['barking']],
      ['Shared', ['fallowfield']],
    ])('filters roomType=%s', async (roomType, expected) => {
      expect(sorted(await names(`roomType=${roomType}`))).toEqual(sorted(expected));
    });

    it.each([
      ['2030-01-31', []],
      ['2030-03-01', ['bethnal', 'fallowfield']],
      ['2030-03-10', ['bethnal', 'fallowfield', 'hackney', 'odd']],
      ['2031-01-01', Object.keys(PUBLIC)],
    ])('filters availableDate=%s (available on or before)', async (date, expected) => {
      expect(sorted(await names(`availableDate=${date}`))).toEqual(sorted(expected));
    });

    it('applies every filter together', async () => {
      expect(await names('city=london&address=hackney&roomType=Double&priceRange=500-1000&availableDate=2030-03-10&sortBy=rent_desc')).toEqual(['odd', 'hackney']);
    });

    it.each([
      ['rent_asc', ['fallowfield', 'bethnal', 'hackney', 'whitechapel', 'odd', 'barking', 'derry']],
      ['rent_desc', ['derry', 'barking', 'odd', 'whitechapel', 'hackney', 'bethnal', 'fallowfield']],
      ['date_new', ['hackney', 'whitechapel', 'bethnal', 'barking', 'fallowfield', 'odd', 'derry']],
      ['relevance', ['hackney', 'whitechapel', 'bethnal', 'barking', 'fallowfield', 'odd', 'derry']],
    ])('sorts by %s, ties by id', async (sortBy, expected) => {
      expect(await names(`sortBy=${sortBy}`)).toEqual(expected);
    });

    it('sorts by relevance by default', async () => {
      expect(await names('')).toEqual(await names('sortBy=relevance'));
    });

    it('puts a renewed listing first for relevance but keeps its posting date for date_new', async () => {
      await ctx.db.updateTable('listings').set({ expires_at: sql<Date>`now() + interval '30 days'` }).where('id', '=', ids.derry).execute();
      try {
        expect((await names('sortBy=relevance'))[0]).toBe('derry');
        expect((await names('sortBy=date_new')).at(-1)).toBe('derry');
      } finally {
        await ctx.db.updateTable('listings').set({ expires_at: sql<Date>`created_at + interval '30 days'` }).where('id', '=', ids.derry).execute();
      }
    });

    it('breaks a tie in relevance by the higher id first', async () => {
      await ctx.db
        .updateTable('listings')
        .set({ expires_at: sql<Date>`now() + interval '40 days'` })
        .where('id', 'in', [ids.bethnal, ids.barking])
        .execute();
      try {
        expect((await names('sortBy=relevance')).slice(0, 2)).toEqual(ids.bethnal > ids.barking ? ['bethnal', 'barking'] : ['barking', 'bethnal']);
      } finally {
        await ctx.db.updateTable('listings').set({ expires_at: sql<Date>`created_at + interval '30 days'` }).where('id', 'in', [ids.bethnal, ids.barking]).execute();
      }
    });

    it('pages without overlap or gaps, with the total and page count', async () => {
      const all = await names('sortBy=rent_asc');
      const pages = await Promise.all([1, 2, 3].map((page) => search(ctx, `sortBy=rent_asc&pageSize=3&page=${page}`)));
      expect(pages.map((p) => [p.page, p.total, p.totalPages, p.listings.length])).toEqual([
        [1, 7, 3, 3],
        [2, 7, 3, 3],
        [3, 7, 3, 1],
      ]);
      expect(pages.flatMap((p) => p.listings.map((l) => nameOf(l.ListingID)))).toEqual(all);
    });

    it('answers an empty page past the last one, with the real total', async () => {
      expect(await search(ctx, 'page=5&pageSize=3')).toEqual({ listings: [], total: 7, totalCapped: false, page: 5, totalPages: 3 });
    });

    it('answers no listings and no pages when nothing matches', async () => {
      expect(await search(ctx, 'city=Leeds')).toEqual({
        listings: [],
        total: 0,
        totalCapped: false,
        page: 1,
        totalPages: 0,
        location: { understood: false, label: null, matches: [] },
      });
    });

    it('defaults to 24 a page and allows up to 100', async () => {
      for (let i = 0; i < 20; i++) await insertListing(ctx.db, owner.id, { title: `Filler ${i}`, address: `${i} Filler Row, Ilford`, rent: 700 });
      try {
        expect(await search(ctx, '')).toMatchObject({ total: 27, totalPages: 2 });
        expect((await search(ctx, '')).listings).toHaveLength(24);
        expect((await search(ctx, 'pageSize=100')).listings).toHaveLength(27);
      } finally {
        await ctx.db.deleteFrom('listings').where('title', 'like', 'Filler %').execute();
      }
    });

    it('ignores unknown parameters such as a cache-buster, and blank ones', async () => {
      const plain = await search(ctx, '');
      expect(await search(ctx, '_=1732274400000&utm_source=newsletter&foo[bar]=1')).toEqual(plain);
      expect(await search(ctx, 'city=&address=&minPrice=&maxPrice=&priceRange=&roomType=&availableDate=&sortBy=&page=&pageSize=')).toEqual(plain);
    });

    it.each([
      ['minPrice=-1', 'minPrice', 'minPrice must be at least 0.'],
      ['minPrice=cheap', 'minPrice', 'minPrice must be a number.'],
      ['maxPrice=1.005', 'maxPrice', 'maxPrice can have at most 2 decimal places.'],
      ['priceRange=2000%2B', 'priceRange', 'Unknown price range.'],
      ['roomType=Penthouse', 'roomType', 'Unknown room type.'],
      ['availableDate=2030-02-30', 'availableDate', 'availableDate must be a valid date (YYYY-MM-DD).'],
      ['availableDate=next%20week', 'availableDate', 'availableDate must be a valid date (YYYY-MM-DD).'],
      ['sortBy=cheapest', 'sortBy', 'Unknown sort order.'],
      ['page=0', 'page', 'page must be at least 1.'],
      ['page=1.5', 'page', 'page must be a whole number.'],
      ['page=two', 'page', 'page must be a whole number.'],
      ['pageSize=0', 'pageSize', 'pageSize must be at least 1.'],
      ['pageSize=101', 'pageSize', 'pageSize must be at most 100.'],
      [`city=${'x'.repeat(101)}`, 'city', 'city must be at most 100 characters.'],
      [`address=${'x'.repeat(201)}`, 'address', 'address must be at most 200 characters.'],
    ])('answers 400 for %s', async (query, field, message) => {
      const res = await ctx.inject({ method: 'GET', url: `/api/listings?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    });

    it('answers 400, not 500, for a parameter given twice', async () => {
      for (const query of ['city=London&city=Leeds', 'page=1&page=2', 'roomType=Single&roomType=Double']) {
        expect((await ctx.inject({ method: 'GET', url: `/api/listings?${query}` })).statusCode).toBe(400);
      }
    });

    it('tells HTTP caches not to keep listings', async () => {
      for (const url of ['/api/listings', `/api/listings/${ids.hackney}`, '/api/listings/987654']) {
        expect((await ctx.inject({ method: 'GET', url })).headers['cache-control']).toBe('no-store');
      }
    });

    it('ignores a token, even an invalid one: search is public', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/api/listings', headers: { authorization: 'Bearer not-a-token' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(7);
    });
  });

  describe('GET /api/listings/{id}', () => {
    let tenant: Actor;
    let otherLandlord: Actor;
    beforeAll(async () => {
      tenant = await actor(ctx, 'Tenant');
      otherLandlord = await actor(ctx, 'Landlord');
    });

    it('answers a public listing to anyone', async () => {
      for (const who of [undefined, tenant, otherLandlord, owner]) {
        const res = await get(ids.hackney, who);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ ListingID: ids.hackney, Title: 'Hackney double', LandlordName: 'Oliver Bennett', Status: 'Available' });
      }
    });

    it.each(['pending', 'unavailable', 'expired'] as const)('answers a %s listing to its owner only (404 for the others)', async (name) => {
      for (const who of [undefined, tenant, otherLandlord]) {
        const res = await get(ids[name], who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: TEXTS.roomNotFound });
      }
      const own = await get(ids[name], owner);
      expect(own.statusCode).toBe(200);
      expect(own.json().Title).toBe(HIDDEN[name].title);
    });

    it.each(['987654', 'abc', '0', '-1', '1.5', '1e3', '99999999999', '2147483648', ' 1'])('answers 404 for the id %j', async (id) => {
      const res = await get(encodeURIComponent(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TEXTS.roomNotFound });
    });

    it('answers 401 for an invalid token rather than ignoring it', async () => {
      const res = await ctx.inject({ method: 'GET', url: `/api/listings/${ids.hackney}`, headers: { authorization: 'Bearer nope' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: API_TEXTS.tokenInvalid });
    });
  });
});
