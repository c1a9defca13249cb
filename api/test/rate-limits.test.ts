/**
 * Rate limits, with small limits configured the way RATE_LIMIT_*
 * configures them: failed logins per address and email and per address,
 * registrations per address, password reset requests per address and email
 * and per address, newsletter sign-ups per address, messages per sender. Over a limit: 429 `{ message }` saying how long to
 * wait, with retry-after; nothing is done.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { API_TEXTS, formatWait, RATE_LIMIT_TEXTS } from '@roomnest/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../src/config.ts';
import { createConfiguredContext } from './hardening-support.ts';
import { bearer, createUser, login, TEST_DATABASES, uniqueEmail, type TestContext } from './support.ts';

const LIMITS: RateLimits = {
  login: { max: 3, windowSeconds: 600 },
  loginIp: { max: 8, windowSeconds: 600 },
  register: { max: 3, windowSeconds: 600 },
  registerTaken: { max: 2, windowSeconds: 600 },
  passwordReset: { max: 2, windowSeconds: 600 },
  passwordResetIp: { max: 5, windowSeconds: 600 },
  newsletter: { max: 3, windowSeconds: 600 },
  messages: { max: 3, windowSeconds: 600 },
  clientErrors: { max: 3, windowSeconds: 600 },
};

let addressCounter = 0;
/** A client address no other test uses (each test starts with clean counters). */
const freshAddress = () => `10.9.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** A registration of a new account. */
const account = (Email = uniqueEmail('signup')) => ({ Name: 'Sign Up', Email, Password: 'Sup3r-secret', UserType: 'Tenant' });

/** A 429 with retry-after within the window and the given sentence for that wait. */
function expectLimited(res: LightMyRequestResponse, text: (wait: string) => string, windowSeconds = 600) {
  expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 429 });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.json()).toEqual({ message: text(formatWait(retryAfter)) });
}

describe.each(TEST_DATABASES)('rate limits on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createConfiguredContext(database, { rateLimits: LIMITS });
  });
  afterAll(() => ctx?.close());

  const registerFrom = (remoteAddress: string, payload: object) => ctx.inject({ method: 'POST', url: '/api/auth/register', remoteAddress, payload });
  const outboxCount = () => {
    const dir = join(ctx.config.dataDir, 'outbox');
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;
  };
  const subscribeFrom = (remoteAddress: string, Email: string) => ctx.inject({ method: 'POST', url: '/api/newsletter/subscriptions', remoteAddress, payload: { Email } });
  const resetFrom = (remoteAddress: string, Email: string) => ctx.inject({ method: 'POST', url: '/api/auth/password-reset', remoteAddress, payload: { Email } });
  const loginFrom = (remoteAddress: string, Email: string, Password: string, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, headers, payload: { Email, Password } });

  describe('login', () => {
    it('refuses every attempt for an email from an address after 3 failures, the right password too', async () => {
      const user = await createUser(ctx.db);
      const ip = freshAddress();
      for (let i = 0; i < 3; i++) expect((await loginFrom(ip, user.email, 'wrong-password')).statusCode).toBe(401);
      expectLimited(await loginFrom(ip, user.email, 'wrong-password'), RATE_LIMIT_TEXTS.login);
      expectLimited(await loginFrom(ip, user.email.toUpperCase(), user.password), RATE_LIMIT_TEXTS.login);
      // The same account from another address, and another account from this one, are not held up.
      expect((await loginFrom(freshAddress(), user.email, user.password)).statusCode).toBe(200);
      const other = await createUser(ctx.db);
      expect((await loginFrom(ip, other.email, other.password)).statusCode).toBe(200);
    });

    it('counts unknown emails like known ones, so the limit reveals no account', async () => {
      const ip = freshAddress();
      const known = await createUser(ctx.db);
      const unknown = uniqueEmail('nobody');
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i < 4; i++) answers.push(await loginFrom(ip, known.email, 'wrong-password'), await loginFrom(ip, unknown, 'wrong-password'));
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      expect(answers[6]!.json()).toEqual(answers[7]!.json());
    });

    it('does not count successful logins', async () => {
      const user = await createUser(ctx.db);
      const ip = freshAddress();
      for (let i = 0; i < 6; i++) expect((await loginFrom(ip, user.email, user.password)).statusCode).toBe(200);
      expect((await loginFrom(ip, user.email, 'wrong-password')).statusCode).toBe(401);
    });

    it('refuses an address after 8 failures whatever the email (trying many accounts)', async () => {
      const ip = freshAddress();
      for (let i = 0; i < 8; i++) expect((await loginFrom(ip, uniqueEmail('spray'), 'Password1')).statusCode).toBe(401);
      const user = await createUser(ctx.db);
      expectLimited(await loginFrom(ip, user.email, user.password), RATE_LIMIT_TEXTS.login);
      expect((await loginFrom(freshAddress(), user.email, user.password)).statusCode).toBe(200);
    });

    it('lets no more than 3 of 12 parallel guesses through to a password check', async () => {
      const user = await createUser(ctx.db);
      const ip = freshAddress();
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => loginFrom(ip, user.email, `guess-${i}`)));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(3);
      expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
      expectLimited(await loginFrom(ip, user.email, user.password), RATE_LIMIT_TEXTS.login);
    });

    it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot dodge the limit by inventing addresses', async () => {
      const user = await createUser(ctx.db);
      const ip = freshAddress();
      for (let i = 0; i < 3; i++) expect((await loginFrom(ip, user.email, 'wrong', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
      expectLimited(await loginFrom(ip, user.email, 'wrong', { 'x-forwarded-for': '203.0.113.99' }), RATE_LIMIT_TEXTS.login);
    });

    it('malformed requests get their 400 and are not counted', async () => {
      const ip = freshAddress();
      const user = await createUser(ctx.db);
      for (let i = 0; i < 5; i++) expect((await loginFrom(ip, user.email, '')).statusCode).toBe(400);
      expect((await loginFrom(ip, user.email, user.password)).statusCode).toBe(200);
    });
  });

  describe('registration', () => {

    it('allows 3 registrations per address, counting refused duplicates, then 429 and no account is created', async () => {
      const ip = freshAddress();
      // Malformed ones are answered 400 and not counted.
      for (let i = 0; i < 4; i++) expect((await registerFrom(ip, { ...account(), Password: 'x' })).statusCode).toBe(400);
      const first = account();
      const ok = await registerFrom(ip, first);
      expect(ok.statusCode).toBe(201);
      expect(ok.headers['x-ratelimit-limit']).toBe('3');
      expect(ok.headers['x-ratelimit-remaining']).toBe('2');
      expect((await registerFrom(ip, first)).statusCode).toBe(409);
      expect((await registerFrom(ip, account())).statusCode).toBe(201);
      const refused = account();
      expectLimited(await registerFrom(ip, refused), RATE_LIMIT_TEXTS.register);
      expect(await ctx.db.selectFrom('users').select('id').where('email', '=', refused.Email).executeTakeFirst()).toBeUndefined();
      expect((await registerFrom(freshAddress(), refused)).statusCode).toBe(201);
    });

    it('allows 2 answers of "already registered" per address (each tells that an email has an account), then 429 for any registration', async () => {
      const ip = freshAddress();
      const existing = await createUser(ctx.db);
      expect((await registerFrom(ip, account(existing.email))).statusCode).toBe(409);
      expect((await registerFrom(ip, account(existing.email.toUpperCase()))).statusCode).toBe(409);
      expectLimited(await registerFrom(ip, account()), RATE_LIMIT_TEXTS.register);
      // Another address is not held up.
      expect((await registerFrom(freshAddress(), account())).statusCode).toBe(201);
    });
  });

  describe('password reset', () => {

    it('allows 2 requests per address and email, for accounts and unknown emails alike, then 429 and no email', async () => {
      const ip = freshAddress();
      const user = await createUser(ctx.db);
      const unknown = uniqueEmail('nobody');
      await ctx.app.background.idle();
      const before = outboxCount();
      for (const email of [user.email, user.email.toUpperCase(), unknown, unknown]) expect((await resetFrom(ip, email)).statusCode).toBe(202);
      // The account's two emails (sent after the answers).
      await ctx.app.background.idle();
      expect(outboxCount()).toBe(before + 2);
      expectLimited(await resetFrom(ip, user.email), RATE_LIMIT_TEXTS.passwordReset);
      expectLimited(await resetFrom(ip, unknown), RATE_LIMIT_TEXTS.passwordReset);
      await ctx.app.background.idle();
      expect(outboxCount()).toBe(before + 2);
      // The owner, from another address, can still ask.
      expect((await resetFrom(freshAddress(), user.email)).statusCode).toBe(202);
      // Its email goes after the answer; let it go here, not into the next test's count.
      await ctx.app.background.idle();
      expect(outboxCount()).toBe(before + 3);
    });

    it('allows 5 requests per address whatever the emails (one address cannot test email after email), then 429 and no email', async () => {
      const ip = freshAddress();
      const user = await createUser(ctx.db);
      await ctx.app.background.idle();
      const before = outboxCount();
      for (const email of [uniqueEmail('probe'), uniqueEmail('probe'), user.email, uniqueEmail('probe'), uniqueEmail('probe')]) {
        expect((await resetFrom(ip, email)).statusCode).toBe(202);
      }
      await ctx.app.background.idle();
      expect(outboxCount()).toBe(before + 1);
      expectLimited(await resetFrom(ip, uniqueEmail('probe')), RATE_LIMIT_TEXTS.passwordResetIp);
      expectLimited(await resetFrom(ip, user.email), RATE_LIMIT_TEXTS.passwordResetIp);
      // Malformed requests are answered 400 and not counted; other addresses are not held up.
      expect((await resetFrom(freshAddress(), 'not-an-email')).statusCode).toBe(400);
      expect((await resetFrom(freshAddress(), user.email)).statusCode).toBe(202);
      await ctx.app.background.idle();
      expect(outboxCount()).toBe(before + 2);
    });
  });

  describe('newsletter', () => {
    it('allows 3 sign-ups per address whatever the emails, then 429; other addresses are not held up', async () => {
      const ip = freshAddress();
      expect((await subscribeFrom(ip, 'not-an-email')).statusCode).toBe(400);
      for (let i = 0; i < 3; i++) expect((await subscribeFrom(ip, uniqueEmail('news'))).statusCode).toBe(202);
      expectLimited(await subscribeFrom(ip, uniqueEmail('news')), RATE_LIMIT_TEXTS.newsletter);
      expect((await subscribeFrom(freshAddress(), uniqueEmail('news'))).statusCode).toBe(202);
    });
  });

  describe('messages', () => {
    it('allows 3 messages per sender, then 429 and nothing is stored; other senders are not held up', async () => {
      const [a, b, c] = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
      const [ta, tc] = [await login(ctx, a), await login(ctx, c)];
      const send = (token: string, ReceiverID: number, MessageContent: string) =>
        ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(token), payload: { ReceiverID, MessageContent } });
      // Refused messages (blank) and unauthenticated calls do not count.
      expect((await send(ta, b!.id, '   ')).statusCode).toBe(400);
      expect((await ctx.inject({ method: 'POST', url: '/api/messages', payload: { ReceiverID: b!.id, MessageContent: 'hi' } })).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) expect((await send(ta, b!.id, `hello ${i}`)).statusCode).toBe(201);
      expectLimited(await send(ta, b!.id, 'one too many'), RATE_LIMIT_TEXTS.messages);
      const stored = await ctx.db.selectFrom('messages').select('content').where('sender_id', '=', a!.id).execute();
      expect(stored.map((m) => m.content)).toEqual(['hello 0', 'hello 1', 'hello 2']);
      expect((await send(tc, b!.id, 'from someone else')).statusCode).toBe(201);
    });
  });
});

describe('rate limits over time and behind a proxy', () => {
  const database = TEST_DATABASES[0]!;

  it('lifts a login limit when its window ends', async () => {
    const ctx = await createConfiguredContext(database, { rateLimits: { login: { max: 2, windowSeconds: 1 } } });
    try {
      const user = await createUser(ctx.db);
      const attempt = (Password: string) => ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password } });
      expect((await attempt('wrong')).statusCode).toBe(401);
      expect((await attempt('wrong')).statusCode).toBe(401);
      const limited = await attempt(user.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('1');
      expect(limited.json()).toEqual({ message: RATE_LIMIT_TEXTS.login('1 second') });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt(user.password)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('with TRUST_PROXY, limits each client behind the load balancer by its forwarded address', async () => {
    const ctx = await createConfiguredContext(database, { trustProxy: true, rateLimits: { login: { max: 1, windowSeconds: 600 } } });
    try {
      const user = await createUser(ctx.db);
      const attempt = (client: string, Password: string) =>
        ctx.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client }, payload: { Email: user.email, Password } });
      expect((await attempt('198.51.100.7', 'wrong')).statusCode).toBe(401);
      expect((await attempt('198.51.100.7', user.password)).statusCode).toBe(429);
      expect((await attempt('198.51.100.8', user.password)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('a limit set to off does not apply', async () => {
    const ctx = await createConfiguredContext(database, { rateLimits: { login: null, loginIp: null } });
    try {
      const user = await createUser(ctx.db);
      for (let i = 0; i < 12; i++) {
        const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: 'wrong' } });
        expect(res.json()).toEqual({ message: API_TEXTS.invalidCredentials });
      }
    } finally {
      await ctx.close();
    }
  });
});
