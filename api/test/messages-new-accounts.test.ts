/**
 * The new-account rule, with a fixed clock: an account younger than NEW_ACCOUNT_DAYS starts at most
 * NEW_ACCOUNT_CONVERSATIONS_PER_DAY new conversations a London day (429 past it, with how many and when it resets),
 * counted from London midnight in summer and winter time; replies and conversations already started are never
 * limited; older accounts are not limited; parallel first messages cannot pass it; the settings are read and checked.
 */
import { PLAN_TEXTS, TRUST_TEXTS, nextLondonMonthFirst } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY, DEFAULT_NEW_ACCOUNT_DAYS, loadConfig } from '../src/config.ts';
import { DAY_MS, isNewAccount, londonDayStart } from '../src/features/messages/new-account-limit.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

interface Person {
  id: number;
  token: string;
}

const PER_DAY = DEFAULT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY;
const DAYS = DEFAULT_NEW_ACCOUNT_DAYS;
const LIMIT_TEXT = TRUST_TEXTS.newAccountConversationLimit(PER_DAY, DAYS);

describe('the new-account rule’s pieces', () => {
  it('London midnight in summer time (23:00 UTC the day before) and in winter time (00:00 UTC)', () => {
    expect(londonDayStart(new Date('2026-07-01T00:30:00Z')).toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(londonDayStart(new Date('2026-06-30T22:59:59Z')).toISOString()).toBe('2026-06-29T23:00:00.000Z');
    expect(londonDayStart(new Date('2026-01-15T00:00:00Z')).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(londonDayStart(new Date('2026-01-14T23:59:59Z')).toISOString()).toBe('2026-01-14T00:00:00.000Z');
  });

  it('an account is new for exactly NEW_ACCOUNT_DAYS; 0 days turns the rule off', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    expect(isNewAccount(new Date(now.getTime() - 7 * DAY_MS + 1), { days: 7, perDay: 5 }, now)).toBe(true);
    expect(isNewAccount(new Date(now.getTime() - 7 * DAY_MS), { days: 7, perDay: 5 }, now)).toBe(false);
    expect(isNewAccount(now, { days: 0, perDay: 5 }, now)).toBe(false);
  });

  it('reads NEW_ACCOUNT_DAYS and NEW_ACCOUNT_CONVERSATIONS_PER_DAY, with defaults 7 and 5, and refuses bad values by name', () => {
    const env = { TOKEN_SECRET: 'a-test-secret-that-is-long-enough-0123456789' };
    expect(loadConfig(env)).toMatchObject({ newAccountDays: 7, newAccountConversationsPerDay: 5 });
    expect(loadConfig({ ...env, NEW_ACCOUNT_DAYS: '0', NEW_ACCOUNT_CONVERSATIONS_PER_DAY: '12' })).toMatchObject({ newAccountDays: 0, newAccountConversationsPerDay: 12 });
    expect(() => loadConfig({ ...env, NEW_ACCOUNT_DAYS: 'a week' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, NEW_ACCOUNT_DAYS: '-1' })).toThrow(/NEW_ACCOUNT_DAYS/);
    expect(() => loadConfig({ ...env, NEW_ACCOUNT_CONVERSATIONS_PER_DAY: '0' })).toThrow(/NEW_ACCOUNT_CONVERSATIONS_PER_DAY must be a whole number from 1/);
  });

  it('says how many, for how long, and when it resets', () => {
    expect(LIMIT_TEXT).toBe(
      'New accounts can start conversations with 5 new people a day for their first 7 days. You have reached today’s limit: you can start new conversations again from midnight (UK time). Replies to people already talking to you are not limited.',
    );
  });
});

describe.each(TEST_DATABASES)('new accounts’ new conversations on $name', (database) => {
  let ctx: TestContext;
  // Summer time: 00:30 in London on 1 July.
  let clock = new Date('2026-06-30T23:30:00Z');
  /** An account made `ageMs` before the clock (Premium unless said: the plan's monthly rule is another test's). */
  const person = async (ageMs = DAY_MS, plan: 'Free' | 'Premium' = 'Premium'): Promise<Person> => {
    const user = await createUser(ctx.db, { plan });
    await sql`update users set created_at = ${new Date(clock.getTime() - ageMs)} where id = ${user.id}`.execute(ctx.db);
    return { id: user.id, token: await login(ctx, user) };
  };
  const people = (n: number) => Promise.all(Array.from({ length: n }, () => person(30 * DAY_MS)));
  const send = (from: Person, to: Person, text = 'Hello, is the room still free?') =>
    ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to.id, MessageContent: text } });
  const storedFrom = async (from: Person) => Number((await ctx.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).where('sender_id', '=', from.id).executeTakeFirstOrThrow()).n);
  /** A first message stored straight in the database at `sentAt`. */
  const storedAt = (from: Person, to: Person, sentAt: Date) => ctx.db.insertInto('messages').values({ sender_id: from.id, receiver_id: to.id, content: 'Earlier', sent_at: sentAt }).execute();

  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
  });
  afterAll(() => ctx?.close());

  it(`lets a new account start ${PER_DAY} conversations a day, then answers 429 saying why, storing nothing; replies and carrying on stay free`, async () => {
    const me = await person();
    const others = await people(PER_DAY + 1);
    for (const other of others.slice(0, PER_DAY)) expect((await send(me, other)).statusCode).toBe(201);
    const refused = await send(me, others[PER_DAY]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: LIMIT_TEXT });
    expect(await storedFrom(me)).toBe(PER_DAY);

    // Carrying on a conversation started today, and replying to someone who wrote first, are never limited.
    expect((await send(me, others[0]!, 'One more thing')).statusCode).toBe(201);
    const writer = await person(30 * DAY_MS);
    expect((await send(writer, me, 'Is your room free?')).statusCode).toBe(201);
    expect((await send(me, writer, 'Yes it is')).statusCode).toBe(201);
  });

  it('counts from London midnight: yesterday’s conversations do not count (summer time)', async () => {
    clock = new Date('2026-06-30T22:59:30Z'); // 23:59:30 on 30 June in London
    const me = await person(2 * DAY_MS);
    const yesterday = await people(PER_DAY);
    for (const other of yesterday) await storedAt(me, other, new Date('2026-06-30T22:59:00Z'));
    const [next, ...more] = await people(PER_DAY + 1);
    expect((await send(me, next!)).statusCode).toBe(429);

    clock = new Date('2026-06-30T23:00:00Z'); // midnight: 1 July in London
    expect((await send(me, next!)).statusCode).toBe(201);
    for (const other of more.slice(0, PER_DAY - 1)) expect((await send(me, other)).statusCode).toBe(201);
    expect((await send(me, more[PER_DAY - 1]!)).statusCode).toBe(429);
  });

  it('counts from London midnight in winter time too (00:00 UTC)', async () => {
    clock = new Date('2026-01-14T23:59:59Z');
    const me = await person(DAY_MS);
    for (const other of await people(PER_DAY)) await storedAt(me, other, new Date('2026-01-14T23:59:00Z'));
    const next = (await people(1))[0]!;
    expect((await send(me, next)).statusCode).toBe(429);
    clock = new Date('2026-01-15T00:00:00Z');
    expect((await send(me, next)).statusCode).toBe(201);
  });

  it(`does not limit an account ${DAYS} days old or older`, async () => {
    clock = new Date('2026-06-30T23:30:00Z');
    const old = await person(DAYS * DAY_MS);
    for (const other of await people(PER_DAY + 2)) expect((await send(old, other)).statusCode).toBe(201);
    const almost = await person(DAYS * DAY_MS - 60_000);
    const answers = [];
    for (const other of await people(PER_DAY + 1)) answers.push((await send(almost, other)).statusCode);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
  });

  it('lets only as many parallel first messages through as the day allows', async () => {
    clock = new Date('2026-06-30T23:30:00Z');
    const me = await person();
    const others = await people(PER_DAY + 3);
    const answers = await Promise.all(others.map((other) => send(me, other)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(PER_DAY).fill(201), 429, 429, 429]);
    expect(await storedFrom(me)).toBe(PER_DAY);
  });

  it('a new Free account meets the plan’s monthly rule first (403), as before', async () => {
    clock = new Date('2026-06-30T23:30:00Z');
    const me = await person(DAY_MS, 'Free');
    const others = await people(3);
    expect((await send(me, others[0]!)).statusCode).toBe(201);
    expect((await send(me, others[1]!)).statusCode).toBe(201);
    const refused = await send(me, others[2]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PLAN_TEXTS.newConversationLimitReached(nextLondonMonthFirst(clock)) });
  });
});
