/**
 * Switching an account between Tenant and Landlord: PUT /api/users/profile with JSON `{ UserType }`. The
 * answer carries the saved profile; the next call acts as the new type; a landlord with unexpired listings of
 * any status cannot become a tenant (409 saying what to do); a tenant cannot renew an old listing back to life.
 */
import { ACCOUNT_TYPE_TEXTS, type Profile } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing, sendForm, validForm } from './listings-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('switching the account type on $name', (database) => {
  let ctx: TestContext;
  const person = async (userType: 'Tenant' | 'Landlord') => {
    const user = await createUser(ctx.db, { userType, name: `${userType} Switcher` });
    return { id: user.id, token: await login(ctx, user) };
  };
  const switchTo = (token: string, body: unknown) => ctx.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload: body as object });

  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  it('turns a tenant into a landlord, who can post straight away with the same token', async () => {
    const me = await person('Tenant');
    expect((await sendForm(ctx, 'POST', '/api/listings', me.token, validForm())).statusCode).toBe(403);
    const res = await switchTo(me.token, { UserType: 'Landlord' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string; user: Profile }>()).toMatchObject({ message: ACCOUNT_TYPE_TEXTS.switched('Landlord'), user: { UserID: me.id, UserType: 'Landlord', Plan: 'Free' } });
    expect((await sendForm(ctx, 'POST', '/api/listings', me.token, validForm())).statusCode).toBe(201);
    // Asking again changes nothing.
    const again = await switchTo(me.token, { UserType: 'Landlord' });
    expect(again.json()).toMatchObject({ message: ACCOUNT_TYPE_TEXTS.unchanged('Landlord'), user: { UserType: 'Landlord' } });
  });

  it('refuses a landlord with unexpired listings of any status (409 with what to do) until they are deleted', async () => {
    const me = await person('Landlord');
    const pending = await insertListing(ctx.db, me.id, { status: 'Unavailable', postedDaysAgo: 10 });
    const newer = await insertListing(ctx.db, me.id, { status: 'Available', postedDaysAgo: 2 });
    await insertListing(ctx.db, me.id, { postedDaysAgo: 40 }); // expired: does not stand in the way

    const refused = await switchTo(me.token, { UserType: 'Tenant' });
    expect(refused.statusCode).toBe(409);
    const { message } = refused.json<{ message: string }>();
    expect(message).toMatch(/^You have 2 live listings, and a tenant account cannot keep listings\. To switch, delete them in Manage My Ads, or wait until they have all expired on \d{1,2} \w+ \d{4}\./);
    expect(message).toContain('Marking a listing Unavailable is not enough');
    expect((await ctx.db.selectFrom('users').select('user_type').where('id', '=', me.id).executeTakeFirstOrThrow()).user_type).toBe('Landlord');

    for (const id of [pending, newer]) expect((await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: bearer(me.token) })).statusCode).toBe(200);
    const res = await switchTo(me.token, { UserType: 'Tenant' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: ACCOUNT_TYPE_TEXTS.switched('Tenant'), user: { UserType: 'Tenant' } });
    // A tenant now: no landlord calls, and the expired listing cannot be renewed back into search.
    expect((await ctx.inject({ method: 'GET', url: '/api/listings/my-listings', headers: bearer(me.token) })).statusCode).toBe(403);
    const expired = await ctx.db.selectFrom('listings').select('id').where('landlord_id', '=', me.id).executeTakeFirstOrThrow();
    const renew = await ctx.inject({ method: 'POST', url: `/api/listings/${expired.id}/renew`, headers: bearer(me.token) });
    expect(renew.statusCode).toBe(403);
    expect(renew.json().message).toBe('Access denied. Only landlords can manage ads.');
  });

  it('says "it" for one live listing', async () => {
    const me = await person('Landlord');
    await insertListing(ctx.db, me.id, { status: 'Pending' });
    const refused = await switchTo(me.token, { UserType: 'Tenant' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^You have 1 live listing, and a tenant account cannot keep listings\. To switch, delete it in Manage My Ads, or wait until it expires on /);
  });

  it('answers 400 for an unknown type, and 401 without a token', async () => {
    const me = await person('Tenant');
    for (const UserType of ['Admin', '', null, 1]) {
      const res = await switchTo(me.token, { UserType });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: [{ field: 'UserType', message: 'Please select an account type (Tenant or Landlord).' }] });
    }
    expect((await ctx.inject({ method: 'PUT', url: '/api/users/profile', payload: { UserType: 'Landlord' } })).statusCode).toBe(401);
    expect((await ctx.db.selectFrom('users').select('user_type').where('id', '=', me.id).executeTakeFirstOrThrow()).user_type).toBe('Tenant');
  });
});
