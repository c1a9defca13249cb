/**
 * Emails about unread messages, through the job queue with a fixed clock: not before MESSAGE_EMAIL_DELAY_SECONDS,
 * one per unread spell, none when read in time, when EmailOnMessage is off or the account is gone; the email's
 * words, links and one-click headers. And the EmailOnMessage setting on the profile.
 */
import { join } from 'node:path';
import { DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS } from '../src/config.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quoteStart } from '../src/features/notifications/message-email.ts';
import { readNotificationToken } from '../src/features/notifications/tokens.ts';
import { emailLinks, readOutbox } from './email-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, TEST_TOKEN_SECRET, type TestContext } from './support.ts';

interface Person {
  id: number;
  email: string;
  token: string;
}

const DELAY_MS = DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS * 1000;

describe('quoteStart', () => {
  it('keeps a short message whole, on one line', () => {
    expect(quoteStart('  Hello\n\nthere  ')).toBe('Hello there');
  });
  it('cuts a long one after a whole word, at most 200 characters, with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const quote = quoteStart(text);
    expect(quote.length).toBeLessThanOrEqual(200);
    expect(quote).toMatch(/ word…$/);
  });
});

describe.each(TEST_DATABASES)('emails about unread messages on $name', (database) => {
  let ctx: TestContext;
  let clock = new Date('2026-03-02T09:00:00Z');
  const outbox = () => join(ctx.config.dataDir, 'outbox');
  const emailsTo = (who: Person) => readOutbox(outbox(), who.email);
  const person = async (name: string): Promise<Person> => {
    const user = await createUser(ctx.db, { name, plan: 'Premium' });
    return { id: user.id, email: user.email, token: await login(ctx, user) };
  };
  const send = async (from: Person, to: Person, text: string) => {
    const res = await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to.id, MessageContent: text } });
    expect(res.statusCode).toBe(201);
  };
  const openThread = async (reader: Person, partner: Person) => {
    const res = await ctx.inject({ method: 'GET', url: `/api/messages/conversation/${partner.id}`, headers: bearer(reader.token) });
    expect(res.statusCode).toBe(200);
  };
  /** Moves the clock on and runs what is due. */
  const later = async (ms: number) => {
    clock = new Date(clock.getTime() + ms);
    return ctx.app.jobs.runDue();
  };

  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
  });
  afterAll(() => ctx?.close());
  beforeEach(async () => {
    // Every test starts with nothing due.
    await later(2 * DELAY_MS);
  });

  it('emails the receiver once the message has waited the delay, not before, naming the sender, quoting it and linking to the chat', async () => {
    const [alice, bob] = [await person('Alice Sender'), await person('Bob Receiver')];
    await send(alice, bob, 'Hello Bob, is the double room in Hackney still free from March? I can view it this week.');
    await later(DELAY_MS - 1000);
    expect(emailsTo(bob)).toHaveLength(0);
    await later(1000);
    const emails = emailsTo(bob);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe('Alice Sender sent you a message on RoomNest');
    expect(email!.body).toContain('Hello Bob, is the double room in Hackney still free from March? I can view it this week.');
    expect(email!.body).toContain('Hello Bob Receiver,');
    expect(email!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(email!.headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick).toMatch(/^http:\/\/localhost:8080\/api\/notifications\/unsubscribe\?token=/);
    const token = new URL(oneClick!).searchParams.get('token')!;
    expect(readNotificationToken(TEST_TOKEN_SECRET, token)).toEqual({ kind: 'messages', id: bob.id });
    const links = emailLinks(email!);
    expect(links).toContain(`http://localhost:8080/messages/chat/${alice.id}`);
    expect(links).toContain('http://localhost:8080/my-flatmate-profile#notifications');
    expect(links.some((l) => l.startsWith('http://localhost:8080/email/unsubscribe?token='))).toBe(true);
    expect(email!.body).toMatch(/Content-Type: text\/plain/i);
    expect(email!.body).toMatch(/Content-Type: text\/html/i);
    // Alice gets nothing: she sent it.
    expect(emailsTo(alice)).toHaveLength(0);
  });

  it('sends one email for an unread spell of three messages, and a new one for a message after the thread was read', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    await send(alice, bob, 'First');
    await later(DELAY_MS / 2);
    await send(alice, bob, 'Second');
    await later(DELAY_MS / 2);
    await send(alice, bob, 'Third');
    await later(2 * DELAY_MS);
    const first = emailsTo(bob);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toContain('First');
    // Still the same spell after the email: nothing more.
    await send(alice, bob, 'Fourth, still unread');
    await later(2 * DELAY_MS);
    expect(emailsTo(bob)).toHaveLength(1);
    // Read, then a new message: a new spell, a new email.
    await openThread(bob, alice);
    await send(alice, bob, 'After you read');
    await later(DELAY_MS - 1000);
    expect(emailsTo(bob)).toHaveLength(1);
    await later(1000);
    const after = emailsTo(bob);
    expect(after).toHaveLength(2);
    expect(after[1]!.body).toContain('After you read');
  });

  it('sends nothing when the message is read before the delay', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    await send(alice, bob, 'Quick question');
    await later(DELAY_MS / 2);
    await openThread(bob, alice);
    await later(2 * DELAY_MS);
    expect(emailsTo(bob)).toHaveLength(0);
  });

  it('sends nothing when the receiver turned EmailOnMessage off, and again once it is back on', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    const off = await ctx.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(bob.token), payload: { EmailOnMessage: false } });
    expect(off.statusCode).toBe(200);
    await send(alice, bob, 'Are you there?');
    await later(2 * DELAY_MS);
    expect(emailsTo(bob)).toHaveLength(0);
    await ctx.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(bob.token), payload: { EmailOnMessage: true } });
    await openThread(bob, alice);
    await send(alice, bob, 'Now?');
    await later(2 * DELAY_MS);
    expect(emailsTo(bob)).toHaveLength(1);
  });

  it('sends nothing to a deleted account', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    await send(alice, bob, 'Hello');
    const res = await ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(bob.token) });
    expect(res.statusCode).toBe(200);
    await later(2 * DELAY_MS);
    expect(emailsTo(bob)).toHaveLength(0);
  });

  it('sends nothing when the sender’s account is deleted before the delay (their messages go with it)', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    await send(alice, bob, 'Hello');
    await ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(alice.token) });
    await later(2 * DELAY_MS);
    expect(emailsTo(bob)).toHaveLength(0);
  });

  it('writes the job with the message: one open job per spell, due after the delay', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    await send(alice, bob, 'One');
    await send(alice, bob, 'Two');
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(['kind', 'key', 'run_at'])
      .where('kind', '=', 'message-email')
      .where('done_at', 'is', null)
      .where('key', 'like', `message-email:${bob.id}:${alice.id}:%`)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.run_at).getTime()).toBe(clock.getTime() + DELAY_MS);
  });

  it('names a sender whose name holds a web address safely', async () => {
    const alice = await createUser(ctx.db, { name: 'Visit www.example.com', plan: 'Premium' });
    const sender = { id: alice.id, email: alice.email, token: await login(ctx, alice) };
    const bob = await person('Bob');
    await send(sender, bob, 'Hi');
    await later(DELAY_MS);
    const [email] = emailsTo(bob);
    expect(email!.subject).toBe('Someone on RoomNest sent you a message on RoomNest');
    expect(email!.body).not.toContain('www.example.com');
  });
});

describe.each(TEST_DATABASES)('EmailOnMessage on the profile on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  it('is true by default, set by PUT { EmailOnMessage } which changes nothing else, and shown by GET', async () => {
    const user = await createUser(ctx.db, { name: 'Carol' });
    const token = await login(ctx, user);
    const before = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(before.json<{ EmailOnMessage: boolean }>().EmailOnMessage).toBe(true);
    const res = await ctx.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: { EmailOnMessage: false } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; user: Record<string, unknown> }>();
    expect(body.message).toBe('Email settings saved.');
    expect(body.user).toEqual({ ...before.json(), EmailOnMessage: false });
    const after = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(after.json<{ EmailOnMessage: boolean }>().EmailOnMessage).toBe(false);
  });

  it('refuses a value that is not a boolean with a clear message, and a visitor with 401', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx, user);
    for (const value of ['yes', 1, null]) {
      const res = await ctx.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: { EmailOnMessage: value } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/EmailOnMessage/);
    }
    const visitor = await ctx.inject({ method: 'PUT', url: '/api/users/profile', payload: { EmailOnMessage: false } });
    expect(visitor.statusCode).toBe(401);
  });
});
