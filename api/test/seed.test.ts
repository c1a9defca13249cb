import { API_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed/index.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('demo seed on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  it('seeds the demo accounts once, then leaves the data alone', async () => {
    expect(await seedDemoData(ctx.db)).toBe(true);
    expect(await seedDemoData(ctx.db)).toBe(false);
    const users = await ctx.db.selectFrom('users').select(['email', 'name', 'user_type', 'plan']).orderBy('id').execute();
    expect(users).toEqual(
      Object.values(DEMO_ACCOUNTS).map((a) => ({ email: a.email, name: a.name, user_type: a.userType, plan: a.plan })),
    );
  });

  it.each(Object.entries(DEMO_ACCOUNTS))('lets the %s log in with the documented password', async (_key, account) => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: account.email, Password: account.password } });
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json();
    expect(user).toMatchObject({ name: account.name, userType: account.userType, plan: account.plan });
    const profile = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(profile.statusCode).toBe(200);
  });

  it('gives the demo tenant a listed flatmate profile', async () => {
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: DEMO_ACCOUNTS.tenant.email, Password: DEMO_ACCOUNTS.tenant.password } });
    const profile = (await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(login.json().token) })).json();
    expect(profile).toMatchObject({ IsActivelyLooking: true, BudgetMin: 700, BudgetMax: 1000 });
    expect(profile.FlatmateMoveInDate).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('keeps the demo emails registered', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { Name: 'Copycat', Email: DEMO_ACCOUNTS.landlord.email.toUpperCase(), Password: 'secret1', UserType: 'Tenant' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: API_TEXTS.emailTaken });
  });
});
