/**
 * A listing's AvailableDate may not be in the past, by the calendar of London (Europe/London): today there is
 * allowed. Posting checks every date; an update checks a changed one only, so an older listing whose date has gone
 * by can still have its other fields edited. The app's clock is set by the test (BuildAppOptions.now): no waiting.
 */
import { TEXTS, type Listing } from '@roomnest/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actor, imagePart, insertListing, jpeg, sendForm, uploadedFiles, validForm, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const pastDateAnswer = { message: TEXTS.availableDatePast, errors: [{ field: 'AvailableDate', message: TEXTS.availableDatePast }] };

describe.each(TEST_DATABASES)('AvailableDate not in the past, on $name', (database) => {
  let ctx: TestContext;
  // Set before the set-up too: the app reads its clock from the first request (the rate limits of the login).
  let clock = new Date('2026-07-15T12:00:00Z');
  let landlord: Actor;
  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
    // Professional: no plan limit gets in the way of the many posts below.
    landlord = await actor(ctx, 'Landlord', 'Professional');
  });
  afterAll(() => ctx?.close());
  beforeEach(() => {
    clock = new Date('2026-07-15T12:00:00Z');
  });

  const post = (fields: Record<string, string | readonly string[]>, files: Parameters<typeof sendForm>[5] = []) =>
    sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm(fields), files);
  const put = (id: number, fields: Record<string, string | readonly string[]>) =>
    sendForm(ctx, 'PUT', `/api/listings/${id}`, landlord.token, validForm({ Status: 'Available', ...fields }));
  const get = async (id: number): Promise<Listing> => (await ctx.inject({ method: 'GET', url: `/api/listings/${id}`, headers: bearer(landlord.token) })).json();
  const countListings = async () => Number((await ctx.db.selectFrom('listings').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('POST /api/listings', () => {
    it('refuses a date in the past with a message on the field, stores nothing and keeps no upload', async () => {
      const before = await countListings();
      const files = uploadedFiles(ctx);
      const res = await post({ AvailableDate: '2020-01-01' }, [imagePart(await jpeg())]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(pastDateAnswer);
      expect(await countListings()).toBe(before);
      expect(uploadedFiles(ctx)).toEqual(files);
    });

    it('refuses yesterday and accepts today and later', async () => {
      expect((await post({ AvailableDate: '2026-07-14' })).json()).toEqual(pastDateAnswer);
      expect((await post({ AvailableDate: '2026-07-15' })).statusCode).toBe(201);
      expect((await post({ AvailableDate: '2026-07-16' })).statusCode).toBe(201);
    });

    it('counts days in London: at 23:30 UTC in summer it is already the next day there', async () => {
      clock = new Date('2026-07-15T23:30:00Z'); // 00:30 on 16 July in London (BST)
      const utcToday = await post({ AvailableDate: '2026-07-15' });
      expect(utcToday.statusCode).toBe(400);
      expect(utcToday.json()).toEqual(pastDateAnswer);
      expect((await post({ AvailableDate: '2026-07-16' })).statusCode).toBe(201);
    });

    it('in winter London is on UTC: the day ends at midnight UTC, to the second', async () => {
      clock = new Date('2026-01-15T23:59:59Z');
      expect((await post({ AvailableDate: '2026-01-15' })).statusCode).toBe(201);
      clock = new Date('2026-01-16T00:00:00Z');
      expect((await post({ AvailableDate: '2026-01-15' })).json()).toEqual(pastDateAnswer);
      expect((await post({ AvailableDate: '2026-01-16' })).statusCode).toBe(201);
    });

    it('still reports missing fields in the product’s words first', async () => {
      const res = await sendForm(ctx, 'POST', '/api/listings', landlord.token, { Description: 'Only a description', AvailableDate: '2020-01-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TEXTS.postAdRequired);
    });
  });

  describe('PUT /api/listings/{id}', () => {
    it('lets an older listing keep its past date while other fields change', async () => {
      const id = await insertListing(ctx.db, landlord.id, { available_date: '2026-02-01' });
      const res = await put(id, { AvailableDate: '2026-02-01', Title: 'Renamed, same date' });
      expect(res.statusCode).toBe(200);
      expect(res.json().listing).toMatchObject({ Title: 'Renamed, same date', AvailableDate: '2026-02-01' });
    });

    it('refuses a changed date in the past, even one later than the stored date, and changes nothing', async () => {
      const id = await insertListing(ctx.db, landlord.id, { available_date: '2026-02-01', title: 'Untouched' });
      for (const date of ['2026-01-31', '2026-07-14']) {
        const res = await put(id, { AvailableDate: date, Title: 'Should not be saved' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(pastDateAnswer);
      }
      expect(await get(id)).toMatchObject({ Title: 'Untouched', AvailableDate: '2026-02-01' });
    });

    it('accepts a move to today or later', async () => {
      const id = await insertListing(ctx.db, landlord.id, { available_date: '2026-02-01' });
      expect((await put(id, { AvailableDate: '2026-07-15' })).statusCode).toBe(200);
      expect((await get(id)).AvailableDate).toBe('2026-07-15');
      expect((await put(id, { AvailableDate: '2026-09-01' })).statusCode).toBe(200);
    });

    it('counts days in London here too, and a date that has since gone by may be sent back unchanged', async () => {
      clock = new Date('2026-07-15T23:30:00Z'); // 16 July in London
      const id = await insertListing(ctx.db, landlord.id, { available_date: '2026-07-20' });
      expect((await put(id, { AvailableDate: '2026-07-15' })).json()).toEqual(pastDateAnswer);
      expect((await put(id, { AvailableDate: '2026-07-16' })).statusCode).toBe(200);
      clock = new Date('2026-08-01T09:00:00Z');
      expect((await put(id, { AvailableDate: '2026-07-16', Title: 'Edited a fortnight later' })).statusCode).toBe(200);
    });
  });
});
