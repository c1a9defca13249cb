import { API_TEXTS, TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, TEST_DATABASES, uniqueEmail, type TestContext } from './support.ts';

const valid = () => ({ Name: 'Ada Lovelace', Email: uniqueEmail('ada'), Password: 'secret1', UserType: 'Tenant' });

describe.each(TEST_DATABASES)('auth on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  const register = (payload: unknown) => ctx.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

  describe('POST /api/auth/register', () => {
    it('creates an account and answers 201 with its id', async () => {
      const body = valid();
      const res = await register({ ...body, Name: '  Ada Lovelace  ' });
      expect(res.statusCode).toBe(201);
      const { message, userId } = res.json();
      expect(message).toBe(API_TEXTS.registered);
      expect(Number.isInteger(userId)).toBe(true);
      const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Ada Lovelace', email: body.Email, user_type: 'Tenant', plan: 'Free', token_version: 0 });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('secret1');
    });

    it('registers landlords too', async () => {
      const res = await register({ ...valid(), UserType: 'Landlord' });
      expect(res.statusCode).toBe(201);
      const row = await ctx.db.selectFrom('users').select('user_type').where('id', '=', res.json().userId).executeTakeFirstOrThrow();
      expect(row.user_type).toBe('Landlord');
    });

    it('answers 409 for an email already registered, whatever its letter case', async () => {
      const body = valid();
      expect((await register(body)).statusCode).toBe(201);
      const res = await register({ ...body, Email: body.Email.toUpperCase() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: API_TEXTS.emailTaken });
    });

    it('lets exactly one of several simultaneous registrations of one address through', async () => {
      const email = uniqueEmail('race');
      const results = await Promise.all(
        ['', 'upper', 'mixed', ''].map((variant) =>
          register({ ...valid(), Email: variant === 'upper' ? email.toUpperCase() : variant === 'mixed' ? email.replace(/^r/, 'R') : email }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      const { count } = await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirstOrThrow();
      expect(count).toBe(1);
    });

    it('answers the product’s texts for a short password and a missing account type', async () => {
      let res = await register({ ...valid(), Password: '123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: TEXTS.passwordTooShort,
        errors: [{ field: 'Password', message: TEXTS.passwordTooShort }],
      });
      res = await register({ ...valid(), UserType: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TEXTS.accountTypeRequired);
      res = await register({ ...valid(), UserType: 'Admin' });
      expect(res.json().errors).toEqual([{ field: 'UserType', message: TEXTS.accountTypeRequired }]);
    });

    it('lists every invalid field, with the first one on top', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(TEXTS.nameRequired);
      expect(body.errors).toEqual([
        { field: 'Name', message: TEXTS.nameRequired },
        { field: 'Email', message: TEXTS.emailRequired },
        { field: 'Password', message: TEXTS.passwordRequired },
        { field: 'UserType', message: TEXTS.accountTypeRequired },
      ]);
    });

    it.each([
      ['a number for Name', { Name: 42 }, 'Name'],
      ['an array for Email', { Email: ['a@b.co'] }, 'Email'],
      ['null for Password', { Password: null }, 'Password'],
      ['an object for UserType', { UserType: { type: 'Tenant' } }, 'UserType'],
      ['a blank Name', { Name: '   ' }, 'Name'],
      ['an invalid email', { Email: 'not-an-email' }, 'Email'],
      ['an oversized Name', { Name: 'x'.repeat(101) }, 'Name'],
      ['an oversized Email', { Email: `${'x'.repeat(250)}@example.com` }, 'Email'],
      ['an oversized Password', { Password: 'x'.repeat(129) }, 'Password'],
      ['a boolean Password', { Password: true }, 'Password'],
    ])('rejects %s with 400', async (_label, change, field) => {
      const res = await register({ ...valid(), ...change });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errors[0].field).toBe(field);
      expect(body.message).toBe(body.errors[0].message);
    });

    it.each([
      ['null', 'null'],
      ['an array', '[]'],
      ['a number', '42'],
      ['a string', '"hello"'],
    ])('rejects a body that is %s with 400', async (_label, payload) => {
      const res = await ctx.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body must be a JSON object.', errors: [{ field: '_', message: 'The request body must be a JSON object.' }] });
    });

    it('ignores unknown fields instead of storing them', async () => {
      const res = await register({ ...valid(), plan: 'Professional', Plan: 'Professional', token_version: 9 });
      expect(res.statusCode).toBe(201);
      const row = await ctx.db.selectFrom('users').select(['plan', 'token_version']).where('id', '=', res.json().userId).executeTakeFirstOrThrow();
      expect(row).toEqual({ plan: 'Free', token_version: 0 });
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers a token and the user for good credentials, in any email letter case', async () => {
      const user = await createUser(ctx.db, { name: 'Oliver Bennett', userType: 'Landlord', plan: 'Premium' });
      const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: `  ${user.email.toUpperCase()} `, Password: user.password } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.message).toBe(API_TEXTS.loggedIn);
      expect(body.user).toEqual({ userId: user.id, name: 'Oliver Bennett', email: user.email, userType: 'Landlord', plan: 'Premium', profilePictureURL: null, roles: [], emailVerified: false });
      expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(Object.keys(body).sort()).toEqual(['message', 'token', 'user']);
      const profile = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${body.token}` } });
      expect(profile.statusCode).toBe(200);
    });

    it('answers the same 401 for a wrong password and for an unknown email', async () => {
      const user = await createUser(ctx.db);
      const wrong = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: 'not-the-password' } });
      const unknown = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: uniqueEmail('nobody'), Password: 'whatever1' } });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: API_TEXTS.invalidCredentials });
      expect(unknown.body).toBe(wrong.body);
    });

    it('spends argon2 time on an unknown email too', async () => {
      const started = performance.now();
      await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: uniqueEmail('ghost'), Password: 'whatever1' } });
      const unknownMs = performance.now() - started;
      // A real argon2id verification with the defaults takes several milliseconds; a bare lookup far less.
      expect(unknownMs).toBeGreaterThan(5);
    });

    it.each([
      ['no fields', {}, TEXTS.emailRequired],
      ['a blank email', { Email: '  ', Password: 'x' }, TEXTS.emailRequired],
      ['no password', { Email: 'a@b.co' }, TEXTS.passwordRequired],
      ['an empty password', { Email: 'a@b.co', Password: '' }, TEXTS.passwordRequired],
      ['a numeric password', { Email: 'a@b.co', Password: 123456 }, TEXTS.passwordRequired],
      ['an array email', { Email: ['a@b.co'], Password: 'x' }, TEXTS.emailRequired],
      ['null fields', { Email: null, Password: null }, TEXTS.emailRequired],
    ])('rejects %s with 400', async (_label, payload, message) => {
      const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('rejects an oversized password with 400, not by hashing it', async () => {
      const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: 'a@b.co', Password: 'x'.repeat(100_000) } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('Password');
    });
  });
});
