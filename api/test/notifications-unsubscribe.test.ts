/**
 * One-click unsubscribe (RFC 8058) at /api/notifications/unsubscribe: no login, the signed token names exactly one
 * notification; a mail client's form POST or an empty one turns it off; forged, malformed and missing tokens are
 * refused with a clear sentence; a GET changes nothing; a token of a search or account that is gone says so.
 */
import { join } from 'node:path';
import { UNSUBSCRIBE_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationToken, type NotificationRef } from '../src/features/notifications/tokens.ts';
import { readOutbox } from './email-support.ts';
import { bearer, createSavedSearch, createTestContext, createUser, login, TEST_DATABASES, TEST_TOKEN_SECRET, type TestContext } from './support.ts';

const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };
const token = (ref: NotificationRef, secret = TEST_TOKEN_SECRET) => encodeURIComponent(notificationToken(secret, ref));

describe.each(TEST_DATABASES)('one-click unsubscribe on $name', (database) => {
  let ctx: TestContext;
  let clock = new Date('2026-03-02T09:00:00Z');
  const oneClick = (t: string) => ctx.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${t}`, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
  const emailOnMessage = async (id: number) => (await ctx.db.selectFrom('users').select('email_on_message').where('id', '=', id).executeTakeFirstOrThrow()).email_on_message;
  const search = (userId: number, name: string) => createSavedSearch(ctx.db, userId, { name, criteria: { city: 'London' } });
  const frequency = async (id: number) => (await ctx.db.selectFrom('saved_searches').select('frequency').where('id', '=', id).executeTakeFirstOrThrow()).frequency;

  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
  });
  afterAll(() => ctx?.close());

  it('turns off the emails about unread messages of exactly that account, from a mail client’s form POST, without login', async () => {
    const [bob, other] = [await createUser(ctx.db), await createUser(ctx.db)];
    const res = await oneClick(token({ kind: 'messages', id: bob.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_TEXTS.messagesOff });
    expect(await emailOnMessage(bob.id)).toBe(false);
    expect(await emailOnMessage(other.id)).toBe(true);
    const profile = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(await login(ctx, bob)) });
    expect(profile.json<{ EmailOnMessage: boolean }>().EmailOnMessage).toBe(false);
    // Again: the same answer, nothing else changes.
    expect((await oneClick(token({ kind: 'messages', id: bob.id }))).statusCode).toBe(200);
  });

  it('accepts an empty body (the page’s button), JSON and multipart too', async () => {
    const bob = await createUser(ctx.db);
    const empty = await ctx.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token({ kind: 'messages', id: bob.id })}` });
    expect(empty.statusCode).toBe(200);
    expect(await emailOnMessage(bob.id)).toBe(false);
    const carol = await createUser(ctx.db);
    const multipart = await ctx.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token({ kind: 'messages', id: carol.id })}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(await emailOnMessage(carol.id)).toBe(false);
    const dave = await createUser(ctx.db);
    const json = await ctx.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token({ kind: 'messages', id: dave.id })}`, payload: {} });
    expect(json.statusCode).toBe(200);
    expect(await emailOnMessage(dave.id)).toBe(false);
  });

  it('sets only that saved search’s Frequency to off, naming it', async () => {
    const owner = await createUser(ctx.db);
    const [flats, studios] = [await search(owner.id, 'Hackney doubles'), await search(owner.id, 'Studios')];
    const res = await oneClick(token({ kind: 'search', id: flats }));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(UNSUBSCRIBE_TEXTS.searchOff('Hackney doubles'));
    expect(await frequency(flats)).toBe('off');
    expect(await frequency(studios)).toBe('instant');
    expect(await emailOnMessage(owner.id)).toBe(true);
  });

  it('answers 200 saying so for a search or account that no longer exists', async () => {
    const owner = await createUser(ctx.db);
    const gone = await search(owner.id, 'Gone');
    await ctx.db.deleteFrom('saved_searches').where('id', '=', gone).execute();
    const res = await oneClick(token({ kind: 'search', id: gone }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_TEXTS.searchGone });
    await ctx.db.deleteFrom('users').where('id', '=', owner.id).execute();
    const account = await oneClick(token({ kind: 'messages', id: owner.id }));
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({ message: UNSUBSCRIBE_TEXTS.accountGone });
  });

  it('refuses a forged, malformed, tampered or missing token with 400 and a clear sentence, changing nothing', async () => {
    const bob = await createUser(ctx.db);
    const genuine = notificationToken(TEST_TOKEN_SECRET, { kind: 'messages', id: bob.id });
    const other = await createUser(ctx.db);
    const bad = [
      token({ kind: 'messages', id: bob.id }, new TextEncoder().encode('another-secret-of-at-least-32-characters!')),
      encodeURIComponent(genuine.replace(`.${bob.id}.`, `.${other.id}.`)),
      encodeURIComponent(genuine.replace('messages.', 'search.')),
      'messages.1.short',
      'x'.repeat(300),
      '',
      '%00',
    ];
    for (const t of bad) {
      const res = await oneClick(t);
      expect({ token: t, status: res.statusCode }).toEqual({ token: t, status: 400 });
      expect(res.json<{ message: string }>().message).toMatch(/unsubscribe link is not valid|token/i);
    }
    const none = await ctx.inject({ method: 'POST', url: '/api/notifications/unsubscribe', headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: UNSUBSCRIBE_TEXTS.invalidToken });
    expect(await emailOnMessage(bob.id)).toBe(true);
    expect(await emailOnMessage(other.id)).toBe(true);
  });

  it('changes nothing on GET (405, Allow: POST): link scanners open every address', async () => {
    const bob = await createUser(ctx.db);
    const res = await ctx.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token({ kind: 'messages', id: bob.id })}` });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_TEXTS.postOnly });
    expect(await emailOnMessage(bob.id)).toBe(true);
  });

  it('the List-Unsubscribe address of a real message email turns those emails off, and the next message sends none', async () => {
    const [alice, bob] = await Promise.all([createUser(ctx.db, { plan: 'Premium' }), createUser(ctx.db)]);
    const aliceToken = await login(ctx, alice);
    const sendOne = () => ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(aliceToken), payload: { ReceiverID: bob.id, MessageContent: 'Hello' } });
    await sendOne();
    clock = new Date(clock.getTime() + 3600_000);
    await ctx.app.jobs.runDue();
    const [email] = readOutbox(join(ctx.config.dataDir, 'outbox'), bob.email);
    const address = new URL(/^<(.+)>$/.exec(email!.headers['list-unsubscribe']!)![1]!);
    const res = await ctx.inject({ method: 'POST', url: `${address.pathname}${address.search}`, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    expect(res.statusCode).toBe(200);
    expect(await emailOnMessage(bob.id)).toBe(false);
    await ctx.inject({ method: 'GET', url: `/api/messages/conversation/${alice.id}`, headers: bearer(await login(ctx, bob)) });
    await sendOne();
    clock = new Date(clock.getTime() + 3600_000);
    await ctx.app.jobs.runDue();
    expect(readOutbox(join(ctx.config.dataDir, 'outbox'), bob.email)).toHaveLength(1);
  });
});
