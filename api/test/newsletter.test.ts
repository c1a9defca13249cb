/**
 * The newsletter with double opt-in: one answer for every valid sign-up (new, waiting or subscribed, in any
 * letter case), given before the address is even looked up; a confirmation email through the outbox with a
 * single-use link and an unsubscribe link; only confirmed addresses are subscribed; racing sign-ups store one row.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NEWSLETTER_TEXTS } from '@roomnest/shared';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Email, Mailer } from '../src/features/password-reset/mailer.ts';
import { unsubscribeToken, unsubscribeTokenId } from '../src/features/newsletter/routes.ts';
import { createTestContext, makeDataDir, TEST_DATABASES, TEST_TOKEN_SECRET, uniqueEmail, type TestContext } from './support.ts';

const URL = '/api/newsletter/subscriptions';

let addressCounter = 0;
/** A client address per sign-up, so that the per-address limit (its own suite) does not decide these tests. */
const freshAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** The links of an email (quoted-printable unfolded). */
const links = (eml: string) => {
  const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = (page: string) => new globalThis.URL(new RegExp(`http://localhost:8080${page}\\?token=[\\w.%-]+`).exec(body)![0]).searchParams.get('token')!;
  return { confirm: token('/news/confirm-subscription'), unsubscribe: token('/news/unsubscribe') };
};

describe('unsubscribe tokens', () => {
  it('name their subscription and cannot be forged or moved to another one', () => {
    const token = unsubscribeToken(TEST_TOKEN_SECRET, 42);
    expect(unsubscribeTokenId(TEST_TOKEN_SECRET, token)).toBe(42);
    expect(unsubscribeTokenId(TEST_TOKEN_SECRET, token.replace(/^42\./, '43.'))).toBeNull();
    expect(unsubscribeTokenId(new TextEncoder().encode('another-secret-0123456789abcdef0123'), token)).toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(unsubscribeTokenId(TEST_TOKEN_SECRET, `${token.slice(0, -1)}${last}`)).toBeNull();
    for (const bad of ['', '42', '42.', '0.x', `99999999999.${token.split('.')[1]}`]) expect(unsubscribeTokenId(TEST_TOKEN_SECRET, bad)).toBeNull();
  });
});

describe.each(TEST_DATABASES)('newsletter on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  const subscribe = (payload: unknown) => ctx.inject({ method: 'POST', url: URL, payload: payload as object, remoteAddress: freshAddress() });
  const confirm = (Token: string) => ctx.inject({ method: 'POST', url: '/api/newsletter/confirmations', payload: { Token } });
  const unsubscribe = (Token: string) => ctx.inject({ method: 'POST', url: '/api/newsletter/unsubscriptions', payload: { Token } });
  const stored = async (email: string) =>
    (await ctx.db.selectFrom('newsletter_subscriptions').select(['email', 'confirmed_at', 'confirm_token_hash']).execute()).filter(
      (r) => r.email.toLowerCase() === email.toLowerCase(),
    );
  const outbox = () => join(ctx.config.dataDir, 'outbox');
  const emailsTo = (email: string) =>
    (existsSync(outbox()) ? readdirSync(outbox()).filter((f) => f.endsWith('.eml')).sort() : [])
      .map((f) => readFileSync(join(outbox(), f), 'utf8'))
      .filter((eml) => eml.toLowerCase().includes(`to: ${email.toLowerCase()}`));
  /** Signs `email` up and answers the links of the confirmation email it gets. */
  async function signUp(email: string) {
    const before = emailsTo(email).length;
    const res = await subscribe({ Email: email });
    expect(res.statusCode).toBe(202);
    await ctx.app.background.idle();
    const all = emailsTo(email);
    expect(all).toHaveLength(before + 1);
    const eml = all.at(-1)!;
    return { res, eml, ...links(eml) };
  }

  it('answers every valid sign-up the same: new, waiting for confirmation, subscribed, in any letter case', async () => {
    const email = uniqueEmail('news');
    const { res: first, confirm: token } = await signUp(email);
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await Promise.all([email, email.toUpperCase(), `  ${email}  `, uniqueEmail('other')].map((Email) => subscribe({ Email })));
    for (const res of [first, ...again]) {
      expect([res.statusCode, res.json()]).toEqual([202, { message: NEWSLETTER_TEXTS.checkInbox }]);
      expect({ ...res.headers, date: '' }).toEqual({ ...first.headers, date: '' });
    }
    expect(NEWSLETTER_TEXTS.checkInbox).toBe('Thanks! Please check your inbox to confirm your subscription.');
  });

  it('answers before looking the address up: with the database and the mail transport held, new and subscribed addresses get their answer at once', async () => {
    const subscribed = uniqueEmail('held');
    await ctx.db.insertInto('newsletter_subscriptions').values({ email: subscribed }).execute();
    await sql`update newsletter_subscriptions set confirmed_at = now() where email = ${subscribed}`.execute(ctx.db);
    let holding = false;
    let openQueries!: () => void;
    const queriesOpen = new Promise<void>((resolve) => {
      openQueries = resolve;
    });
    const gate: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (holding) await queriesOpen;
        return args.result;
      },
    };
    const sent: Email[] = [];
    const mailer: Mailer = {
      async send(email) {
        sent.push(email);
        return 'sent';
      },
    };
    const config = makeDataDir();
    // Without its rate limits, whose counters are in the database too (one statement whatever the email, so they tell
    // nothing of it; PGlite's one connection would be held with the rest): what is proven is that the route's own work waits.
    const app = await buildApp({ db: ctx.db.withPlugin(gate), config: { ...config, rateLimits: { newsletter: null } }, mailer });
    await app.ready();
    try {
      holding = true;
      const fresh = uniqueEmail('held');
      const ask = (Email: string) => app.inject({ method: 'POST', url: URL, payload: { Email } });
      const answers = await Promise.race([
        Promise.all([ask(fresh), ask(subscribed)]),
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no answer while the database was held')), 5000)),
      ]);
      expect(answers.map((res) => [res.statusCode, res.json()])).toEqual([
        [202, { message: NEWSLETTER_TEXTS.checkInbox }],
        [202, { message: NEWSLETTER_TEXTS.checkInbox }],
      ]);
      expect(sent).toEqual([]);
      openQueries();
      // Then only the new address gets a confirmation email.
      await vi.waitFor(() => expect(sent.map((email) => email.to)).toEqual([fresh]), { timeout: 5000 });
    } finally {
      openQueries();
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('emails a confirmation link; the address is subscribed only once confirmed, and the link works once', async () => {
    const email = uniqueEmail('confirm');
    const { eml, confirm: token } = await signUp(email);
    expect(eml).toContain(`Subject: ${NEWSLETTER_TEXTS.emailSubject}`);
    const [row] = await stored(email);
    expect(row).toMatchObject({ email, confirmed_at: null });
    // Only the hash of the link's token is stored.
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirm_token_hash).not.toContain(token);

    expect([(await confirm(token)).statusCode, (await confirm(token)).json()]).toEqual([200, { message: NEWSLETTER_TEXTS.alreadyConfirmed }]);
    expect((await stored(email))[0]!.confirmed_at).toBeInstanceOf(Date);
  });

  it('answers the first confirmation with its own sentence, and one of two at once', async () => {
    const { confirm: first } = await signUp(uniqueEmail('once'));
    expect((await confirm(first)).json()).toEqual({ message: NEWSLETTER_TEXTS.confirmed });
    const { confirm: second } = await signUp(uniqueEmail('twice'));
    const answers = await Promise.all([confirm(second), confirm(second)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().message).sort()).toEqual([NEWSLETTER_TEXTS.alreadyConfirmed, NEWSLETTER_TEXTS.confirmed].sort());
  });

  it('sends a waiting address a new link (the old one stops working) and a subscribed address nothing', async () => {
    const email = uniqueEmail('again');
    const { confirm: old } = await signUp(email);
    const { confirm: fresh } = await signUp(email.toUpperCase());
    expect(await stored(email)).toHaveLength(1);
    expect([(await confirm(old)).statusCode, (await confirm(old)).json()]).toEqual([400, { message: NEWSLETTER_TEXTS.confirmInvalid }]);
    expect((await confirm(fresh)).json()).toEqual({ message: NEWSLETTER_TEXTS.confirmed });
    const sentBefore = emailsTo(email).length;
    expect((await subscribe({ Email: email })).statusCode).toBe(202);
    await ctx.app.background.idle();
    expect(emailsTo(email)).toHaveLength(sentBefore);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43), 400, NEWSLETTER_TEXTS.confirmInvalid],
    ['a blank token', '   ', 400, NEWSLETTER_TEXTS.linkIncomplete],
  ])('refuses %s', async (_label, token, status, message) => {
    const res = await confirm(token);
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('expired');
    const { confirm: token } = await signUp(email);
    await sql`update newsletter_subscriptions set confirm_expires_at = now() - interval '1 second' where email = ${email}`.execute(ctx.db);
    expect([(await confirm(token)).statusCode, (await confirm(token)).json()]).toEqual([400, { message: NEWSLETTER_TEXTS.confirmInvalid }]);
    expect((await stored(email))[0]!.confirmed_at).toBeNull();
  });

  it('unsubscribes with the email’s link: the address is forgotten, the link then refused; a new sign-up gets new links', async () => {
    const email = uniqueEmail('leave');
    const { confirm: token, unsubscribe: leave } = await signUp(email);
    await confirm(token);
    expect([(await unsubscribe(leave)).json(), (await unsubscribe(leave)).json()]).toEqual([{ message: NEWSLETTER_TEXTS.unsubscribed }, { message: NEWSLETTER_TEXTS.unsubscribeInvalid }]);
    expect(await stored(email)).toEqual([]);
    const next = await signUp(email);
    expect(next.unsubscribe).not.toBe(leave);
    expect((await unsubscribe(leave)).statusCode).toBe(400);
    expect((await unsubscribe(next.unsubscribe)).json()).toEqual({ message: NEWSLETTER_TEXTS.unsubscribed });
    expect((await unsubscribe(`${leave.split('.')[0]}.${'A'.repeat(43)}`)).statusCode).toBe(400);
  });

  it('twenty sign-ups of one address at once store it once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => subscribe({ Email: i % 2 ? email.toUpperCase() : email })));
    expect(answers.every((res) => res.statusCode === 202)).toBe(true);
    await ctx.app.background.idle();
    expect(emailsTo(email)).toHaveLength(20);
    expect(await stored(email)).toHaveLength(1);
  });

  it.each([
    [{ Email: 'not-an-email' }],
    [{ Email: '' }],
    [{}],
    [{ Email: 42 }],
    [{ Email: `${'a'.repeat(250)}@example.com` }],
  ])('answers 400 for %j', async (payload) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('Email');
  });

  it('answers 415 for a form body and 400 for malformed JSON', async () => {
    const form = await ctx.inject({ method: 'POST', url: URL, payload: 'Email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const broken = await ctx.inject({ method: 'POST', url: URL, payload: '{"Email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });
});
