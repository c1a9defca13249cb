/**
 * Accounts: login answers do not tell which emails have an account
 * (same status, body and headers, similar time); a password reset and an
 * account deletion revoke every session: bearer tokens, stream tickets and a
 * live stream that is already open.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashResetToken } from '../src/features/password-reset/routes.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, uniqueEmail, type CreatedUser, type TestContext } from './support.ts';

/** Response headers but the date. */
const withoutTimes = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** An open live stream: what it received, and whether the server ended it. */
function openStream(base: string, ticket: string): Promise<{ status: number; text: () => string; ended: Promise<void>; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(`/api/messages/stream?ticket=${encodeURIComponent(ticket)}`, base), (res) => {
      let all = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (all += chunk));
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
      });
      resolve({ status: res.statusCode ?? 0, text: () => all, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(TEST_DATABASES)('account security on $name', (database) => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  const get = (token: string, url: string) => ctx.inject({ method: 'GET', url, headers: bearer(token) });

  /** Sets a new password through POST /api/auth/password-reset/confirm with a reset token stored for the user. */
  async function resetPassword(user: CreatedUser, password: string) {
    const token = randomBytes(32).toString('base64url');
    await ctx.db
      .insertInto('password_reset_tokens')
      .values({ user_id: user.id, token_hash: hashResetToken(token), expires_at: new Date(Date.now() + 600_000) })
      .execute();
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { Token: token, Password: password } });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: expect.anything() });
  }

  /** Every kind of session a user may hold: bearer tokens on each kind of protected call, a stream ticket. */
  async function expectRevoked(token: string, ticket: string) {
    const urls = ['/api/users/profile', '/api/messages/my-conversations', '/api/messages/unread-count', '/api/listings/my-listings'];
    const answers = await Promise.all(
      urls.map(async (url) => {
        const res = await get(token, url);
        return { url, status: res.statusCode, ...res.json() };
      }),
    );
    expect(answers).toEqual(urls.map((url) => ({ url, status: 401, message: API_TEXTS.tokenInvalid })));
    expect((await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: bearer(token) })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(token), payload: { ReceiverID: 1, MessageContent: 'hi' } })).statusCode).toBe(401);
    const stream = await openStream(base, ticket);
    expect(stream.status).toBe(401);
    stream.close();
  }

  describe('login does not reveal which emails have an account', () => {
    it('answers a wrong password and an unknown email with the same status, body and headers', async () => {
      const user = await createUser(ctx.db);
      const wrong = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: 'not-the-password' } });
      const unknown = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: uniqueEmail('nobody'), Password: 'not-the-password' } });
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(unknown.body).toBe(wrong.body);
      expect(withoutTimes(unknown.headers)).toEqual(withoutTimes(wrong.headers));
    });

    it('takes about as long for an unknown email as for a wrong password (the password is hashed either way)', async () => {
      const user = await createUser(ctx.db);
      const time = async (Email: string) => {
        const started = performance.now();
        await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email, Password: 'not-the-password' } });
        return performance.now() - started;
      };
      // Warm both paths, then interleave so that machine load falls on both alike. (Under 10 failures: no rate limit.)
      await time(user.email);
      await time(uniqueEmail('ghost'));
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        known.push(await time(user.email));
        unknown.push(await time(uniqueEmail('ghost')));
      }
      const ratio = median(unknown) / median(known);
      // Logged, so a failure shows the two times.
      console.info(`[login timing] unknown email ${median(unknown).toFixed(1)} ms, wrong password ${median(known).toFixed(1)} ms`);
      expect(ratio).toBeGreaterThan(0.5);
      expect(ratio).toBeLessThan(2);
    });
  });

  describe('sessions are revoked', () => {
    it('by a password reset: every earlier token and ticket, and an open live stream, which receives nothing more', async () => {
      const user = await createUser(ctx.db, { password: 'old-password' });
      const other = await createUser(ctx.db);
      const [token, otherToken] = [await login(ctx, user), await login(ctx, other)];
      const ticket = (await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: bearer(token) })).json<{ ticket: string }>().ticket;
      const stream = await openStream(base, ticket);
      expect(stream.status).toBe(200);

      await resetPassword(user, 'new-password-1');
      await expectRevoked(token, ticket);

      // A message to the user now is not delivered to the old session's stream, which the server ends.
      const sent = await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(otherToken), payload: { ReceiverID: user.id, MessageContent: 'secret after reset' } });
      expect(sent.statusCode).toBe(201);
      await stream.ended;
      expect(stream.text()).not.toContain('secret after reset');

      // The new password gives a working session, and the old one no longer logs in.
      const fresh = await login(ctx, { email: user.email, password: 'new-password-1' });
      expect((await get(fresh, '/api/users/profile')).statusCode).toBe(200);
      expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: 'old-password' } })).statusCode).toBe(401);
    });

    it('by deleting the account: its tokens and tickets stop working, and a new account on the same email does not inherit them', async () => {
      const user = await createUser(ctx.db, { userType: 'Landlord' });
      const token = await login(ctx, user);
      const ticket = (await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: bearer(token) })).json<{ ticket: string }>().ticket;
      expect((await ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(200);
      await expectRevoked(token, ticket);
      expect((await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } })).statusCode).toBe(401);

      const again = await ctx.inject({ method: 'POST', url: '/api/auth/register', payload: { Name: 'Someone New', Email: user.email, Password: 'another-pass', UserType: 'Tenant' } });
      expect(again.statusCode).toBe(201);
      expect((await get(token, '/api/users/profile')).statusCode).toBe(401);
    });
  });
});
