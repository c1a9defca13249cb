import { existsSync } from 'node:fs';
import { API_TEXTS, EAST_LONDON_AREAS, PHOTO_VARIANTS, photoVariantUrl, type PhotoVariant } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_LISTINGS } from '../src/config.ts';
import { DEMO_ACCOUNTS, DEMO_LANDLORDS, seedDemoData } from '../src/seed/index.ts';
import { LocalUploadStorage } from '../src/uploads/storage.ts';
import { generateListings, RENT_MAX, RENT_MIN } from '../src/seed/listings.ts';
import { DEMO_EXTRA_COUNT, DEMO_EXTRA_KINDS, DEMO_EXTRA_PALETTES, DEMO_IMAGE_COUNT, otherRoomSvg, roomIllustrationSvg } from '../src/seed/room-images.ts';
import { DEMO_AVATAR_FOLDER } from '../src/seed/avatars.ts';
import { DEFAULT_SEED_SEEKERS, generateSeekers } from '../src/seed/seekers.ts';
import { search, uploadFile, uploadedFiles } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('demo seed on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  /** A landlord's listings: all of them, and the unexpired ones. */
  const listingCounts = (email: string) =>
    ctx.db
      .selectFrom('listings')
      .innerJoin('users', 'users.id', 'listings.landlord_id')
      .select([sql<number>`count(*)`.as('all'), sql<number>`count(*) filter (where expires_at > now())`.as('active')])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();

  it('seeds the demo accounts, the extra landlords and the listings once, then leaves the data alone', async () => {
    const started = performance.now();
    expect(await seedDemoData(ctx.db, { uploads: new LocalUploadStorage(ctx.config.uploadsDir) })).toBe(true);
    const seconds = (performance.now() - started) / 1000;
    // It runs on every fresh start: keep it quick (a generous bound for slow CI machines).
    expect(seconds).toBeLessThan(15);
    expect(await seedDemoData(ctx.db, { uploads: new LocalUploadStorage(ctx.config.uploadsDir) })).toBe(false);
    const users = await ctx.db.selectFrom('users').select(['email', 'name', 'user_type', 'plan']).where('email', 'not like', '%@seekers.roomnest.test').orderBy('id').execute();
    expect(users).toEqual([
      ...Object.values(DEMO_ACCOUNTS).map((a) => ({ email: a.email, name: a.name, user_type: a.userType, plan: a.plan })),
      ...DEMO_LANDLORDS.map((l) => ({ email: l.email, name: l.name, user_type: 'Landlord', plan: 'Professional' })),
    ]);
    const { count } = await ctx.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(count).toBe(DEFAULT_SEED_LISTINGS);
  });

  it.each(Object.entries(DEMO_ACCOUNTS))('lets the %s log in with the documented password', async (_key, account) => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: account.email, Password: account.password } });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(user).toMatchObject({ name: account.name, userType: account.userType, plan: account.plan });
    const profile = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
  });

  it('gives the demo tenant a filled-in but unlisted flatmate profile', async () => {
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: DEMO_ACCOUNTS.tenant.email, Password: DEMO_ACCOUNTS.tenant.password } });
    const profile = (await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(login.json().token) })).json();
    expect(profile).toMatchObject({ IsActivelyLooking: false, BudgetMin: 700, BudgetMax: 1000, PreferredLocations: 'Hackney, Stratford, Bethnal Green' });
    expect(profile.Bio).toBeTruthy();
    expect(profile.FlatmateMoveInDate).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('seeds the flatmate seekers: tenants with full profiles and avatars, most of them listed', async () => {
    const seekers = await ctx.db.selectFrom('users').selectAll().where('email', 'like', '%@seekers.roomnest.test').execute();
    expect(seekers).toHaveLength(DEFAULT_SEED_SEEKERS);
    const listed = seekers.filter((s) => s.is_actively_looking);
    expect(listed.length / seekers.length).toBeGreaterThan(0.75);
    expect(listed.length).toBeLessThan(seekers.length);
    for (const seeker of seekers) {
      expect(seeker).toMatchObject({ user_type: 'Tenant', plan: 'Free' });
      expect(seeker.bio).toMatch(/^I am an? /);
      expect(seeker.budget_min!).toBeLessThan(seeker.budget_max!);
      expect(seeker.preferred_locations).toMatch(/^[A-Z][\w ]+(, [A-Z][\w ]+)*$/);
      expect(seeker.flatmate_move_in_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const pictures = new Set(seekers.map((s) => s.profile_picture_url).filter((p) => p !== null));
    expect(pictures.size).toBeGreaterThan(20);
    for (const path of pictures) expect(path).toMatch(new RegExp(`^/uploads/${DEMO_AVATAR_FOLDER}/`));
    expect(uploadedFiles(ctx, DEMO_AVATAR_FOLDER).length).toBe(pictures.size);
    // Every region is someone's preference, and flatmate search finds them.
    for (const area of ['Hackney', 'Ancoats', 'Digbeth']) {
      const page = (await ctx.inject({ method: 'GET', url: `/api/users/flatmate-search?preferred_locations=${area}` })).json();
      expect({ area, found: page.profiles.length > 0 }).toEqual({ area, found: true });
    }
    const all = (await ctx.inject({ method: 'GET', url: '/api/users/flatmate-search' })).json();
    expect(all.totalPages).toBe(Math.ceil(listed.length / 12));
  });

  it('a seeker signs in with the demo tenant password', async () => {
    const seeker = await ctx.db.selectFrom('users').select('email').where('email', 'like', '%@seekers.roomnest.test').limit(1).executeTakeFirstOrThrow();
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: seeker.email, Password: DEMO_ACCOUNTS.tenant.password } });
    expect(res.statusCode).toBe(200);
  });

  it('generates the same seekers from the same seed', () => {
    expect(generateSeekers({ count: 20, avatars: ['/a.jpg'] })).toEqual(generateSeekers({ count: 20, avatars: ['/a.jpg'] }));
  });

  it('keeps the demo emails registered', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { Name: 'Copycat', Email: DEMO_ACCOUNTS.landlord.email.toUpperCase(), Password: 'secret1', UserType: 'Tenant' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: API_TEXTS.emailTaken });
  });

  it('gives every Home location card, Manchester and Birmingham search results', async () => {
    const thin: string[] = [];
    for (const area of EAST_LONDON_AREAS) {
      const page = await search(ctx, `city=London&address=${encodeURIComponent(area)}`);
      if (page.total <= 100) thin.push(`${area}: ${page.total}`);
      // A substring match: 'Hackney' also finds Hackney Road in Bethnal Green.
      expect(page.listings.every((l) => l.City === 'London' && l.State === 'Greater London' && l.Address.includes(area))).toBe(true);
      expect(page.listings.filter((l) => l.Address.endsWith(`, ${area}`)).length).toBeGreaterThan(page.listings.length / 2);
    }
    for (const city of ['Manchester', 'Birmingham']) {
      const { total } = await search(ctx, `city=${city}`);
      if (total <= 150) thin.push(`${city}: ${total}`);
    }
    expect(thin).toEqual([]);
  });

  it('varies rents, types, statuses, dates and policies, with real-looking postcodes', async () => {
    const stats = await ctx.db
      .selectFrom('listings')
      .select([
        sql<number>`min(rent)`.as('minRent'),
        sql<number>`max(rent)`.as('maxRent'),
        sql<number>`count(distinct room_type)`.as('types'),
        sql<number>`count(*) filter (where status = 'Available')`.as('available'),
        sql<number>`count(*) filter (where status <> 'Available')`.as('notAvailable'),
        sql<number>`count(*) filter (where expires_at <= now())`.as('expired'),
        sql<number>`count(distinct pet_policy) + count(distinct smoking_policy)`.as('policies'),
        sql<number>`count(distinct available_date)`.as('dates'),
        sql<number>`count(*) filter (where created_at < now() - interval '25 days')`.as('olderThan25Days'),
        sql<number>`count(*) filter (where zip_code !~ '^[A-Z]{1,2}[0-9][0-9A-Z]? [0-9][A-Z]{2}$')`.as('badPostcodes'),
        sql<number>`count(*) filter (where cardinality(amenities) = 0)`.as('noAmenities'),
      ])
      .executeTakeFirstOrThrow();
    expect(stats.minRent).toBeGreaterThanOrEqual(RENT_MIN);
    expect(stats.maxRent).toBeLessThanOrEqual(RENT_MAX);
    expect(stats.maxRent - stats.minRent).toBeGreaterThan(1500);
    expect(stats.types).toBe(4);
    expect(stats.available / DEFAULT_SEED_LISTINGS).toBeGreaterThan(0.8);
    expect(stats.notAvailable).toBeGreaterThan(0);
    // Only Oliver Bennett's listing has expired (to show renewal); the rest were posted within 25 days.
    expect(stats.expired).toBe(1);
    expect(stats.olderThan25Days).toBe(1);
    expect(stats.policies).toBe(6);
    expect(stats.dates).toBeGreaterThan(60);
    expect(stats.badPostcodes).toBe(0);
    expect(stats.noAmenities).toBeLessThan(DEFAULT_SEED_LISTINGS * 0.02);
  });

  it('keeps the demo landlords within their plans: the Free one can post, the Premium one has room for one more', async () => {
    expect(await listingCounts(DEMO_ACCOUNTS.landlord.email)).toEqual({ all: 1, active: 0 });
    expect(await listingCounts(DEMO_ACCOUNTS.landlord2.email)).toEqual({ all: 4, active: 4 });
  });

  it('lets the extra landlords log in with the demo landlord password', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: DEMO_LANDLORDS[0]!.email, Password: DEMO_ACCOUNTS.landlord.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ userType: 'Landlord', plan: 'Professional' });
  });

  it('renders the room illustrations once and serves every listing image and its card copy', async () => {
    // Every picture in every size of PHOTO_VARIANTS.
    expect(uploadedFiles(ctx, 'demo')).toHaveLength((DEMO_IMAGE_COUNT + DEMO_EXTRA_COUNT) * Object.keys(PHOTO_VARIANTS).length);
    const paths = await ctx.db.selectFrom('listings').select(['image_path', 'thumb_path']).distinct().execute();
    expect(paths.filter((p) => p.image_path === null).length).toBeLessThanOrEqual(1);
    for (const { image_path, thumb_path } of paths) {
      if (!image_path || !thumb_path) continue;
      expect([image_path, existsSync(uploadFile(ctx, image_path))]).toEqual([image_path, true]);
      expect([thumb_path, existsSync(uploadFile(ctx, thumb_path))]).toEqual([thumb_path, true]);
    }
    const res = await ctx.inject({ method: 'GET', url: paths.find((p) => p.thumb_path)!.thumb_path! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('gives every illustrated room 3 to 6 photos, none twice, the bedroom first, each with its size and files', async () => {
    const rows = await ctx.db
      .selectFrom('listing_photos')
      .select(['listing_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('path').distinct().as('distinct'), (eb) => eb.fn.min('width').as('width')])
      .groupBy('listing_id')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.n)).toBeGreaterThanOrEqual(3);
      expect(Number(row.n)).toBeLessThanOrEqual(6);
      expect(Number(row.distinct)).toBe(Number(row.n));
      expect(row.width).toBe(1200);
    }
    const counts = new Set(rows.map((r) => Number(r.n)));
    expect([...counts].sort()).toEqual([3, 4, 5, 6]);
    const covers = await ctx.db.selectFrom('listing_photos').select('path').where('position', '=', 0).execute();
    for (const { path } of covers) expect(path).toMatch(/^\/uploads\/demo\/room-\d+\.jpg$/);
    const some = await ctx.db.selectFrom('listing_photos').select('path').where('position', '>', 0).limit(20).execute();
    for (const { path } of some) for (const v of Object.keys(PHOTO_VARIANTS) as PhotoVariant[]) expect(existsSync(uploadFile(ctx, photoVariantUrl(path, v)))).toBe(true);
  });

  it('draws the other rooms differently from each other', () => {
    const svgs = new Set(DEMO_EXTRA_KINDS.flatMap((kind) => Array.from({ length: DEMO_EXTRA_PALETTES }, (_, i) => otherRoomSvg(kind, i))));
    expect(svgs.size).toBe(DEMO_EXTRA_COUNT);
  });

  it('draws a different illustration for each index', () => {
    const svgs = new Set(Array.from({ length: DEMO_IMAGE_COUNT }, (_, i) => roomIllustrationSvg(i)));
    expect(svgs.size).toBe(DEMO_IMAGE_COUNT);
  });

  it('generates the same listings from the same seed', () => {
    const options = { count: 50, landlords: { London: [1, 2], Manchester: [3], Birmingham: [4] }, images: [] };
    expect(generateListings(options)).toEqual(generateListings(options));
    expect(generateListings({ ...options, seed: 7 })).not.toEqual(generateListings(options));
  });
});

describe.each(TEST_DATABASES)('demo seed options on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  it('seeds the accounts without listings or images when asked for none', async () => {
    expect(await seedDemoData(ctx.db, { uploads: new LocalUploadStorage(ctx.config.uploadsDir), listings: 0 })).toBe(true);
    expect(await ctx.db.selectFrom('listings').select('id').execute()).toEqual([]);
    expect(uploadedFiles(ctx, 'demo')).toEqual([]);
  });
});
