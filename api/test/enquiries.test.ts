/**
 * Enquiries and views on a real database: messages that name a room, the conversation list's room, views
 * counted once a viewer a London day and never for the owner, and My Listings' figures and per-day series.
 * The app's clock is set by each test (createTestContext's `now`), so "the next day" needs no waiting.
 */
import { LISTING_STATS_DAYS, londonToday, type Conversation, type Message, type MyListing, type MyListingsStats } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerKey } from '../src/features/listings/views.ts';
import { actor, insertListing, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, TEST_TOKEN_SECRET, type TestContext } from './support.ts';

describe('viewerKey', () => {
  it('is the account for a logged-in viewer, else a hash that hides the address and changes every day', () => {
    expect(viewerKey(TEST_TOKEN_SECRET, '2026-05-01', 7, '203.0.113.9', 'Firefox')).toBe('u:7');
    const today = viewerKey(TEST_TOKEN_SECRET, '2026-05-01', undefined, '203.0.113.9', 'Firefox');
    expect(today).toMatch(/^a:[\w-]{43}$/);
    expect(today).not.toContain('203.0.113.9');
    expect(viewerKey(TEST_TOKEN_SECRET, '2026-05-01', undefined, '203.0.113.9', 'Firefox')).toBe(today);
    expect(viewerKey(TEST_TOKEN_SECRET, '2026-05-02', undefined, '203.0.113.9', 'Firefox')).not.toBe(today);
    expect(viewerKey(TEST_TOKEN_SECRET, '2026-05-01', undefined, '203.0.113.10', 'Firefox')).not.toBe(today);
    expect(viewerKey(TEST_TOKEN_SECRET, '2026-05-01', undefined, '203.0.113.9', 'Chrome')).not.toBe(today);
    expect(viewerKey(new TextEncoder().encode('another-secret-0123456789abcdef0123'), '2026-05-01', undefined, '203.0.113.9', 'Firefox')).not.toBe(today);
  });
});

describe.each(TEST_DATABASES)('enquiries and views on $name', (database) => {
  let ctx: TestContext;
  // The app's clock: 12:00 UTC on a summer day unless a test moves it.
  let clock = new Date('2026-07-15T12:00:00Z');

  const send = (from: Actor, to: number, text: string, ListingID?: unknown) =>
    ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to, MessageContent: text, ...(ListingID === undefined ? {} : { ListingID }) } });
  const view = async (id: number, who?: Actor, ip = '198.51.100.7', ua = 'Mozilla/5.0 (Test)') => {
    const res = await ctx.inject({ method: 'GET', url: `/api/listings/${id}`, remoteAddress: ip, headers: { 'user-agent': ua, ...(who ? bearer(who.token) : {}) } });
    await ctx.app.background.idle();
    return res;
  };
  const myListings = async (who: Actor) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/listings/my-listings', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ listings: MyListing[] }>().listings;
  };
  const figures = async (who: Actor, id: number) => {
    const l = (await myListings(who)).find((x) => x.ListingID === id);
    return { views: l?.Views, enquiries: l?.Enquiries };
  };
  const stats = async (who: Actor) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/listings/my-listings/stats', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<MyListingsStats>();
  };

  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
  });
  afterAll(() => ctx?.close());

  describe('POST /api/messages with a ListingID', () => {
    it('names the room in the answer, the thread and the conversation list, with its current title and cover', async () => {
      const [landlord, tenant] = [await actor(ctx, 'Landlord'), await actor(ctx, 'Tenant')];
      const room = await insertListing(ctx.db, landlord.id, { title: 'Sunny double in Hackney', thumb_path: '/uploads/listings/abc-card.webp' });
      const res = await send(tenant, landlord.id, 'Hi, is this room still available?', room);
      expect(res.statusCode).toBe(201);
      const sent = res.json<{ newMessageDetails: Message }>().newMessageDetails;
      expect(sent).toMatchObject({ ListingID: room, ListingTitle: 'Sunny double in Hackney', MessageContent: 'Hi, is this room still available?' });
      // A reply without a room says none.
      const reply = await send(landlord, tenant.id, 'Yes, it is.');
      expect(reply.json<{ newMessageDetails: Message }>().newMessageDetails).toMatchObject({ ListingID: null, ListingTitle: null });

      await ctx.db.updateTable('listings').set({ title: 'Sunny double, bills included' }).where('id', '=', room).execute();
      const thread = await ctx.inject({ method: 'GET', url: `/api/messages/conversation/${landlord.id}`, headers: bearer(tenant.token) });
      expect(thread.json<Message[]>().map((m) => [m.ListingID, m.ListingTitle])).toEqual([
        [room, 'Sunny double, bills included'],
        [null, null],
      ]);
      for (const [who, partner] of [[tenant, landlord], [landlord, tenant]] as const) {
        const list = await ctx.inject({ method: 'GET', url: '/api/messages/my-conversations', headers: bearer(who.token) });
        const conversation = list.json<Conversation[]>().find((c) => c.PartnerID === partner.id);
        expect(conversation).toMatchObject({ ListingID: room, ListingTitle: 'Sunny double, bills included', ListingThumbUrl: '/uploads/listings/abc-card.webp', LastMessage: 'Yes, it is.' });
      }
    });

    it('shows the latest room of a conversation, and none once the listing is deleted', async () => {
      const [landlord, tenant] = [await actor(ctx, 'Landlord', 'Premium'), await actor(ctx, 'Tenant')];
      const first = await insertListing(ctx.db, landlord.id, { title: 'First room' });
      const second = await insertListing(ctx.db, landlord.id, { title: 'Second room' });
      await send(tenant, landlord.id, 'About the first', first);
      await send(tenant, landlord.id, 'And the second?', second);
      const conversationOf = async () =>
        (await ctx.inject({ method: 'GET', url: '/api/messages/my-conversations', headers: bearer(landlord.token) })).json<Conversation[]>().find((c) => c.PartnerID === tenant.id);
      expect(await conversationOf()).toMatchObject({ ListingID: second, ListingTitle: 'Second room', ListingThumbUrl: null });
      await ctx.db.deleteFrom('listings').where('id', '=', second).execute();
      expect(await conversationOf()).toMatchObject({ ListingID: first, ListingTitle: 'First room' });
      await ctx.db.deleteFrom('listings').where('id', '=', first).execute();
      expect(await conversationOf()).toMatchObject({ ListingID: null, ListingTitle: null, ListingThumbUrl: null });
      const thread = await ctx.inject({ method: 'GET', url: `/api/messages/conversation/${tenant.id}`, headers: bearer(landlord.token) });
      expect(thread.json<Message[]>().map((m) => [m.MessageContent, m.ListingID, m.ListingTitle])).toEqual([
        ['About the first', null, null],
        ['And the second?', null, null],
      ]);
    });

    it('refuses a ListingID that is not a whole number, not the receiver’s, unknown, or no longer public (400, nothing stored)', async () => {
      const [landlord, other, tenant] = [await actor(ctx, 'Landlord'), await actor(ctx, 'Landlord'), await actor(ctx, 'Tenant')];
      const othersRoom = await insertListing(ctx.db, other.id);
      const letRoom = await insertListing(ctx.db, landlord.id, { status: 'Unavailable' });
      const expired = await insertListing(ctx.db, landlord.id, { postedDaysAgo: 31 });
      for (const [value, message] of [
        ['abc', 'ListingID must be a whole number.'],
        [1.5, 'ListingID must be a whole number.'],
        [0, 'ListingID must be at least 1.'],
        [othersRoom, 'That room is not one of this person’s listings, or is no longer advertised.'],
        [2_000_000_000, 'That room is not one of this person’s listings, or is no longer advertised.'],
        [letRoom, 'That room is not one of this person’s listings, or is no longer advertised.'],
        [expired, 'That room is not one of this person’s listings, or is no longer advertised.'],
      ] as const) {
        const res = await send(tenant, landlord.id, 'Hello', value);
        expect([value, res.statusCode]).toEqual([value, 400]);
        expect(res.json<{ message: string }>().message).toContain(message);
      }
      const { count } = await ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('count')).where('sender_id', '=', tenant.id).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
      // Null or absent: a message about no room.
      expect((await send(tenant, landlord.id, 'Hello', null)).statusCode).toBe(201);
    });

    it('lets a conversation about a room carry on about it after the room leaves search, for both sides', async () => {
      const [landlord, tenant, stranger] = [await actor(ctx, 'Landlord'), await actor(ctx, 'Tenant'), await actor(ctx, 'Tenant')];
      const room = await insertListing(ctx.db, landlord.id);
      expect((await send(tenant, landlord.id, 'Is it free?', room)).statusCode).toBe(201);
      await ctx.db.updateTable('listings').set({ status: 'Pending' }).where('id', '=', room).execute();
      expect((await send(tenant, landlord.id, 'Still interested', room)).statusCode).toBe(201);
      expect((await send(landlord, tenant.id, 'Viewing on Saturday?', room)).statusCode).toBe(400); // the room is not the tenant's
      expect((await send(stranger, landlord.id, 'Is it free?', room)).statusCode).toBe(400);
    });
  });

  describe('views', () => {
    it('counts a viewer once a London day, never the owner, again the next day; anonymous viewers by address and browser', async () => {
      clock = new Date('2026-07-15T12:00:00Z');
      const [landlord, tenant] = [await actor(ctx, 'Landlord'), await actor(ctx, 'Tenant')];
      const room = await insertListing(ctx.db, landlord.id);
      expect((await view(room, landlord)).statusCode).toBe(200);
      expect(await figures(landlord, room)).toEqual({ views: 0, enquiries: 0 });

      await view(room, tenant);
      await view(room, tenant, '203.0.113.50', 'Another browser'); // the account, wherever it is
      expect((await figures(landlord, room)).views).toBe(1);
      await view(room);
      await view(room);
      expect((await figures(landlord, room)).views).toBe(2);
      await view(room, undefined, '198.51.100.8');
      await view(room, undefined, '198.51.100.7', 'Mozilla/5.0 (Other)');
      expect((await figures(landlord, room)).views).toBe(4);

      // 23:30 UTC in July is already the 16th in London: a new day for everyone.
      clock = new Date('2026-07-15T23:30:00Z');
      await view(room, tenant);
      await view(room);
      await view(room, landlord);
      expect((await figures(landlord, room)).views).toBe(6);
      const rows = await ctx.db.selectFrom('listing_view_days').select(['day', 'views']).where('listing_id', '=', room).orderBy('day').execute();
      expect(rows).toEqual([
        { day: '2026-07-15', views: 4 },
        { day: '2026-07-16', views: 2 },
      ]);
      // No address is stored.
      const viewers = await ctx.db.selectFrom('listing_view_seen').select('viewer').where('listing_id', '=', room).execute();
      expect(viewers.map((v) => v.viewer).join(' ')).not.toMatch(/198\.51|203\.0/);
      clock = new Date('2026-07-15T12:00:00Z');
    });

    it('does not count a listing that is not shown (404), and forgets the viewers of days gone, keeping their views', async () => {
      clock = new Date('2026-07-20T12:00:00Z');
      const [landlord, tenant] = [await actor(ctx, 'Landlord'), await actor(ctx, 'Tenant')];
      const hidden = await insertListing(ctx.db, landlord.id, { status: 'Unavailable' });
      expect((await view(hidden, tenant)).statusCode).toBe(404);
      expect((await figures(landlord, hidden)).views).toBe(0);

      const room = await insertListing(ctx.db, landlord.id);
      await ctx.db.insertInto('listing_view_seen').values({ listing_id: room, day: '2026-07-01', viewer: 'u:1' }).execute();
      await ctx.db.insertInto('listing_view_days').values({ listing_id: room, day: '2026-07-01', views: 3 }).execute();
      const { forgetViewersBefore } = await import('../src/features/listings/views-repository.ts');
      await view(room, tenant);
      expect(await forgetViewersBefore(ctx.db, '2026-07-19')).toBe(0); // the detail route's clean-up already ran
      const left = await ctx.db.selectFrom('listing_view_seen').select('day').where('listing_id', '=', room).execute();
      expect(left).toEqual([{ day: '2026-07-20' }]);
      expect((await figures(landlord, room)).views).toBe(4);
      clock = new Date('2026-07-15T12:00:00Z');
    });
  });

  describe('My Listings’ figures', () => {
    it('counts enquiries per distinct person, whatever they sent after, and the per-day series adds up', async () => {
      clock = new Date();
      const [landlord, a, b, c] = [await actor(ctx, 'Landlord', 'Premium'), await actor(ctx, 'Tenant', 'Premium'), await actor(ctx, 'Tenant', 'Premium'), await actor(ctx, 'Tenant', 'Premium')];
      const room = await insertListing(ctx.db, landlord.id, { title: 'Room with a view' });
      const other = await insertListing(ctx.db, landlord.id, { title: 'Quiet single' });
      await send(a, landlord.id, 'Hi, is this room still available?', room);
      await send(a, landlord.id, 'Can I see it?', room);
      await send(b, landlord.id, 'Hi, is this room still available?', room);
      await send(c, landlord.id, 'A general question'); // about no room
      await send(c, landlord.id, 'Is the single free?', other);
      await view(room, a);
      await view(room, b);
      await view(room, c);
      expect(await figures(landlord, room)).toEqual({ views: 3, enquiries: 2 });
      expect(await figures(landlord, other)).toEqual({ views: 0, enquiries: 1 });

      const series = await stats(landlord);
      const today = londonToday(clock);
      expect(series.To).toBe(today);
      expect(series.listings.map((l) => l.Title)).toEqual(['Quiet single', 'Room with a view']);
      for (const l of series.listings) {
        expect(l.Days).toHaveLength(LISTING_STATS_DAYS);
        expect(l.Days[0]!.Date).toBe(series.From);
        expect(l.Days.at(-1)!.Date).toBe(today);
        expect(new Set(l.Days.map((d) => d.Date)).size).toBe(LISTING_STATS_DAYS);
      }
      const roomDays = series.listings.find((l) => l.ListingID === room)!.Days;
      expect(roomDays.at(-1)).toEqual({ Date: today, Views: 3, Enquiries: 2 });
      expect(roomDays.slice(0, -1).every((d) => d.Views === 0 && d.Enquiries === 0)).toBe(true);
    });

    it('places each day of the series on London days, zero-filled, older views left out', async () => {
      clock = new Date('2026-03-29T12:00:00Z'); // the day the clocks go forward
      const landlord = await actor(ctx, 'Landlord');
      const room = await insertListing(ctx.db, landlord.id);
      await ctx.db
        .insertInto('listing_view_days')
        .values([
          { listing_id: room, day: '2026-02-27', views: 9 }, // 30 days before the first day shown
          { listing_id: room, day: '2026-02-28', views: 2 },
          { listing_id: room, day: '2026-03-29', views: 5 },
        ])
        .execute();
      const series = await stats(landlord);
      expect([series.From, series.To]).toEqual(['2026-02-28', '2026-03-29']);
      const days = series.listings.find((l) => l.ListingID === room)!.Days;
      expect(days.map((d) => d.Views).filter((v) => v > 0)).toEqual([2, 5]);
      expect(days.find((d) => d.Date === '2026-03-01')).toEqual({ Date: '2026-03-01', Views: 0, Enquiries: 0 });
      expect((await figures(landlord, room)).views).toBe(16); // the total keeps every day
      clock = new Date('2026-07-15T12:00:00Z');
    });

    it('is the landlord’s alone: 401 without a token, 403 for a tenant', async () => {
      const tenant = await actor(ctx, 'Tenant');
      expect((await ctx.inject({ method: 'GET', url: '/api/listings/my-listings/stats' })).statusCode).toBe(401);
      const res = await ctx.inject({ method: 'GET', url: '/api/listings/my-listings/stats', headers: bearer(tenant.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBeTruthy();
      // Nobody else's listings appear.
      const landlord = await actor(ctx, 'Landlord');
      expect((await stats(landlord)).listings).toEqual([]);
    });
  });
});
