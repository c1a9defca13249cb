import { API_TEXTS } from '@roomnest/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDLORD_ONLY, requireLandlord, requireUser } from '../src/plugins/auth.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, TEST_TOKEN_SECRET, type TestContext } from './support.ts';

/** Signs a token the way the server does, with any claims and key. */
function sign(claims: { sub?: string; tv?: unknown; exp?: number; iss?: string; aud?: string }, secret: Uint8Array = TEST_TOKEN_SECRET, alg = 'HS256') {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT(claims.tv === undefined ? {} : { tv: claims.tv }).setProtectedHeader({ alg }).setIssuedAt(now - 10);
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  jwt.setIssuer(claims.iss ?? 'roomnest').setAudience(claims.aud ?? 'roomnest-api').setExpirationTime(claims.exp ?? now + 600);
  return jwt.sign(secret);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(TEST_DATABASES)('auth guard on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database, (app) => {
      // Probes of the helpers other features use.
      app.register(async (probe) => {
        probe.get('/api/probe/whoami', { preHandler: probe.identify }, async (request) => ({ user: request.user?.id ?? null }));
        probe.get('/api/probe/landlord', { preHandler: probe.authenticate }, async (request) => ({ user: requireLandlord(request).id }));
        probe.get('/api/probe/unguarded', async (request) => ({ user: requireUser(request).id }));
      });
    });
  });
  afterAll(() => ctx?.close());

  const profile = (headers: Record<string, string> = {}) => ctx.inject({ method: 'GET', url: '/api/users/profile', headers });

  it('answers 401 "authentication required" without a token', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_TEXTS.unauthenticated });
  });

  it.each([
    ['a non-Bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['Bearer without a token', 'Bearer '],
    ['garbage', 'Bearer not-a-token'],
    ['three garbage parts', 'Bearer a.b.c'],
    ['two tokens', 'Bearer a.b.c d.e.f'],
    ['a quote in the token', 'Bearer "abc.def.ghi"'],
  ])('answers 401 for a malformed header: %s', async (_label, authorization) => {
    const res = await profile({ authorization });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_TEXTS.tokenInvalid });
  });

  it('accepts a good token, in any letter case of the scheme', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx, user);
    expect((await profile({ authorization: `bearer ${token}` })).statusCode).toBe(200);
  });

  it('issues HS256 tokens for the user that expire after TOKEN_TTL', async () => {
    const user = await createUser(ctx.db);
    const [header, payload] = (await login(ctx, user)).split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: String(user.id), tv: 0, iss: 'roomnest', aud: 'roomnest-api' });
    expect(payload.exp - payload.iat).toBe(ctx.config.tokenTtlSeconds);
  });

  it('answers 401 for an expired token', async () => {
    const user = await createUser(ctx.db);
    const token = await sign({ sub: String(user.id), tv: 0, exp: Math.floor(Date.now() / 1000) - 5 });
    const res = await profile(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_TEXTS.tokenInvalid });
  });

  it('answers 401 for a token signed with another key', async () => {
    const user = await createUser(ctx.db);
    const token = await sign({ sub: String(user.id), tv: 0 }, new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await profile(bearer(token))).statusCode).toBe(401);
  });

  it('answers 401 for an unsigned token (alg none) and for a tampered payload', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const none = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: String(user.id), tv: 0, iss: 'roomnest', aud: 'roomnest-api', exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    expect((await profile(bearer(none))).statusCode).toBe(401);
    const [header, , signature] = (await login(ctx, user)).split('.');
    const tampered = `${header}.${base64url({ sub: String(other.id), tv: 0, iss: 'roomnest', aud: 'roomnest-api', exp: Math.floor(Date.now() / 1000) + 600 })}.${signature}`;
    expect((await profile(bearer(tampered))).statusCode).toBe(401);
  });

  it.each([
    ['no subject', { tv: 0 }],
    ['a non-numeric subject', { sub: 'abc', tv: 0 }],
    ['a subject beyond int range', { sub: '99999999999999999999', tv: 0 }],
    ['no token version', { sub: '1' }],
    ['a string token version', { sub: '1', tv: '0' }],
    ['another issuer', { sub: '1', tv: 0, iss: 'someone-else' }],
    ['another audience', { sub: '1', tv: 0, aud: 'another-api' }],
  ])('answers 401 for a genuine token with %s', async (_label, claims) => {
    const token = await sign(claims);
    expect((await profile(bearer(token))).statusCode).toBe(401);
  });

  it('answers 401 once the user is deleted', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx, user);
    expect((await profile(bearer(token))).statusCode).toBe(200);
    await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    const res = await profile(bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_TEXTS.tokenInvalid });
  });

  it('answers 401 once the token version moves on (every earlier token revoked)', async () => {
    const user = await createUser(ctx.db);
    const token = await login(ctx, user);
    await ctx.db.updateTable('users').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('id', '=', user.id).execute();
    expect((await profile(bearer(token))).statusCode).toBe(401);
    const fresh = await login(ctx, user);
    expect((await profile(bearer(fresh))).statusCode).toBe(200);
  });

  it('identify lets anonymous callers through and still rejects a bad token', async () => {
    const user = await createUser(ctx.db);
    expect((await ctx.inject({ method: 'GET', url: '/api/probe/whoami' })).json()).toEqual({ user: null });
    const token = await login(ctx, user);
    expect((await ctx.inject({ method: 'GET', url: '/api/probe/whoami', headers: bearer(token) })).json()).toEqual({ user: user.id });
    expect((await ctx.inject({ method: 'GET', url: '/api/probe/whoami', headers: bearer('a.b.c') })).statusCode).toBe(401);
  });

  it('requireLandlord answers 403 to a tenant and lets a landlord through', async () => {
    const tenant = await createUser(ctx.db, { userType: 'Tenant' });
    const landlord = await createUser(ctx.db, { userType: 'Landlord' });
    const denied = await ctx.inject({ method: 'GET', url: '/api/probe/landlord', headers: bearer(await login(ctx, tenant)) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: LANDLORD_ONLY });
    const allowed = await ctx.inject({ method: 'GET', url: '/api/probe/landlord', headers: bearer(await login(ctx, landlord)) });
    expect(allowed.json()).toEqual({ user: landlord.id });
  });

  it('requireUser answers 401 on a route that forgot the guard', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/probe/unguarded' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_TEXTS.unauthenticated });
  });
});
