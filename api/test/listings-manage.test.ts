import { existsSync } from 'node:fs';
import { API_TEXTS, formatDate, LISTING_STATUSES, listingInputSchema, listingUpdateSchema, ROOM_TYPES, TEXTS, type Listing } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_TEXTS } from '../src/features/listings/texts.ts';
import { actor, imagePart, insertListing, jpeg, search, sendForm, uploadedFiles, uploadFile, validForm, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const DAY_MS = 86_400_000;

/** The id of a listing just posted (the answer must be 201). */
function created(res: { statusCode: number; json: () => { listingId: number } }): number {
  expect(res.statusCode).toBe(201);
  return res.json().listingId;
}

describe.each(TEST_DATABASES)('managing listings on $name', (database) => {
  let ctx: TestContext;
  let tenant: Actor;
  let stranger: Actor;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    tenant = await actor(ctx, 'Tenant');
    stranger = await actor(ctx, 'Landlord', 'Professional');
  });
  afterAll(() => ctx?.close());

  const post = (who: Actor | null, fields = validForm(), files: Parameters<typeof sendForm>[5] = []) => sendForm(ctx, 'POST', '/api/listings', who?.token ?? null, fields, files);
  const put = (id: number | string, who: Actor | null, fields = validForm({ Status: 'Available' }), files: Parameters<typeof sendForm>[5] = []) =>
    sendForm(ctx, 'PUT', `/api/listings/${id}`, who?.token ?? null, fields, files);
  const get = (id: number, who?: Actor) => ctx.inject({ method: 'GET', url: `/api/listings/${id}`, headers: who ? bearer(who.token) : {} });
  const patchStatus = (id: number | string, who: Actor | null, payload: unknown) =>
    ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: payload as object, headers: who ? bearer(who.token) : {} });
  const remove = (id: number | string, who: Actor | null) => ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: who ? bearer(who.token) : {} });
  const renew = (id: number | string, who: Actor | null) => ctx.inject({ method: 'POST', url: `/api/listings/${id}/renew`, headers: who ? bearer(who.token) : {} });
  const myListings = (who: Actor | null) => ctx.inject({ method: 'GET', url: '/api/listings/my-listings', headers: who ? bearer(who.token) : {} });

  describe('POST /api/listings', () => {
    it('lets a landlord post a room with an image and answers 201 with its id', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Free', 'Oliver Bennett');
      const res = await post(landlord, validForm({ Title: '  Bright double room near London Fields  ' }), [imagePart(await jpeg())]);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ listingId: expect.any(Number), message: LISTING_TEXTS.created });

      const listing: Listing = (await get(res.json().listingId)).json();
      expect(listing).toMatchObject({
        ListingID: res.json().listingId,
        LandlordID: landlord.id,
        LandlordName: 'Oliver Bennett',
        Title: 'Bright double room near London Fields',
        Description: 'A bright double room in a friendly flatshare.',
        Address: '14 Mare Street, Hackney',
        City: 'London',
        State: 'Greater London',
        ZipCode: 'E8 3DL',
        RoomType: 'Double',
        Rent: 950.5,
        Deposit: 1096,
        AvailableDate: '2030-09-01',
        LeaseTerms: '12-month tenancy',
        PetPolicy: 'Case-by-Case',
        SmokingPolicy: 'Outside Only',
        Status: 'Available',
        Amenities: [
          { AmenityID: 1, Name: 'WiFi' },
          { AmenityID: 2, Name: 'Parking' },
          { AmenityID: 9, Name: 'Bills Included' },
        ],
        AmenitiesNames: 'WiFi, Parking, Bills Included',
      });
      expect(listing.ImageUrl).toMatch(/^\/uploads\/listings\/[\w-]+\.jpg$/);
      expect(listing.ThumbnailUrl).toMatch(/^\/uploads\/listings\/[\w-]+-card\.webp$/);
      expect(existsSync(uploadFile(ctx, listing.ImageUrl!))).toBe(true);
      expect(existsSync(uploadFile(ctx, listing.ThumbnailUrl!))).toBe(true);
      expect(Math.abs(Date.parse(listing.CreatedAt) - Date.now())).toBeLessThan(60_000);
      expect(Date.parse(listing.ExpiresAt) - Date.parse(listing.CreatedAt)).toBe(30 * DAY_MS);
      // Found by search at once.
      expect((await search(ctx, 'address=mare%20street')).listings.map((l) => l.ListingID)).toContain(listing.ListingID);
    });

    it('fills in what was left out: no image, no amenities, default policies, blank text', async () => {
      const landlord = await actor(ctx, 'Landlord');
      const fields = validForm({ Description: '   ', LeaseTerms: '', Deposit: '', PetPolicy: '', SmokingPolicy: '' });
      delete fields.Amenities;
      const listing: Listing = (await get(created(await post(landlord, fields)))).json();
      expect(listing).toMatchObject({
        Description: '',
        LeaseTerms: '',
        Deposit: null,
        PetPolicy: 'Case-by-Case',
        SmokingPolicy: 'Not Allowed',
        Amenities: [],
        AmenitiesNames: '',
        ImageUrl: null,
        ThumbnailUrl: null,
      });
    });

    it('reads a single Amenities value as a list of one, and ignores a Status or unknown field', async () => {
      const landlord = await actor(ctx, 'Landlord');
      const id = created(await post(landlord, validForm({ Amenities: 'heating', Status: 'Pending', ListingID: '1', LandlordID: String(stranger.id) })));
      expect((await get(id)).json()).toMatchObject({ Amenities: [{ AmenityID: 6, Name: 'Heating' }], Status: 'Available', LandlordID: landlord.id });
    });

    it('answers 401 to an anonymous caller and 403 to a tenant', async () => {
      const anonymous = await post(null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: API_TEXTS.unauthenticated });
      const res = await post(tenant);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TEXTS.onlyLandlordsCanList });
    });

    it('answers 400 with every missing required field and the product’s message', async () => {
      const landlord = await actor(ctx, 'Landlord');
      const res = await post(landlord, { Description: 'Only a description' });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(TEXTS.postAdRequired);
      expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
        ['AvailableDate', 'Address', 'City', 'RoomType', 'Rent', 'State', 'Title', 'ZipCode'].sort(),
      );
    });

    it.each([
      ['a blank Title', { Title: '   ' }, 'Title', TEXTS.postAdRequired],
      ['a Title of 121 characters', { Title: 'x'.repeat(121) }, 'Title', 'Title must be at most 120 characters.'],
      ['a ZipCode of 13 characters', { ZipCode: 'E8 3DL E8 3DL' }, 'ZipCode', 'ZipCode must be at most 12 characters.'],
      ['a Description of 5,001 characters', { Description: 'x'.repeat(5001) }, 'Description', 'Description must be at most 5000 characters.'],
      ['Rent 0', { Rent: '0' }, 'Rent', 'Rent must be at least 1.'],
      ['Rent 0.99', { Rent: '0.99' }, 'Rent', 'Rent must be at least 1.'],
      ['Rent with 3 decimals', { Rent: '950.505' }, 'Rent', 'Rent can have at most 2 decimal places.'],
      ['Rent over 100,000', { Rent: '100001' }, 'Rent', 'Rent must be at most 100000.'],
      ['Rent in words', { Rent: 'nine hundred' }, 'Rent', TEXTS.postAdRequired],
      ['a negative Deposit', { Deposit: '-1' }, 'Deposit', 'Deposit must be at least 0.'],
      ['a Deposit in words', { Deposit: 'some' }, 'Deposit', 'Deposit must be a number.'],
      ['30 February', { AvailableDate: '2030-02-30' }, 'AvailableDate', 'Available Date must be a valid date (YYYY-MM-DD).'],
      ['a date as DD/MM/YYYY', { AvailableDate: '01/09/2030' }, 'AvailableDate', 'Available Date must be a valid date (YYYY-MM-DD).'],
      ['an unknown RoomType', { RoomType: 'Penthouse' }, 'RoomType', 'Room Type must be one of Single, Double, Studio, Shared.'],
      ['an unknown PetPolicy', { PetPolicy: 'Sometimes' }, 'PetPolicy', 'Pet Policy must be one of Not Allowed, Allowed, Case-by-Case.'],
      ['an unknown SmokingPolicy', { SmokingPolicy: 'Indoors' }, 'SmokingPolicy', 'Smoking Policy must be one of Not Allowed, Allowed, Outside Only.'],
      ['an unknown amenity', { Amenities: ['wifi', 'sauna'] }, 'Amenities.1', 'Unknown amenity.'],
      ['an amenity twice', { Amenities: ['wifi', 'wifi'] }, 'Amenities', 'Each amenity may be given once.'],
      ['two Titles', { Title: ['One', 'Two'] }, 'Title', TEXTS.postAdRequired],
    ])('answers 400 for %s', async (_label, overrides, field, message) => {
      const landlord = await actor(ctx, 'Landlord');
      const res = await post(landlord, validForm(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
      expect(await ctx.db.selectFrom('listings').select('id').where('landlord_id', '=', landlord.id).execute()).toEqual([]);
    });

    it('stores nothing when the fields are invalid, even with a good image', async () => {
      const landlord = await actor(ctx, 'Landlord');
      const before = uploadedFiles(ctx);
      const res = await post(landlord, validForm({ Rent: '0' }), [imagePart(await jpeg())]);
      expect(res.statusCode).toBe(400);
      expect(uploadedFiles(ctx)).toEqual(before);
    });
  });

  describe('plan limits', () => {
    it('lets a Free landlord keep one active listing, with a clear message for the second', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Free');
      created(await post(landlord));
      const res = await post(landlord);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message:
          'Your Free plan allows 1 active listing, and you have reached that limit. ' +
          'To post another, delete a listing, let one expire (listings last 30 days) or upgrade to Premium for up to 5.',
      });
    });

    it('lets a Premium landlord keep five', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Premium');
      for (let i = 0; i < 5; i++) created(await post(landlord, validForm({ Title: `Room ${i + 1}` })));
      const res = await post(landlord);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Your Premium plan allows 5 active listings, and you have reached that limit. ' +
          'To post another, delete a listing, let one expire (listings last 30 days) or upgrade to Professional for unlimited listings.',
      );
    });

    it('sets no limit for a Professional landlord', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Professional');
      for (let i = 0; i < 7; i++) await insertListing(ctx.db, landlord.id);
      expect((await post(landlord)).statusCode).toBe(201);
    });

    it('counts Pending and Unavailable listings but not expired ones', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Free');
      const pending = await insertListing(ctx.db, landlord.id, { status: 'Pending' });
      expect((await post(landlord)).statusCode).toBe(403);
      await ctx.db.updateTable('listings').set({ status: 'Unavailable' }).where('id', '=', pending).execute();
      expect((await post(landlord)).statusCode).toBe(403);
      await ctx.db.deleteFrom('listings').where('id', '=', pending).execute();
      await insertListing(ctx.db, landlord.id, { postedDaysAgo: 31 });
      created(await post(landlord));
    });

    it('answers the limit before reading the upload', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Free');
      await insertListing(ctx.db, landlord.id);
      const res = await post(landlord, validForm(), [imagePart(Buffer.alloc(6 * 1024 * 1024, 1))]);
      expect(res.statusCode).toBe(403);
    });

    it('lets only one of two simultaneous posts through on the Free plan', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Free');
      const results = await Promise.all([post(landlord, validForm({ Title: 'First' })), post(landlord, validForm({ Title: 'Second' }))]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
      expect(await ctx.db.selectFrom('listings').select('id').where('landlord_id', '=', landlord.id).execute()).toHaveLength(1);
    });
  });

  describe('PUT /api/listings/{id}', () => {
    it('lets the owner change every field and the status, keeping posting and expiry times', async () => {
      const owner = await actor(ctx, 'Landlord', 'Professional');
      const id = created(await post(owner));
      const before: Listing = (await get(id)).json();
      const res = await put(
        id,
        owner,
        validForm({
          Title: 'Refreshed double room',
          Description: 'Now with a new carpet.',
          Address: '20 Well Street, Hackney',
          City: 'London',
          State: 'Greater London',
          ZipCode: 'E9 7PX',
          RoomType: 'Single',
          Rent: '875',
          Deposit: '',
          AvailableDate: '2030-10-01',
          LeaseTerms: 'Rolling monthly',
          PetPolicy: 'Allowed',
          SmokingPolicy: 'Not Allowed',
          Amenities: ['heating', 'laundry'],
          Status: 'Pending',
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: LISTING_TEXTS.updated,
        listing: {
          ...before,
          Title: 'Refreshed double room',
          Description: 'Now with a new carpet.',
          Address: '20 Well Street, Hackney',
          ZipCode: 'E9 7PX',
          RoomType: 'Single',
          Rent: 875,
          Deposit: null,
          AvailableDate: '2030-10-01',
          LeaseTerms: 'Rolling monthly',
          PetPolicy: 'Allowed',
          SmokingPolicy: 'Not Allowed',
          Amenities: [
            { AmenityID: 3, Name: 'Laundry' },
            { AmenityID: 6, Name: 'Heating' },
          ],
          AmenitiesNames: 'Laundry, Heating',
          Status: 'Pending',
        },
      });
      // Pending: gone from public search, still the owner's.
      expect((await get(id)).statusCode).toBe(404);
      expect((await get(id, owner)).statusCode).toBe(200);
    });

    it('keeps the image when none is sent, and replaces it (deleting the old files) when one is', async () => {
      const owner = await actor(ctx, 'Landlord', 'Professional');
      const id = created(await post(owner, validForm(), [imagePart(await jpeg())]));
      const first: Listing = (await get(id)).json();

      const kept = await put(id, owner);
      expect(kept.json().listing).toMatchObject({ ImageUrl: first.ImageUrl, ThumbnailUrl: first.ThumbnailUrl });

      const replaced = await put(id, owner, validForm({ Status: 'Available' }), [imagePart(await jpeg(640, 640))]);
      const second: Listing = replaced.json().listing;
      expect(second.ImageUrl).not.toBe(first.ImageUrl);
      expect(existsSync(uploadFile(ctx, second.ImageUrl!))).toBe(true);
      expect(existsSync(uploadFile(ctx, second.ThumbnailUrl!))).toBe(true);
      expect(existsSync(uploadFile(ctx, first.ImageUrl!))).toBe(false);
      expect(existsSync(uploadFile(ctx, first.ThumbnailUrl!))).toBe(false);
    });

    it('edits an expired listing without renewing it', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id, { postedDaysAgo: 40 });
      const res = await put(id, owner, validForm({ Title: 'Still expired', Status: 'Available' }));
      expect(res.statusCode).toBe(200);
      expect(Date.parse(res.json().listing.ExpiresAt)).toBeLessThan(Date.now());
      expect((await get(id)).statusCode).toBe(404);
    });

    it('answers 401, 403 and 404 as the contract says', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id, { title: 'Not yours' });
      expect((await put(id, null)).statusCode).toBe(401);
      for (const who of [tenant, stranger]) {
        const res = await put(id, who);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: LISTING_TEXTS.notOwner });
      }
      // Someone else's listing that only its owner may see is not found, as GET says: a 403 told that it exists.
      for (const hidden of [await insertListing(ctx.db, owner.id, { status: 'Pending' }), await insertListing(ctx.db, owner.id, { postedDaysAgo: 31 })]) {
        for (const who of [tenant, stranger]) {
          const res = await put(hidden, who);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ message: LISTING_TEXTS.notFound });
        }
      }
      for (const missing of [987_654, 'abc', '0']) {
        const res = await put(missing, owner);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: TEXTS.roomNotFound });
      }
      expect((await get(id)).json().Title).toBe('Not yours');
    });

    it('answers 400 without a Status or with an invalid field', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id);
      const noStatus = await put(id, owner, validForm());
      expect(noStatus.statusCode).toBe(400);
      expect(noStatus.json().errors).toContainEqual({ field: 'Status', message: TEXTS.selectNewStatus });
      const badStatus = await put(id, owner, validForm({ Status: 'Let' }));
      expect(badStatus.json().errors).toContainEqual({ field: 'Status', message: TEXTS.selectNewStatus });
      const badRent = await put(id, owner, validForm({ Status: 'Available', Rent: '-3' }));
      expect(badRent.statusCode).toBe(400);
      expect(badRent.json().errors).toContainEqual({ field: 'Rent', message: 'Rent must be at least 1.' });
    });
  });

  describe('DELETE /api/listings/{id}', () => {
    it('lets the owner delete a listing and its image files', async () => {
      const owner = await actor(ctx, 'Landlord', 'Professional');
      const id = created(await post(owner, validForm(), [imagePart(await jpeg())]));
      const listing: Listing = (await get(id)).json();
      const res = await remove(id, owner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: LISTING_TEXTS.deleted });
      expect((await get(id, owner)).statusCode).toBe(404);
      expect(existsSync(uploadFile(ctx, listing.ImageUrl!))).toBe(false);
      expect(existsSync(uploadFile(ctx, listing.ThumbnailUrl!))).toBe(false);
      expect((await remove(id, owner)).statusCode).toBe(404);
    });

    it('leaves files outside the listings folder alone (the shared demo pictures)', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id, { image_path: '/uploads/demo/room-01.jpg', thumb_path: '/uploads/../../etc/passwd' });
      expect((await remove(id, owner)).statusCode).toBe(200);
    });

    it('answers 401, 403 and 404 as the contract says', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id);
      expect((await remove(id, null)).statusCode).toBe(401);
      for (const who of [tenant, stranger]) {
        const res = await remove(id, who);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: LISTING_TEXTS.notOwner });
      }
      const hidden = await insertListing(ctx.db, owner.id, { status: 'Unavailable' });
      for (const who of [tenant, stranger]) {
        const res = await remove(hidden, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: LISTING_TEXTS.notFound });
      }
      expect((await remove(987_654, owner)).statusCode).toBe(404);
      expect((await remove('x1', owner)).statusCode).toBe(404);
      expect((await get(id)).statusCode).toBe(200);
    });

    it('goes with the landlord’s account', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id);
      await ctx.db.deleteFrom('users').where('id', '=', owner.id).execute();
      expect((await get(id)).statusCode).toBe(404);
    });
  });

  describe('PATCH /api/listings/{id}/status', () => {
    it('lets the owner move a listing between the three statuses; only Available is public', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id, { address: '5 Status Street, Ilford' });
      for (const Status of ['Pending', 'Unavailable', 'Available'] as const) {
        const res = await patchStatus(id, owner, { Status });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ message: `Status updated to ${Status}.`, listing: { ListingID: id, Status } });
        expect((await search(ctx, 'address=status%20street')).total).toBe(Status === 'Available' ? 1 : 0);
        expect((await get(id)).statusCode).toBe(Status === 'Available' ? 200 : 404);
      }
    });

    it.each([[{}], [{ Status: '' }], [{ Status: 'Sold' }], [{ Status: 'available' }]])('answers 400 with the product’s message for %j', async (payload) => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id);
      const res = await patchStatus(id, owner, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: TEXTS.selectNewStatus, errors: [{ field: 'Status', message: TEXTS.selectNewStatus }] });
    });

    it('answers 401, 403, 404 and 415 as the contract says', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id);
      expect((await patchStatus(id, null, { Status: 'Pending' })).statusCode).toBe(401);
      for (const who of [tenant, stranger]) expect((await patchStatus(id, who, { Status: 'Pending' })).statusCode).toBe(403);
      const hidden = await insertListing(ctx.db, owner.id, { status: 'Pending' });
      for (const who of [tenant, stranger]) {
        const res = await patchStatus(hidden, who, { Status: 'Available' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: LISTING_TEXTS.notFound });
      }
      expect((await patchStatus(987_654, owner, { Status: 'Pending' })).statusCode).toBe(404);
      const text = await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: 'Status=Pending', headers: { ...bearer(owner.token), 'content-type': 'text/plain' } });
      expect(text.statusCode).toBe(415);
      const broken = await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: '{"Status":', headers: { ...bearer(owner.token), 'content-type': 'application/json' } });
      expect(broken.statusCode).toBe(400);
      expect((await get(id)).json().Status).toBe('Available');
    });
  });

  describe('GET /api/listings/my-listings', () => {
    it('answers every listing of the caller, whatever its status or expiry, newest first', async () => {
      const owner = await actor(ctx, 'Landlord', 'Professional');
      const expired = await insertListing(ctx.db, owner.id, { title: 'Expired', postedDaysAgo: 45 });
      const pending = await insertListing(ctx.db, owner.id, { title: 'Pending', status: 'Pending', postedDaysAgo: 3 });
      const unavailable = await insertListing(ctx.db, owner.id, { title: 'Unavailable', status: 'Unavailable', postedDaysAgo: 2 });
      const available = await insertListing(ctx.db, owner.id, { title: 'Available', postedDaysAgo: 1 });
      await insertListing(ctx.db, stranger.id, { title: 'Someone else’s' });
      const res = await myListings(owner);
      expect(res.statusCode).toBe(200);
      expect(res.json().listings.map((l: Listing) => [l.ListingID, l.Title])).toEqual([
        [available, 'Available'],
        [unavailable, 'Unavailable'],
        [pending, 'Pending'],
        [expired, 'Expired'],
      ]);
    });

    it('answers an empty list to a landlord with none', async () => {
      const res = await myListings(await actor(ctx, 'Landlord'));
      expect(res.json()).toEqual({ listings: [] });
    });

    it('answers 401 to an anonymous caller and 403 to a tenant', async () => {
      expect((await myListings(null)).statusCode).toBe(401);
      const res = await myListings(tenant);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TEXTS.myListingsDenied });
    });
  });

  describe('expiry and POST /api/listings/{id}/renew', () => {
    it('takes an expired listing out of search and detail for others; the owner still sees it and renews it', async () => {
      const owner = await actor(ctx, 'Landlord', 'Free');
      const id = await insertListing(ctx.db, owner.id, { address: '8 Expiry Lane, Romford', postedDaysAgo: 31 });
      expect((await search(ctx, 'address=expiry%20lane')).total).toBe(0);
      for (const who of [undefined, tenant, stranger]) expect((await get(id, who)).statusCode).toBe(404);
      expect((await get(id, owner)).statusCode).toBe(200);
      expect((await myListings(owner)).json().listings.map((l: Listing) => l.ListingID)).toEqual([id]);

      const res = await renew(id, owner);
      expect(res.statusCode).toBe(200);
      const { message, listing } = res.json();
      expect(Math.abs(Date.parse(listing.ExpiresAt) - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
      expect(message).toBe(`Listing renewed: it stays in search until ${formatDate(listing.ExpiresAt)}.`);
      expect((await search(ctx, 'address=expiry%20lane')).total).toBe(1);
      expect((await get(id, tenant)).statusCode).toBe(200);
      // Renewal puts it first in relevance.
      expect((await search(ctx, 'pageSize=1')).listings[0]!.ListingID).toBe(id);
    });

    it('renews a listing from seven days before it expires, and answers 409 earlier', async () => {
      const owner = await actor(ctx, 'Landlord', 'Free');
      const fresh = await insertListing(ctx.db, owner.id, { postedDaysAgo: 5 });
      const early = await renew(fresh, owner);
      expect(early.statusCode).toBe(409);
      const expires = await ctx.db.selectFrom('listings').select('expires_at').where('id', '=', fresh).executeTakeFirstOrThrow();
      expect(early.json()).toEqual({ message: LISTING_TEXTS.renewTooEarly(expires.expires_at) });
      expect(early.json().message).toMatch(/^This listing is active until \d{1,2} \w{3} \d{4}\. You can renew it from 7 days before it expires\.$/);

      await ctx.db.updateTable('listings').set({ expires_at: sql<Date>`now() + interval '6 days'` }).where('id', '=', fresh).execute();
      // At the Free limit, but renewing an active listing does not add one.
      expect((await renew(fresh, owner)).statusCode).toBe(200);
    });

    it('applies the plan limit to renewing an expired listing', async () => {
      const owner = await actor(ctx, 'Landlord', 'Free');
      const expired = await insertListing(ctx.db, owner.id, { postedDaysAgo: 31 });
      await insertListing(ctx.db, owner.id);
      const res = await renew(expired, owner);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Your Free plan allows 1 active listing, and you have reached that limit. ' +
          'To renew this one, delete a listing, let one expire (listings last 30 days) or upgrade to Premium for up to 5.',
      );
      expect((await get(expired)).statusCode).toBe(404);
    });

    it('answers 401, 403 and 404 as the contract says', async () => {
      const owner = await actor(ctx, 'Landlord');
      const id = await insertListing(ctx.db, owner.id, { postedDaysAgo: 31 });
      expect((await renew(id, null)).statusCode).toBe(401);
      // An expired listing is seen by its owner only: to anyone else it is not found, as GET says.
      for (const who of [tenant, stranger]) {
        const res = await renew(id, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: LISTING_TEXTS.notFound });
      }
      // A live one, in its renewal window, is public: 403.
      const live = await insertListing(ctx.db, owner.id, { postedDaysAgo: 25 });
      for (const who of [tenant, stranger]) {
        const res = await renew(live, who);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: LISTING_TEXTS.notOwner });
      }
      expect((await renew(987_654, owner)).statusCode).toBe(404);
      expect((await renew('abc', owner)).statusCode).toBe(404);
      expect((await get(id)).statusCode).toBe(404);
    });
  });

  it('documents every listings call in the OpenAPI page', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = Object.entries(paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/listings'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`))
      .sort();
    expect(documented).toEqual(
      [
        'GET /api/listings',
        'POST /api/listings',
        'GET /api/listings/my-listings',
        'GET /api/listings/my-listings/stats',
        'GET /api/listings/{id}',
        'PUT /api/listings/{id}',
        'DELETE /api/listings/{id}',
        'PATCH /api/listings/{id}/status',
        'POST /api/listings/{id}/renew',
        'POST /api/listings/{id}/photos',
        'PUT /api/listings/{id}/photos/order',
        'DELETE /api/listings/{id}/photos/{photoId}',
      ].sort(),
    );
    expect(paths['/api/listings/{id}/renew'].post.description).toContain('within 7 days of expiry');
    expect(Object.keys(paths['/api/listings'].post.requestBody.content)).toEqual(['multipart/form-data']);
  });

  it('documents the listing forms from the shared schemas the routes check them with', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const posting = paths['/api/listings'].post.requestBody.content['multipart/form-data'].schema;
    const updating = paths['/api/listings/{id}'].put.requestBody.content['multipart/form-data'].schema;
    // Every field of the shared schemas, and the image part beside them.
    expect(Object.keys(posting.properties)).toEqual([...Object.keys(listingInputSchema.shape), 'roomImage']);
    expect(Object.keys(updating.properties).sort()).toEqual([...Object.keys(listingUpdateSchema.shape), 'roomImage'].sort());
    // The rules as the shared schema has them, not as a sentence written again.
    expect(posting.properties.Title.maxLength).toBe(listingInputSchema.shape.Title.maxLength);
    expect(posting.properties.Title.maxLength).toBe(120);
    expect(posting.properties.RoomType.enum).toEqual([...ROOM_TYPES]);
    expect(updating.properties.Status.enum).toEqual([...LISTING_STATUSES]);
    expect(posting.required).toEqual(expect.arrayContaining(['Title', 'Rent', 'AvailableDate']));
    expect(posting.required).not.toContain('Amenities');
    expect(updating.required).toContain('Status');
    expect(posting.properties.roomImage).toMatchObject({ type: 'string', format: 'binary' });
  });
});
