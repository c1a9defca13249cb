/**
 * What a suspension does on the server, and what restoring undoes: the login (403 with the right password only),
 * every token at once, a password reset that does not let the person back in, and the person's listings and
 * flatmate profile leaving search (cached answers too), the room page, the crawlers' page and sitemap, saved rooms
 * and saved-search alerts. Run with the search cache on, as production does.
 */
import { rmSync } from 'node:fs';
import { API_TEXTS, TRUST_TEXTS, type FlatmateCard, type Listing } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashResetToken } from '../src/features/password-reset/routes.ts';
import { insertResetToken } from '../src/features/password-reset/repository.ts';
import { findPublicAlertListing, recordMatches } from '../src/features/saved-searches/alerts-repository.ts';
import { actor, insertListing, type Actor } from './listings-support.ts';
import { fileReport, moderator } from './moderation-support.ts';
import { bearer, createSavedSearch, createUser, login, makeDataDir, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('suspension on $name', (database) => {
  let ctx: TestContext;
  let mod: Actor;
  beforeAll(async () => {
    const opened = await database.open();
    const config = makeDataDir();
    // A search cache as production keeps one: a suspension must not leave a room in a cached answer.
    const app = await buildApp({ db: opened.db, config: { ...config, searchCacheSeconds: 60 } });
    await app.ready();
    ctx = {
      app,
      db: opened.db,
      config,
      async inject(options) {
        const res = await app.inject(options);
        if (res.statusCode >= 500) throw new Error(`${options.method} ${String(options.url)} answered ${res.statusCode}: ${res.body}`);
        return res;
      },
      async close() {
        await app.close();
        await opened.close();
        rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
    mod = await moderator(ctx);
  });
  afterAll(() => ctx?.close());

  const get = (url: string, who?: Actor) => ctx.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} });
  const searchIds = async (query = '') => (await get(`/api/listings?pageSize=100${query}`)).json<{ listings: Listing[] }>().listings.map((l) => l.ListingID);
  const flatmateIds = async () => (await get('/api/users/flatmate-search')).json<{ profiles: FlatmateCard[] }>().profiles.map((p) => p.UserID);
  const suspend = async (reporter: Actor, userId: number, note = 'Scam listings') => {
    const id = await fileReport(ctx, reporter, { TargetType: 'user', TargetID: userId });
    const res = await ctx.inject({ method: 'POST', url: `/api/moderation/reports/${id}/resolve`, headers: bearer(mod.token), payload: { Action: 'suspend-user', Note: note } });
    expect(res.statusCode, `${res.body}`).toBe(200);
    return res;
  };
  const restore = (userId: number) => ctx.inject({ method: 'POST', url: `/api/moderation/users/${userId}/restore`, headers: bearer(mod.token), payload: { Note: 'Appeal upheld' } });
  const loginAs = (email: string, password: string) => ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: email, Password: password } });

  it('a suspended person cannot log in (403 with the right password, 401 with a wrong one), and their tokens stop at once', async () => {
    const user = await createUser(ctx.db, { userType: 'Landlord' });
    const token = await login(ctx, user);
    const who = { id: user.id, token };
    expect((await get('/api/users/profile', who)).statusCode).toBe(200);
    const reporter = await actor(ctx, 'Tenant');
    const res = await suspend(reporter, user.id, 'Asked tenants for deposits before viewings');
    expect(res.json().message).toBe(TRUST_TEXTS.userSuspended);
    expect(res.json().report.ReportedUser).toMatchObject({ SuspendedAt: expect.any(String), SuspensionReason: 'Asked tenants for deposits before viewings' });

    const stale = await get('/api/users/profile', who);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(API_TEXTS.tokenInvalid);
    const right = await loginAs(user.email, user.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(TRUST_TEXTS.suspendedLogin);
    const wrong = await loginAs(user.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(API_TEXTS.invalidCredentials);
    // A stream ticket cannot be had either.
    expect((await ctx.inject({ method: 'POST', url: '/api/messages/stream-ticket', headers: bearer(token) })).statusCode).toBe(401);

    // A password reset does not let them back in.
    await insertResetToken(ctx.db, user.id, hashResetToken('reset-token-of-a-suspended-person'), new Date(Date.now() + 60_000));
    const reset = await ctx.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { Token: 'reset-token-of-a-suspended-person', Password: 'a-new-password-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await loginAs(user.email, 'a-new-password-1')).statusCode).toBe(403);

    const restored = await restore(user.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe(TRUST_TEXTS.userRestored);
    expect((await loginAs(user.email, 'a-new-password-1')).statusCode).toBe(200);
    // The old token stays ended.
    expect((await get('/api/users/profile', who)).statusCode).toBe(401);
    const twice = await restore(user.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TRUST_TEXTS.userNotSuspended);
    expect((await restore(2_000_000_000)).statusCode).toBe(404);
  });

  it('their listings leave search (a cached answer too), the room page, the crawlers’ page, the sitemap, saved rooms and alerts; restoring brings them back', async () => {
    const landlord = await actor(ctx, 'Landlord', 'Professional', 'Sus Pended');
    const tenant = await actor(ctx, 'Tenant');
    const room = await insertListing(ctx.db, landlord.id, { title: 'Suspicious double', city: 'Suspendton' });
    const other = await insertListing(ctx.db, (await actor(ctx, 'Landlord')).id, { title: 'Honest double', city: 'Suspendton' });
    const search = await createSavedSearch(ctx.db, tenant.id, { criteria: { city: 'Suspendton' } });
    expect((await ctx.inject({ method: 'PUT', url: `/api/saved-listings/${room}`, headers: bearer(tenant.token) })).statusCode).toBe(200);
    // Fills the cache with the room in it.
    expect(await searchIds('&city=Suspendton')).toEqual(expect.arrayContaining([room, other]));
    expect((await ctx.inject({ method: 'GET', url: `/rooms/${room}`, headers: { accept: 'text/html' } })).statusCode).toBe(200);

    await suspend(tenant, landlord.id);

    expect(await searchIds('&city=Suspendton')).toEqual([other]);
    expect(await searchIds()).not.toContain(room);
    expect((await get(`/api/listings/${room}`)).statusCode).toBe(404);
    expect((await get(`/api/listings/${room}`, tenant)).statusCode).toBe(404);
    const html = await ctx.inject({ method: 'GET', url: `/rooms/${room}`, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(404);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).not.toContain(`/rooms/${room}<`);
    expect(sitemap).toContain(`/rooms/${other}<`);
    const saved = (await get('/api/saved-listings', tenant)).json<{ listings: Listing[] }>().listings.map((l) => l.ListingID);
    expect(saved).not.toContain(room);
    expect(await findPublicAlertListing(ctx.db, room)).toBeUndefined();
    expect(await recordMatches(ctx.db, room, new Date())).toEqual([]);

    expect((await restore(landlord.id)).statusCode).toBe(200);
    expect(await searchIds('&city=Suspendton')).toEqual(expect.arrayContaining([room, other]));
    expect((await get(`/api/listings/${room}`)).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).toContain(`/rooms/${room}<`);
    expect((await get('/api/saved-listings', tenant)).json<{ listings: Listing[] }>().listings.map((l) => l.ListingID)).toContain(room);
    expect(await findPublicAlertListing(ctx.db, room)).toMatchObject({ id: room });
    expect((await recordMatches(ctx.db, room, new Date())).map((m) => m.saved_search_id)).toEqual([search]);
  });

  it('a room a moderator removed stays removed when its suspended owner is restored', async () => {
    const landlord = await actor(ctx, 'Landlord', 'Professional');
    const tenant = await actor(ctx, 'Tenant');
    const removed = await insertListing(ctx.db, landlord.id, { title: 'Taken down' });
    const kept = await insertListing(ctx.db, landlord.id, { title: 'Fine one' });
    const report = await fileReport(ctx, tenant, { TargetType: 'listing', TargetID: removed });
    expect((await ctx.inject({ method: 'POST', url: `/api/moderation/reports/${report}/resolve`, headers: bearer(mod.token), payload: { Action: 'remove-listing', Note: '' } })).statusCode).toBe(200);
    await suspend(tenant, landlord.id);
    expect(await searchIds()).not.toContain(kept);
    await restore(landlord.id);
    const ids = await searchIds();
    expect(ids).toContain(kept);
    expect(ids).not.toContain(removed);
  });

  it('their flatmate profile leaves flatmate search and comes back on restore; other open reports about them stay open', async () => {
    const seeker = await actor(ctx, 'Tenant', 'Free', 'Flat Seeker');
    await ctx.db.updateTable('users').set({ is_actively_looking: true }).where('id', '=', seeker.id).execute();
    expect(await flatmateIds()).toContain(seeker.id);
    const [a, b] = [await actor(ctx, 'Tenant'), await actor(ctx, 'Tenant')];
    const otherReport = await fileReport(ctx, b, { TargetType: 'user', TargetID: seeker.id }, 'offensive');
    await suspend(a, seeker.id);
    expect(await flatmateIds()).not.toContain(seeker.id);
    const open = (await get('/api/moderation/reports', mod)).json<{ reports: { ReportID: number }[] }>().reports.map((r) => r.ReportID);
    expect(open).toContain(otherReport);
    // The profile setting itself is kept.
    expect((await ctx.db.selectFrom('users').select('is_actively_looking').where('id', '=', seeker.id).executeTakeFirstOrThrow()).is_actively_looking).toBe(true);
    await restore(seeker.id);
    expect(await flatmateIds()).toContain(seeker.id);
  });
});
