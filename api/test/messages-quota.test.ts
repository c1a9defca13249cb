/**
 * The Free plan's messaging rule, as a member and an attacker meet it: 2 new people a calendar month (London
 * time), replies always free, paid plans and the unlimited-messages upgrade without a limit, input errors
 * first, parallel sends unable to pass the limit, and GET /api/users/plan-usage telling what is left.
 */
import { londonMonthStart, nextLondonMonthFirst, PLAN_TEXTS, type PlanUsage } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

interface Person {
  id: number;
  token: string;
}

describe.each(TEST_DATABASES)('the Free plan’s new conversations on $name', (database) => {
  let ctx: TestContext;
  const person = async (plan: 'Free' | 'Premium' | 'Professional' = 'Free', userType: 'Tenant' | 'Landlord' = 'Tenant'): Promise<Person> => {
    const user = await createUser(ctx.db, { plan, userType });
    return { id: user.id, token: await login(ctx, user) };
  };
  const send = (from: Person, to: number, text = 'Hello, is the room still free?') =>
    ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to, MessageContent: text } });
  const usage = async (who: Person) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/users/plan-usage', headers: bearer(who.token) });
    expect(res.statusCode).toBe(200);
    return res.json<PlanUsage>();
  };
  const stored = async (from: Person) => (await ctx.db.selectFrom('messages').select('receiver_id').where('sender_id', '=', from.id).execute()).map((r) => r.receiver_id);
  /** A message stored straight in the database at `sentAt`. */
  const storedAt = (from: number, to: number, sentAt: Date) =>
    ctx.db.insertInto('messages').values({ sender_id: from, receiver_id: to, content: 'Earlier', sent_at: sentAt }).execute();

  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  it('lets a Free account start conversations with 2 new people a month, then answers 403 and stores nothing', async () => {
    const me = await person();
    const [a, b, c] = [await person('Free', 'Landlord'), await person('Free', 'Landlord'), await person('Free', 'Landlord')];
    expect((await usage(me)).newConversations).toEqual({ limit: 2, started: 0, remaining: 2, resetsOn: nextLondonMonthFirst() });
    expect((await send(me, a.id)).statusCode).toBe(201);
    expect((await usage(me)).newConversations).toMatchObject({ started: 1, remaining: 1 });
    expect((await send(me, b.id)).statusCode).toBe(201);
    expect((await usage(me)).newConversations).toMatchObject({ started: 2, remaining: 0 });

    const refused = await send(me, c.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PLAN_TEXTS.newConversationLimitReached(nextLondonMonthFirst()) });
    expect(refused.json().message).toMatch(/^Free accounts can start conversations with 2 new people a month.*Upgrade for unlimited messages\.$/);
    expect(await stored(me)).toEqual([a.id, b.id]);

    // Carrying on the two conversations started is free.
    for (const to of [a.id, b.id, a.id]) expect((await send(me, to, 'One more thing')).statusCode).toBe(201);
    expect((await usage(me)).newConversations).toMatchObject({ started: 2, remaining: 0 });
  });

  it('never counts replies: a Free landlord answers every enquiry, however many people write', async () => {
    const landlord = await person('Free', 'Landlord');
    const tenants = await Promise.all(Array.from({ length: 5 }, () => person()));
    for (const t of tenants) expect((await send(t, landlord.id, 'Is the room free?')).statusCode).toBe(201);
    for (const t of tenants) expect((await send(landlord, t.id, 'Yes, come and see it.')).statusCode).toBe(201);
    expect((await usage(landlord)).newConversations).toMatchObject({ started: 0, remaining: 2 });
    // …and the two new conversations are still there to start.
    const [x, y, z] = [await person(), await person(), await person()];
    expect((await send(landlord, x.id)).statusCode).toBe(201);
    expect((await send(landlord, y.id)).statusCode).toBe(201);
    expect((await send(landlord, z.id)).statusCode).toBe(403);
  });

  it('counts the calendar month in London: conversations started last month do not count, nor do older ones carried on', async () => {
    const me = await person();
    const [old1, old2, old3, n1, n2, n3] = [await person(), await person(), await person(), await person(), await person(), await person()];
    const lastMonth = new Date(londonMonthStart().getTime() - 60_000); // a minute before this month began
    await storedAt(me.id, old1.id, lastMonth);
    await storedAt(me.id, old2.id, lastMonth);
    // Someone else's first message last month, answered this month: not started by me.
    await storedAt(old3.id, me.id, lastMonth);
    expect((await usage(me)).newConversations).toMatchObject({ started: 0, remaining: 2 });
    for (const to of [old1.id, old2.id, old3.id]) expect((await send(me, to, 'Picking this up again')).statusCode).toBe(201);
    expect((await usage(me)).newConversations).toMatchObject({ started: 0, remaining: 2 });
    expect((await send(me, n1.id)).statusCode).toBe(201);
    expect((await send(me, n2.id)).statusCode).toBe(201);
    expect((await send(me, n3.id)).statusCode).toBe(403);
  });

  it('sets no limit on Premium, Professional or the Free plan’s unlimited-messages upgrade', async () => {
    const premium = await person('Premium', 'Landlord');
    const professional = await person('Professional', 'Landlord');
    const upgraded = await person('Free');
    await ctx.db.updateTable('users').set({ unlimited_messages: true }).where('id', '=', upgraded.id).execute();
    for (const sender of [premium, professional, upgraded]) {
      const receivers = await Promise.all(Array.from({ length: 4 }, () => person()));
      for (const r of receivers) expect((await send(sender, r.id)).statusCode).toBe(201);
      const { newConversations } = await usage(sender);
      expect(newConversations).toMatchObject({ limit: null, started: 4, remaining: null });
    }
    expect((await usage(upgraded)).unlimitedMessages).toBe(true);
    expect((await usage(premium)).unlimitedMessages).toBe(false);
  });

  it('answers input errors first (400, then 404 for an unknown receiver), the limit only after', async () => {
    const me = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    expect((await send(me, a.id)).statusCode).toBe(201);
    expect((await send(me, b.id)).statusCode).toBe(201);
    for (const text of ['', '   ', 'x'.repeat(2001)]) expect((await send(me, c.id, text)).statusCode).toBe(400);
    expect((await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(me.token), payload: { ReceiverID: c.id } })).statusCode).toBe(400);
    expect((await send(me, me.id)).statusCode).toBe(400);
    const unknown = await send(me, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found.' });
    expect((await send(me, c.id)).statusCode).toBe(403);
  });

  it('lets only as many parallel first messages through as the month allows', async () => {
    const me = await person();
    const first = await person();
    expect((await send(me, first.id)).statusCode).toBe(201);
    // One left: six first messages to six new people at once.
    const receivers = await Promise.all(Array.from({ length: 6 }, () => person()));
    const answers = await Promise.all(receivers.map((r) => send(me, r.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(await stored(me)).toHaveLength(2);
    // Parallel sends to one new person are one conversation: all go through.
    const other = await person();
    const again = await person();
    expect((await send(again, (await person()).id)).statusCode).toBe(201);
    const same = await Promise.all(Array.from({ length: 4 }, (_, i) => send(again, other.id, `Message ${i}`)));
    expect(same.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await usage(again)).newConversations).toMatchObject({ started: 2, remaining: 0 });
  });

  it('plan-usage: the listing limit, the unexpired listings and their expiry; 401 without a token', async () => {
    const landlord = await person('Free', 'Landlord');
    const empty = await usage(landlord);
    expect(empty).toMatchObject({ plan: 'Free', unlimitedMessages: false, listings: { limit: 1, active: 0, nextExpiresAt: null, lastExpiresAt: null } });
    await ctx.db
      .insertInto('listings')
      .values({
        landlord_id: landlord.id,
        title: 'A room',
        address: '1 Test Street, Hackney',
        city: 'London',
        state: 'Greater London',
        zip_code: 'E8 1AA',
        room_type: 'Double',
        rent: 800,
        available_date: '2030-01-01',
        pet_policy: 'Not Allowed',
        smoking_policy: 'Not Allowed',
        status: 'Unavailable',
      })
      .execute();
    const one = await usage(landlord);
    expect(one.listings).toMatchObject({ limit: 1, active: 1 });
    expect(Date.parse(one.listings.nextExpiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(one.listings.lastExpiresAt).toBe(one.listings.nextExpiresAt);
    expect((await usage(await person('Professional', 'Landlord'))).listings.limit).toBeNull();
    expect((await usage(await person('Premium', 'Landlord'))).listings.limit).toBe(5);
    const anonymous = await ctx.inject({ method: 'GET', url: '/api/users/plan-usage' });
    expect(anonymous.statusCode).toBe(401);
  });
});
