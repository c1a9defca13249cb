/** PUT and DELETE /api/users/profile and GET /api/users/flatmate-search, per role, with good and bad input. */
import { existsSync } from 'node:fs';
import { API_TEXTS, IMAGE_MAX_BYTES, UPLOAD_TEXTS, type FlatmateSearchPage, type Profile } from '@roomnest/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_PX } from '../src/uploads/images.ts';
import { USER_TEXTS } from '../src/features/users/routes.ts';
import { actor, formBody, insertListing, jpeg, png, sendForm, uploadedFiles, uploadFile, webp, type Actor, type FilePart } from './listings-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

const picture = (content: Buffer, filename = 'me.jpg', type = 'image/jpeg'): FilePart => ({ field: 'profileImage', filename, type, content });

const profileForm = (overrides: Record<string, string> = {}): Record<string, string> => ({
  Name: 'Nadia Okonkwo',
  PhoneNumber: '07700 900111',
  Bio: 'Nurse at the Royal London, tidy and calm.',
  LookingForDescription: 'A quiet double room with one or two flatmates.',
  BudgetMin: '650',
  BudgetMax: '900',
  PreferredLocations: 'Hackney, Stratford',
  FlatmateMoveInDate: '2027-03-01',
  ...overrides,
});

/** A JPEG straight from a camera, with a GPS position. */
async function gpsJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 300, channels: 3, background: '#7fa7d9' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'RoomNest Test Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 32/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 3/1 24/1' },
    })
    .toBuffer();
}

const names = (page: FlatmateSearchPage) => page.profiles.map((p) => p.Name);

describe.each(TEST_DATABASES)('users API on $name', (database) => {
  let ctx: TestContext;
  let tenant: Actor;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    tenant = await actor(ctx, 'Tenant');
  });
  afterAll(() => ctx?.close());

  const put = (token: string | null, fields: Record<string, string>, files: FilePart[] = []) => sendForm(ctx, 'PUT', '/api/users/profile', token, fields, files);
  const putJson = (token: string | null, payload: unknown) =>
    ctx.inject({ method: 'PUT', url: '/api/users/profile', payload: payload as object, headers: token ? bearer(token) : {} });
  const getProfile = async (token: string): Promise<Profile> => (await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).json();
  const search = async (query = ''): Promise<FlatmateSearchPage> => {
    const res = await ctx.inject({ method: 'GET', url: `/api/users/flatmate-search${query ? `?${query}` : ''}` });
    expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
    return res.json();
  };

  describe('anonymous callers', () => {
    it.each([
      ['GET', '/api/users/profile'],
      ['PUT', '/api/users/profile'],
      ['DELETE', '/api/users/profile'],
    ] as const)('%s %s answers 401', async (method, url) => {
      const res = await ctx.inject({ method, url, ...(method === 'PUT' ? { payload: { IsActivelyLooking: true } } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: API_TEXTS.unauthenticated });
    });
    it('a forged token is 401 too', async () => {
      const res = await putJson('not.a.token', { IsActivelyLooking: true });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /api/users/profile as a form', () => {
    it.each(['Tenant', 'Landlord'] as const)('a %s saves every field and gets the saved profile back', async (userType) => {
      const user = await actor(ctx, userType);
      const res = await put(user.token, profileForm());
      expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
      const body = res.json<{ message: string; user: Profile }>();
      expect(body.message).toBe(USER_TEXTS.profileUpdated);
      expect(body.user).toMatchObject({
        UserID: user.id,
        Name: 'Nadia Okonkwo',
        UserType: userType,
        PhoneNumber: '07700 900111',
        BudgetMin: 650,
        BudgetMax: 900,
        PreferredLocations: 'Hackney, Stratford',
        FlatmateMoveInDate: '2027-03-01',
        IsActivelyLooking: false,
        ProfilePictureURL: null,
      });
      expect(await getProfile(user.token)).toEqual(body.user);
    });

    it('blank optional fields clear them', async () => {
      const user = await actor(ctx, 'Tenant');
      await put(user.token, profileForm());
      const res = await put(user.token, profileForm({ PhoneNumber: '', Bio: '  ', BudgetMin: '', BudgetMax: '', PreferredLocations: '', FlatmateMoveInDate: '' }));
      expect(res.statusCode).toBe(200);
      expect(res.json<{ user: Profile }>().user).toMatchObject({ PhoneNumber: null, Bio: null, BudgetMin: null, BudgetMax: null, PreferredLocations: null, FlatmateMoveInDate: null });
    });

    it.each([
      ['a minimum budget above the maximum', { BudgetMin: '900', BudgetMax: '650' }, 'BudgetMax', 'Maximum budget must not be below the minimum budget.'],
      ['a budget with pence', { BudgetMin: '650.50' }, 'BudgetMin', 'Minimum budget must be a whole number.'],
      ['a budget that is text', { BudgetMax: 'lots' }, 'BudgetMax', 'Maximum budget must be a whole number.'],
      ['a negative budget', { BudgetMin: '-1' }, 'BudgetMin', 'Minimum budget must be at least 0.'],
      ['31 February', { FlatmateMoveInDate: '2027-02-31' }, 'FlatmateMoveInDate', 'Move-in date must be a valid date (YYYY-MM-DD).'],
      ['a date in words', { FlatmateMoveInDate: 'next March' }, 'FlatmateMoveInDate', 'Move-in date must be a valid date (YYYY-MM-DD).'],
      ['no name', { Name: ' ' }, 'Name', undefined],
      ['a long bio', { Bio: 'x'.repeat(2001) }, 'Bio', 'Bio must be at most 2000 characters.'],
      ['a phone number of letters', { PhoneNumber: 'call me' }, 'PhoneNumber', 'Please enter a valid phone number.'],
    ])('refuses %s with 400 naming the field', async (_label, overrides, field, message) => {
      const before = await getProfile(tenant.token);
      const res = await put(tenant.token, profileForm(overrides));
      expect(res.statusCode).toBe(400);
      const error = res.json<{ errors: { field: string; message: string }[] }>().errors.find((e) => e.field === field);
      expect(error?.message).toBe(message ?? error?.message);
      expect(error).toBeDefined();
      expect(await getProfile(tenant.token)).toEqual(before);
    });

    it('stores a picture re-encoded as a square JPEG, and replacing it deletes the old file', async () => {
      const user = await actor(ctx, 'Tenant');
      const first = await put(user.token, profileForm(), [picture(await png(800, 400), 'me.png', 'image/png')]);
      expect({ status: first.statusCode, body: first.body }).toMatchObject({ status: 200 });
      const firstUrl = first.json<{ user: Profile }>().user.ProfilePictureURL!;
      expect(firstUrl).toMatch(/^\/uploads\/profiles\/[\w-]+\.jpg$/);
      const meta = await sharp(uploadFile(ctx, firstUrl)).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: PROFILE_PICTURE_PX, height: PROFILE_PICTURE_PX });
      const served = await ctx.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);

      // Saving without a picture keeps it.
      const kept = await put(user.token, profileForm({ Bio: 'Changed.' }));
      expect(kept.json<{ user: Profile }>().user.ProfilePictureURL).toBe(firstUrl);

      const second = await put(user.token, profileForm(), [picture(await jpeg(), 'new.jpg')]);
      const secondUrl = second.json<{ user: Profile }>().user.ProfilePictureURL!;
      expect(secondUrl).not.toBe(firstUrl);
      expect(existsSync(uploadFile(ctx, firstUrl))).toBe(false);
      expect(existsSync(uploadFile(ctx, secondUrl))).toBe(true);
    });

    it('stores a camera photo without its GPS position or any EXIF', async () => {
      const res = await put(tenant.token, profileForm(), [picture(await gpsJpeg())]);
      expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 200 });
      const file = uploadFile(ctx, res.json<{ user: Profile }>().user.ProfilePictureURL!);
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    });

    it('answers 413 for a picture over 5 MB and stores nothing', async () => {
      const before = uploadedFiles(ctx, 'profiles');
      const big = Buffer.concat([await jpeg(), Buffer.alloc(IMAGE_MAX_BYTES + 1, 1)]);
      const res = await put(tenant.token, profileForm(), [picture(big)]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.imageTooLarge });
      expect(uploadedFiles(ctx, 'profiles')).toEqual(before);
    });

    it.each([
      ['a text file named .png', Buffer.from('definitely not an image'), 'me.png', 'image/png'],
      ['a WebP image', null, 'me.webp', 'image/webp'],
    ])('answers 415 for %s and stores nothing', async (_label, content, filename, type) => {
      const before = uploadedFiles(ctx, 'profiles');
      const res = await put(tenant.token, profileForm(), [picture(content ?? (await webp()), filename, type)]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.imageType });
      expect(uploadedFiles(ctx, 'profiles')).toEqual(before);
    });

    it('answers 400 for a picture under another field name', async () => {
      const res = await put(tenant.token, profileForm(), [{ ...picture(await jpeg()), field: 'roomImage' }]);
      expect(res.statusCode).toBe(400);
    });

    it('a validation failure stores no picture', async () => {
      const before = uploadedFiles(ctx, 'profiles');
      const res = await put(tenant.token, profileForm({ BudgetMin: '900', BudgetMax: '100' }), [picture(await jpeg())]);
      expect(res.statusCode).toBe(400);
      expect(uploadedFiles(ctx, 'profiles')).toEqual(before);
    });
  });

  describe('PUT /api/users/profile as JSON', () => {
    it('lists and unlists the profile and changes nothing else', async () => {
      const user = await actor(ctx, 'Tenant');
      await put(user.token, profileForm());
      const listed = await putJson(user.token, { IsActivelyLooking: true });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toMatchObject({ message: USER_TEXTS.listed, user: { IsActivelyLooking: true, BudgetMin: 650, Name: 'Nadia Okonkwo' } });
      const unlisted = await putJson(user.token, { IsActivelyLooking: false });
      expect(unlisted.json()).toMatchObject({ message: USER_TEXTS.unlisted, user: { IsActivelyLooking: false, BudgetMin: 650 } });
    });

    it.each([[{}], [{ IsActivelyLooking: 'yes' }], [{ IsActivelyLooking: null }], [[true]]])('refuses %j with 400', async (payload) => {
      const res = await putJson(tenant.token, payload);
      expect(res.statusCode).toBe(400);
    });

    it('answers 400 for malformed JSON', async () => {
      const res = await ctx.inject({ method: 'PUT', url: '/api/users/profile', payload: '{"IsActivelyLooking":', headers: { ...bearer(tenant.token), 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    });

    it.each([
      ['text/plain', 'IsActivelyLooking=true'],
      ['application/x-www-form-urlencoded', 'IsActivelyLooking=true'],
      ['application/xml', '<IsActivelyLooking>true</IsActivelyLooking>'],
    ])('answers 415 for %s', async (type, payload) => {
      const res = await ctx.inject({ method: 'PUT', url: '/api/users/profile', payload, headers: { ...bearer(tenant.token), 'content-type': type } });
      expect(res.statusCode).toBe(415);
    });

    it('answers 415 with no body at all', async () => {
      const res = await ctx.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(tenant.token) });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('DELETE /api/users/profile', () => {
    it('erases the account, its listings and their images, its picture and its messages; its token then answers 401', async () => {
      const landlord = await actor(ctx, 'Landlord', 'Professional');
      const other = await actor(ctx, 'Tenant');
      const saved = await put(landlord.token, profileForm(), [picture(await jpeg())]);
      const pictureUrl = saved.json<{ user: Profile }>().user.ProfilePictureURL!;
      const { payload, contentType } = await formBody({
        Title: 'Room to go',
        Address: '1 Mare Street, Hackney',
        City: 'London',
        State: 'Greater London',
        ZipCode: 'E8 1AA',
        RoomType: 'Double',
        Rent: '900',
        AvailableDate: '2030-01-01',
      }, [{ field: 'roomImage', filename: 'room.jpg', type: 'image/jpeg', content: await jpeg() }]);
      const posted = await ctx.inject({ method: 'POST', url: '/api/listings', payload, headers: { 'content-type': contentType, ...bearer(landlord.token) } });
      expect({ status: posted.statusCode, body: posted.body }).toMatchObject({ status: 201 });
      const listingId = posted.json<{ listingId: number }>().listingId;
      await insertListing(ctx.db, landlord.id);
      const listing = await ctx.db.selectFrom('listings').select(['image_path', 'thumb_path']).where('id', '=', listingId).executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('messages')
        .values([
          { sender_id: landlord.id, receiver_id: other.id, content: 'Hello' },
          { sender_id: other.id, receiver_id: landlord.id, content: 'Hi back' },
        ])
        .execute();

      const res = await ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(landlord.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: USER_TEXTS.accountDeleted });

      expect(await ctx.db.selectFrom('users').select('id').where('id', '=', landlord.id).executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('listings').select('id').where('landlord_id', '=', landlord.id).execute()).toEqual([]);
      const messages = await ctx.db
        .selectFrom('messages')
        .select('id')
        .where((eb) => eb.or([eb('sender_id', '=', landlord.id), eb('receiver_id', '=', landlord.id)]))
        .execute();
      expect(messages).toEqual([]);
      expect([pictureUrl, listing.image_path!, listing.thumb_path!].filter((path) => existsSync(uploadFile(ctx, path)))).toEqual([]);

      for (const [method, url] of [['GET', '/api/users/profile'], ['DELETE', '/api/users/profile'], ['GET', '/api/listings/my-listings']] as const) {
        const after = await ctx.inject({ method, url, headers: bearer(landlord.token) });
        expect({ call: `${method} ${url}`, status: after.statusCode }).toEqual({ call: `${method} ${url}`, status: 401 });
      }
      expect((await putJson(landlord.token, { IsActivelyLooking: true })).statusCode).toBe(401);
      // The other user keeps their account.
      expect((await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(other.token) })).statusCode).toBe(200);
    });

    it('the deleted account can no longer log in', async () => {
      const user = await createUser(ctx.db);
      const token = await login(ctx, user);
      await ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(token) });
      const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /api/users/flatmate-search', () => {
    let seekers: Record<string, number>;
    beforeAll(async () => {
      // A clean slate of listed profiles for this block.
      await ctx.db.updateTable('users').set({ is_actively_looking: false }).execute();
      const make = async (name: string, columns: { locations: string | null; min: number | null; max: number | null; date: string | null; listed?: boolean; age: number }) => {
        const user = await createUser(ctx.db, { name });
        await ctx.db
          .updateTable('users')
          .set({
            preferred_locations: columns.locations,
            budget_min: columns.min,
            budget_max: columns.max,
            flatmate_move_in_date: columns.date,
            is_actively_looking: columns.listed ?? true,
            bio: `${name}'s bio`,
            updated_at: sql<Date>`now() - make_interval(mins => ${columns.age})`,
          })
          .where('id', '=', user.id)
          .execute();
        return user.id;
      };
      seekers = {
        hackney: await make('Hackney Seeker', { locations: 'Hackney, Stratford', min: 600, max: 900, date: '2027-01-15', age: 1 }),
        wick: await make('Wick Seeker', { locations: 'Hackney Wick', min: 1000, max: 1400, date: '2027-03-01', age: 2 }),
        manchester: await make('Manchester Seeker', { locations: 'Ancoats, Northern Quarter', min: 500, max: 700, date: '2027-02-01', age: 3 }),
        open: await make('Open Seeker', { locations: null, min: null, max: null, date: null, age: 4 }),
        hidden: await make('Hidden Seeker', { locations: 'Hackney', min: 600, max: 900, date: '2027-01-01', listed: false, age: 5 }),
      };
    });

    it('answers listed profiles only, most recently updated first, as FlatmateCards', async () => {
      const page = await search();
      expect(names(page)).toEqual(['Hackney Seeker', 'Wick Seeker', 'Manchester Seeker', 'Open Seeker']);
      expect(page).toMatchObject({ currentPage: 1, totalPages: 1 });
      expect(page.profiles[0]).toEqual({
        UserID: seekers.hackney,
        Name: 'Hackney Seeker',
        ProfilePictureURL: null,
        Bio: "Hackney Seeker's bio",
        LookingForDescription: null,
        BudgetMin: 600,
        BudgetMax: 900,
        PreferredLocations: 'Hackney, Stratford',
        FlatmateMoveInDate: '2027-01-15',
        EmailVerified: false,
      });
    });

    it.each([
      ['preferred_locations=hackney', ['Hackney Seeker', 'Wick Seeker']],
      ['preferred_locations=STRATFORD', ['Hackney Seeker']],
      ['preferred_locations=ancoats,%20stratford', ['Hackney Seeker', 'Manchester Seeker']],
      ['preferred_locations=Leeds', []],
      ['preferred_locations=%25', []],
      ['preferred_locations=%20,%20', ['Hackney Seeker', 'Wick Seeker', 'Manchester Seeker', 'Open Seeker']],
      ['budget_min=950', ['Wick Seeker', 'Open Seeker']],
      ['budget_max=650', ['Hackney Seeker', 'Manchester Seeker', 'Open Seeker']],
      ['budget_min=700&budget_max=800', ['Hackney Seeker', 'Manchester Seeker', 'Open Seeker']],
      ['budget_min=701&budget_max=800', ['Hackney Seeker', 'Open Seeker']],
      ['budget_min=900&budget_max=1000', ['Hackney Seeker', 'Wick Seeker', 'Open Seeker']],
      ['move_in_date=2027-02-01', ['Hackney Seeker', 'Manchester Seeker']],
      ['move_in_date=2027-01-14', []],
      ['preferred_locations=hackney&budget_max=800&move_in_date=2027-06-01', ['Hackney Seeker']],
      ['_=1712345678&foo=bar', ['Hackney Seeker', 'Wick Seeker', 'Manchester Seeker', 'Open Seeker']],
    ])('%s', async (query, expected) => {
      expect(names(await search(query))).toEqual(expected);
    });

    it.each(['budget_min=abc', 'budget_max=1.5', 'move_in_date=2027-02-30', 'page=0', 'page=x'])('answers 400 for %s', async (query) => {
      const res = await ctx.inject({ method: 'GET', url: `/api/users/flatmate-search?${query}` });
      expect(res.statusCode).toBe(400);
    });

    it('pages 12 at a time without overlap, and a page past the last is empty', async () => {
      const extra: number[] = [];
      for (let i = 0; i < 22; i++) {
        const user = await createUser(ctx.db, { name: `Pager ${i}` });
        await ctx.db.updateTable('users').set({ is_actively_looking: true, preferred_locations: 'Pagerville', updated_at: sql<Date>`now() - interval '1 day'` }).where('id', '=', user.id).execute();
        extra.push(user.id);
      }
      const first = await search('preferred_locations=pagerville');
      const second = await search('preferred_locations=pagerville&page=2');
      const third = await search('preferred_locations=pagerville&page=3');
      expect(first.profiles).toHaveLength(12);
      expect(second.profiles).toHaveLength(10);
      expect(third.profiles).toEqual([]);
      expect([first.totalPages, second.totalPages, second.currentPage, third.currentPage]).toEqual([2, 2, 2, 3]);
      // Same updated_at: the id decides, newest first.
      expect([...first.profiles, ...second.profiles].map((p) => p.UserID)).toEqual(extra.toReversed());
    });

    it('a profile listed through the API shows at the top, and unlisting removes it', async () => {
      const user = await actor(ctx, 'Tenant');
      await put(user.token, profileForm({ PreferredLocations: 'Walthamstow' }));
      expect(names(await search('preferred_locations=walthamstow'))).toEqual([]);
      await putJson(user.token, { IsActivelyLooking: true });
      expect((await search()).profiles[0]?.UserID).toBe(user.id);
      await putJson(user.token, { IsActivelyLooking: false });
      expect(names(await search('preferred_locations=walthamstow'))).toEqual([]);
    });
  });

  it('documents every users call in OpenAPI', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/users/profile']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/api/users/flatmate-search']).toHaveProperty('get');
  });
});
