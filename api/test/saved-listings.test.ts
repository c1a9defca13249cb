/**
 * Saved rooms, /api/saved-listings: saving, removing and the list, for the person themselves, for others and for
 * visitors, with good and bad input; idempotency, order, the cap, and what becomes of a saved room that is let,
 * expires or is deleted.
 */
import { API_TEXTS, MAX_SAVED_LISTINGS, SAVED_TEXTS, type Listing } from '@roomnest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { actor, insertListing, signedInLandlordSuite, type Actor } from './listings-support.ts';
import { bearer, TEST_DATABASES } from './support.ts';

const auth = (who: Actor | null) => (who ? bearer(who.token) : {});

describe.each(TEST_DATABASES)('saved rooms on $name', (database) => {
  const suite = signedInLandlordSuite(database);

  const save = (id: number | string, who: Actor | null) => suite.ctx.inject({ method: 'PUT', url: `/api/saved-listings/${id}`, headers: auth(who) });
  const unsave = (id: number | string, who: Actor | null) => suite.ctx.inject({ method: 'DELETE', url: `/api/saved-listings/${id}`, headers: auth(who) });
  const list = (who: Actor | null) => suite.ctx.inject({ method: 'GET', url: '/api/saved-listings', headers: auth(who) });
  const savedIds = async (who: Actor) => {
    const res = await list(who);
    expect(res.statusCode).toBe(200);
    return res.json<{ listings: Listing[] }>().listings.map((l) => l.ListingID);
  };
  const rows = async (userId: number) => Number((await suite.ctx.db.selectFrom('saved_listings').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const room = (overrides: Parameters<typeof insertListing>[2] = {}) => insertListing(suite.ctx.db, suite.landlord.id, overrides);

  it('saves a public room for a tenant and lists it with the full Listing shape, every photo included', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const id = await room({ title: 'Sunny double in Hackney', rent: 875, image_path: '/uploads/listings/a.jpg', thumb_path: '/uploads/listings/a-card.webp' });
    await suite.ctx.db
      .insertInto('listing_photos')
      .values([
        { listing_id: id, position: 0, path: '/uploads/listings/a.jpg', card_path: '/uploads/listings/a-card.webp', width: 1600, height: 1200 },
        { listing_id: id, position: 1, path: '/uploads/listings/b.jpg', card_path: '/uploads/listings/b-card.webp', width: 1200, height: 1600 },
      ])
      .execute();

    const res = await save(id, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SAVED_TEXTS.roomSaved });
    expect(res.headers['cache-control']).toContain('no-store');

    const answer = await list(tenant);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toContain('no-store');
    const [listing, ...others] = answer.json<{ listings: Listing[] }>().listings;
    expect(others).toEqual([]);
    expect(listing).toMatchObject({
      ListingID: id,
      LandlordID: suite.landlord.id,
      LandlordName: 'Lara Landlord',
      Title: 'Sunny double in Hackney',
      Rent: 875,
      Status: 'Available',
      ImageUrl: '/uploads/listings/a.jpg',
      ThumbnailUrl: '/uploads/listings/a-card.webp',
      ExpiresAt: expect.any(String),
    });
    expect(listing!.Photos.map((p) => p.Url)).toEqual(['/uploads/listings/a.jpg', '/uploads/listings/b.jpg']);
    expect(listing!.Photos[1]).toMatchObject({ ThumbUrl: '/uploads/listings/b-card.webp', Width: 1200, Height: 1600 });
  });

  it('lets a landlord save rooms too, their own included', async () => {
    const other = await actor(suite.ctx, 'Landlord');
    const theirs = await insertListing(suite.ctx.db, other.id);
    const someoneElses = await room();
    expect((await save(someoneElses, other)).statusCode).toBe(200);
    expect((await save(theirs, other)).statusCode).toBe(200);
    expect(await savedIds(other)).toEqual([theirs, someoneElses]);
  });

  it('lists the most recently saved first, whatever the rooms’ own order', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const [a, b, c] = [await room(), await room(), await room()];
    for (const id of [b, c, a]) expect((await save(id, tenant)).statusCode).toBe(200);
    expect(await savedIds(tenant)).toEqual([a, c, b]);
  });

  it('is idempotent: saving twice keeps one row and the first place in the list', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const [first, second] = [await room(), await room()];
    await save(first, tenant);
    await save(second, tenant);
    const again = await save(first, tenant);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: SAVED_TEXTS.roomSaved });
    expect(await rows(tenant.id)).toBe(2);
    // Pressed again, the first room does not jump to the top: it was saved before the second.
    expect(await savedIds(tenant)).toEqual([second, first]);
  });

  it('removes a room, and removing one not saved answers 200 too', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const [kept, removed] = [await room(), await room()];
    await save(kept, tenant);
    await save(removed, tenant);
    const res = await unsave(removed, tenant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SAVED_TEXTS.roomUnsaved });
    expect(await savedIds(tenant)).toEqual([kept]);

    for (const id of [removed, 2_147_483_647]) {
      const twice = await unsave(id, tenant);
      expect(twice.statusCode).toBe(200);
      expect(twice.json()).toEqual({ message: SAVED_TEXTS.roomUnsaved });
    }
    expect(await savedIds(tenant)).toEqual([kept]);
  });

  it('keeps each person’s list their own: never shown to, nor changed by, anyone else', async () => {
    const [alice, bob] = [await actor(suite.ctx, 'Tenant'), await actor(suite.ctx, 'Tenant')];
    const id = await room();
    await save(id, alice);
    expect(await savedIds(bob)).toEqual([]);
    // Bob removing "it" removes it from his own list (where it is not), never from Alice's.
    expect((await unsave(id, bob)).statusCode).toBe(200);
    expect(await savedIds(alice)).toEqual([id]);
    // Bob saving it makes it his too, without touching Alice's.
    await save(id, bob);
    await unsave(id, alice);
    expect(await savedIds(alice)).toEqual([]);
    expect(await savedIds(bob)).toEqual([id]);
  });

  it('answers a visitor 401 on every call and stores nothing', async () => {
    const id = await room();
    for (const res of [await save(id, null), await unsave(id, null), await list(null)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: API_TEXTS.unauthenticated });
    }
    const bad = await suite.ctx.inject({ method: 'GET', url: '/api/saved-listings', headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.statusCode).toBe(401);
    expect(await suite.ctx.db.selectFrom('saved_listings').select('user_id').where('listing_id', '=', id).execute()).toEqual([]);
  });

  it('answers 400 with the field’s message for an id that is not one, on both writes', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    for (const text of ['abc', '0', '-1', '1.5', '2147483648', '1e3', '99999999999999999999']) {
      for (const res of [await save(text, tenant), await unsave(text, tenant)]) {
        expect({ text, status: res.statusCode }).toEqual({ text, status: 400 });
        const body = res.json<{ message: string; errors: { field: string; message: string }[] }>();
        expect(body.errors[0]!.field).toBe('listingId');
        expect(body.message).toMatch(/^listingId must be/);
      }
    }
    expect(await rows(tenant.id)).toBe(0);
  });

  it('newly saves only a public room: absent, Pending, Unavailable or expired answer 404 and store nothing', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const ids = [2_147_483_647, await room({ status: 'Pending' }), await room({ status: 'Unavailable' }), await room({ postedDaysAgo: 31 })];
    for (const id of ids) {
      const res = await save(id, tenant);
      expect({ id, status: res.statusCode }).toEqual({ id, status: 404 });
      expect(res.json()).toEqual({ message: SAVED_TEXTS.roomNotFound });
    }
    expect(await rows(tenant.id)).toBe(0);
    // Even its owner cannot save a room nobody else may see.
    expect((await save(ids[1]!, suite.landlord)).statusCode).toBe(404);
  });

  it('keeps a saved room that is let, taken off or expires, with its Status and ExpiresAt telling; a deleted one leaves the list', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const [letAgreed, unavailable, expiring, deleted, live] = [await room(), await room(), await room(), await room(), await room()];
    for (const id of [letAgreed, unavailable, expiring, deleted, live]) expect((await save(id, tenant)).statusCode).toBe(200);

    await suite.ctx.db.updateTable('listings').set({ status: 'Pending' }).where('id', '=', letAgreed).execute();
    await suite.ctx.db.updateTable('listings').set({ status: 'Unavailable' }).where('id', '=', unavailable).execute();
    await sql`update listings set created_at = now() - interval '31 days', expires_at = now() - interval '1 day' where id = ${expiring}`.execute(suite.ctx.db);
    await suite.ctx.db.deleteFrom('listings').where('id', '=', deleted).execute();

    const listings = (await list(tenant)).json<{ listings: Listing[] }>().listings;
    expect(listings.map((l) => l.ListingID)).toEqual([live, expiring, unavailable, letAgreed]);
    const byId = new Map(listings.map((l) => [l.ListingID, l]));
    expect(byId.get(letAgreed)!.Status).toBe('Pending');
    expect(byId.get(unavailable)!.Status).toBe('Unavailable');
    expect(byId.get(expiring)!.Status).toBe('Available');
    expect(new Date(byId.get(expiring)!.ExpiresAt).getTime()).toBeLessThan(Date.now());
    expect(new Date(byId.get(live)!.ExpiresAt).getTime()).toBeGreaterThan(Date.now());

    // Saving one again that is no longer public: it stays saved, in its place (200, not 404).
    const again = await save(letAgreed, tenant);
    expect(again.statusCode).toBe(200);
    expect(await savedIds(tenant)).toEqual([live, expiring, unavailable, letAgreed]);
    // Once removed, it cannot be saved again while it is not public.
    await unsave(letAgreed, tenant);
    expect((await save(letAgreed, tenant)).statusCode).toBe(404);
    // Saving the deleted one: 404, the room does not exist.
    expect((await save(deleted, tenant)).statusCode).toBe(404);
  });

  it('takes a deleted account’s list with it', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    await save(await room(), tenant);
    expect((await suite.ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: auth(tenant) })).statusCode).toBe(200);
    expect(await rows(tenant.id)).toBe(0);
  });

  it(`holds at most ${MAX_SAVED_LISTINGS} rooms a person, with a clear message past that`, async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    // The list filled straight in the database: MAX_SAVED_LISTINGS rooms, saved a second apart.
    await sql`
      with made as (
        insert into listings (landlord_id, title, address, city, state, zip_code, room_type, rent, available_date, pet_policy, smoking_policy)
        select ${suite.landlord.id}, 'Room ' || n, '1 Test Street, Hackney', 'London', 'Greater London', 'E8 1AA', 'Double', 800, '2030-01-01', 'Not Allowed', 'Not Allowed'
        from generate_series(1, ${MAX_SAVED_LISTINGS}) n
        returning id
      )
      insert into saved_listings (user_id, listing_id, saved_at)
      select ${tenant.id}, id, now() - make_interval(secs => id) from made`.execute(suite.ctx.db);
    const extra = await room();
    const res = await save(extra, tenant);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SAVED_TEXTS.tooManyRooms(MAX_SAVED_LISTINGS) });
    expect(res.json().message).toBe(`You can save at most ${MAX_SAVED_LISTINGS} rooms. Remove one you no longer need to save this one.`);
    expect(await rows(tenant.id)).toBe(MAX_SAVED_LISTINGS);

    const listed = await savedIds(tenant);
    expect(listed).toHaveLength(MAX_SAVED_LISTINGS);
    // One already on the list is still "saved" when the list is full.
    expect((await save(listed[0]!, tenant)).statusCode).toBe(200);
    await unsave(listed[0]!, tenant);
    expect((await save(extra, tenant)).statusCode).toBe(200);
    expect((await savedIds(tenant))[0]).toBe(extra);
  });

  it('never lets two saves at once pass the cap', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    await sql`
      with made as (
        insert into listings (landlord_id, title, address, city, state, zip_code, room_type, rent, available_date, pet_policy, smoking_policy)
        select ${suite.landlord.id}, 'Room ' || n, '1 Test Street, Hackney', 'London', 'Greater London', 'E8 1AA', 'Double', 800, '2030-01-01', 'Not Allowed', 'Not Allowed'
        from generate_series(1, ${MAX_SAVED_LISTINGS - 1}) n
        returning id
      )
      insert into saved_listings (user_id, listing_id) select ${tenant.id}, id from made`.execute(suite.ctx.db);
    const answers = await Promise.all([save(await room(), tenant), save(await room(), tenant), save(await room(), tenant)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await rows(tenant.id)).toBe(MAX_SAVED_LISTINGS);
  });
});
