import { MESSAGE_MAX_LENGTH, type Conversation, type Message } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from './listings-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

interface Person {
  id: number;
  token: string;
  name: string;
}

describe.each(TEST_DATABASES)('messages API on $name', (database) => {
  let ctx: TestContext;
  let newPerson: (name: string) => Promise<Person>;
  const send = (from: Person, to: number, text: string) =>
    ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to, MessageContent: text } });
  const get = (who: Person, url: string) => ctx.inject({ method: 'GET', url, headers: bearer(who.token) });
  const partner = (who: Person, id: number) => get(who, `/api/messages/partner/${id}`);

  beforeAll(async () => {
    ctx = await createTestContext(database);
    newPerson = async (name) => {
      const user = await createUser(ctx.db, { name });
      return { id: user.id, token: await login(ctx, user), name };
    };
  });
  afterAll(() => ctx?.close());

  describe('POST /api/messages', () => {
    it('answers 201 with the id and the Message, content trimmed', async () => {
      const [a, b] = [await newPerson('Alice Tenant'), await newPerson('Bob Landlord')];
      const res = await send(a, b.id, '  Hello Bob, is the room free?  ');
      expect(res.statusCode).toBe(201);
      const body = res.json<{ messageId: number; newMessageDetails: Message }>();
      expect(body.newMessageDetails).toEqual({
        MessageID: body.messageId,
        SenderID: a.id,
        ReceiverID: b.id,
        MessageContent: 'Hello Bob, is the room free?',
        SentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        SenderName: 'Alice Tenant',
        ReceiverName: 'Bob Landlord',
        ReadAt: null,
        ListingID: null,
        ListingTitle: null,
        SafetyWarning: false,
      });
    });

    it('accepts exactly 2000 characters and refuses empty, whitespace-only, 2001 characters and bad receivers', async () => {
      const [a, b] = [await newPerson('A'), await newPerson('B')];
      expect((await send(a, b.id, 'x'.repeat(MESSAGE_MAX_LENGTH))).statusCode).toBe(201);
      for (const text of ['', '   \n\t ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1)]) {
        const res = await send(a, b.id, text);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].field).toBe('MessageContent');
      }
      expect((await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(a.token), payload: { ReceiverID: b.id } })).statusCode).toBe(400);
      expect((await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(a.token), payload: { MessageContent: 'hi' } })).statusCode).toBe(400);
      for (const id of [0, -1, 1.5, 'abc', 2 ** 31]) {
        expect((await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(a.token), payload: { ReceiverID: id, MessageContent: 'hi' } })).statusCode).toBe(400);
      }
      const self = await send(a, a.id, 'note to self');
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe('You cannot send a message to yourself.');
      const unknown = await send(a, 2_000_000_000, 'hello?');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'User not found.' });
      expect((await ctx.inject({ method: 'POST', url: '/api/messages', payload: { ReceiverID: b.id, MessageContent: 'hi' } })).statusCode).toBe(401);
      expect((await ctx.inject({ method: 'POST', url: '/api/messages', headers: { ...bearer(a.token), 'content-type': 'application/json' }, payload: '{bad' })).statusCode).toBe(400);
    });
  });

  describe('GET /api/messages/conversation/:otherUserId', () => {
    it('answers the thread oldest first and marks only the caller’s received messages read', async () => {
      const [a, b] = [await newPerson('Ann'), await newPerson('Ben')];
      await send(a, b.id, 'one');
      await send(b, a.id, 'two');
      await send(a, b.id, 'three');
      const before = await get(b, '/api/messages/unread-count');
      expect(before.json()).toEqual({ totalUnread: 2 });

      const res = await get(b, `/api/messages/conversation/${a.id}`);
      expect(res.statusCode).toBe(200);
      const thread = res.json<Message[]>();
      expect(thread.map((m) => m.MessageContent)).toEqual(['one', 'two', 'three']);
      expect(thread[0]).toMatchObject({ SenderName: 'Ann', ReceiverName: 'Ben' });
      // B's messages from A are read now; B's own message to A is not (A has not opened the thread).
      expect(thread.filter((m) => m.SenderID === a.id).every((m) => typeof m.ReadAt === 'string')).toBe(true);
      expect(thread.find((m) => m.SenderID === b.id)?.ReadAt).toBeNull();
      expect((await get(b, '/api/messages/unread-count')).json()).toEqual({ totalUnread: 0 });
      expect((await get(a, '/api/messages/unread-count')).json()).toEqual({ totalUnread: 1 });

      // A sees read state of what they sent.
      const fromA = (await get(a, `/api/messages/conversation/${b.id}`)).json<Message[]>();
      expect(fromA.filter((m) => m.SenderID === a.id).every((m) => m.ReadAt !== null)).toBe(true);
      expect((await get(a, '/api/messages/unread-count')).json()).toEqual({ totalUnread: 0 });
    });

    it('answers [] for an existing user with no messages, 404 for an unknown user, 400 for a bad id, 401 without a token', async () => {
      const [a, b] = [await newPerson('A'), await newPerson('B')];
      expect((await get(a, `/api/messages/conversation/${b.id}`)).json()).toEqual([]);
      const unknown = await get(a, '/api/messages/conversation/2000000000');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'User not found.' });
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) expect((await get(a, `/api/messages/conversation/${bad}`)).statusCode).toBe(400);
      expect((await ctx.inject({ method: 'GET', url: `/api/messages/conversation/${b.id}` })).statusCode).toBe(401);
    });

    it('never shows another pair’s messages', async () => {
      const [a, b, c] = [await newPerson('A'), await newPerson('B'), await newPerson('Eve')];
      await send(a, b.id, 'secret between A and B');
      // Eve asks for her own thread with A or B: nothing of theirs.
      expect((await get(c, `/api/messages/conversation/${a.id}`)).json()).toEqual([]);
      expect((await get(c, `/api/messages/conversation/${b.id}`)).json()).toEqual([]);
      expect((await get(c, '/api/messages/my-conversations')).json()).toEqual([]);
      // …and opening them did not mark A→B read.
      expect((await get(b, '/api/messages/unread-count')).json()).toEqual({ totalUnread: 1 });
    });
  });

  describe('GET /api/messages/my-conversations', () => {
    it('one entry per partner, newest first, with the last message either way, its sender and the unread count', async () => {
      const [me, p1, p2, p3] = [await newPerson('Me'), await newPerson('Partner One'), await newPerson('Partner Two'), await newPerson('Partner Three')];
      await ctx.db.updateTable('users').set({ profile_picture_url: '/uploads/profiles/p2.jpg' }).where('id', '=', p2.id).execute();
      await send(p1, me.id, 'p1 first');
      await send(p2, me.id, 'p2 first');
      await send(p2, me.id, 'p2 second');
      await send(me, p1.id, 'my reply to p1');
      await send(p3, p1.id, 'not mine');

      const res = await get(me, '/api/messages/my-conversations');
      expect(res.statusCode).toBe(200);
      const list = res.json<Conversation[]>();
      expect(list).toEqual([
        {
          PartnerID: p1.id,
          PartnerName: 'Partner One',
          PartnerProfilePictureURL: null,
          PartnerEmailVerified: false,
          LastMessage: 'my reply to p1',
          LastMessageSenderID: me.id,
          LastMessageSentAt: expect.stringMatching(/T/),
          UnreadCount: 1,
          ListingID: null,
          ListingTitle: null,
          ListingThumbUrl: null,
        },
        {
          PartnerID: p2.id,
          PartnerName: 'Partner Two',
          PartnerProfilePictureURL: '/uploads/profiles/p2.jpg',
          PartnerEmailVerified: false,
          LastMessage: 'p2 second',
          LastMessageSenderID: p2.id,
          LastMessageSentAt: expect.stringMatching(/T/),
          UnreadCount: 2,
          ListingID: null,
          ListingTitle: null,
          ListingThumbUrl: null,
        },
      ]);
      await get(me, `/api/messages/conversation/${p2.id}`);
      const after = (await get(me, '/api/messages/my-conversations')).json<Conversation[]>();
      expect(after.find((c) => c.PartnerID === p2.id)?.UnreadCount).toBe(0);
      expect((await ctx.inject({ method: 'GET', url: '/api/messages/my-conversations' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/messages/partner/:id', () => {

    it('answers the name and picture of someone the caller has messages with, either way; 404 before', async () => {
      const [a, b, c] = [await newPerson('A'), await newPerson('Bea'), await newPerson('Cy')];
      // Bea is unlisted and has no listing: until a message passes between them, A may not learn her name.
      const before = await partner(a, b.id);
      expect(before.statusCode).toBe(404);
      expect(before.json()).toEqual({ message: 'User not found.' });
      expect((await send(a, b.id, 'Hello Bea')).statusCode).toBe(201);
      expect((await partner(a, b.id)).json()).toEqual({ UserID: b.id, Name: 'Bea', ProfilePictureURL: null, EmailVerified: false });
      expect((await partner(b, a.id)).json()).toEqual({ UserID: a.id, Name: 'A', ProfilePictureURL: null, EmailVerified: false });
      // Someone else still may not.
      expect((await partner(c, b.id)).statusCode).toBe(404);
      expect((await partner(c, c.id)).json()).toMatchObject({ UserID: c.id, Name: 'Cy' });
    });

    it('answers for a landlord with a listing in search (Contact Landlord) and a listed flatmate (a flatmate card), 404 otherwise', async () => {
      const a = await newPerson('A');
      const [landlord, hidden, flatmate] = [await newPerson('Lena Landlord'), await newPerson('Hal Hidden'), await newPerson('Fay Flatmate')];
      await ctx.db.updateTable('users').set({ user_type: 'Landlord' }).where('id', 'in', [landlord.id, hidden.id]).execute();
      await insertListing(ctx.db, landlord.id);
      // Only listings nobody else sees: a Pending one and an expired one.
      await insertListing(ctx.db, hidden.id, { status: 'Pending' });
      await insertListing(ctx.db, hidden.id, { postedDaysAgo: 31 });
      expect((await partner(a, landlord.id)).json()).toMatchObject({ UserID: landlord.id, Name: 'Lena Landlord' });
      expect((await partner(a, hidden.id)).statusCode).toBe(404);
      expect((await partner(a, flatmate.id)).statusCode).toBe(404);
      await ctx.db.updateTable('users').set({ is_actively_looking: true }).where('id', '=', flatmate.id).execute();
      expect((await partner(a, flatmate.id)).json()).toMatchObject({ UserID: flatmate.id, Name: 'Fay Flatmate' });
    });

    it('answers 404 for an unknown id, 400 for a bad one and 401 without a token', async () => {
      const [a, b] = [await newPerson('A'), await newPerson('Bea')];
      expect((await partner(a, 2_000_000_000)).statusCode).toBe(404);
      expect((await get(a, '/api/messages/partner/x')).statusCode).toBe(400);
      expect((await ctx.inject({ method: 'GET', url: `/api/messages/partner/${b.id}` })).statusCode).toBe(401);
    });
  });

  describe('stream tickets', () => {
    it('needs a token; the stream refuses a missing, forged or expired ticket with 401', async () => {
      const a = await newPerson('A');
      expect((await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket' })).statusCode).toBe(401);
      const res = await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: bearer(a.token) });
      expect(res.statusCode).toBe(200);
      const { ticket } = res.json<{ ticket: string }>();
      expect(ticket).toMatch(new RegExp(`^${a.id}\\.`));
      // A signature with one character changed (always a different one: ending in "AA" was a valid ticket 1 time in 1,024, and the stream then stayed open).
      const mac = ticket.slice(ticket.lastIndexOf('.') + 1);
      const tampered = `${ticket.slice(0, ticket.lastIndexOf('.') + 1)}${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
      for (const bad of ['', 'nonsense', ticket.replace(/^\d+/, String(a.id + 1)), tampered]) {
        const r = await ctx.inject({ method: 'GET', url: `/api/messages/stream?ticket=${encodeURIComponent(bad)}` });
        expect(r.statusCode).toBe(401);
      }
      // The bearer token itself is not a ticket.
      expect((await ctx.inject({ method: 'GET', url: `/api/messages/stream?ticket=${a.token}` })).statusCode).toBe(401);
      // Revoking the user's tokens revokes the ticket.
      await ctx.db.updateTable('users').set({ token_version: 99 }).where('id', '=', a.id).execute();
      expect((await ctx.inject({ method: 'GET', url: `/api/messages/stream?ticket=${encodeURIComponent(ticket)}` })).statusCode).toBe(401);
    });
  });
});
