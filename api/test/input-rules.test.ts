/**
 * The rules of text the API takes from people, as a caller meets them: one-line fields (names, emails, titles,
 * addresses, searches) refuse line breaks, tabs and invisible formatting characters, names refuse web addresses,
 * fields that span lines keep their line breaks, and new passwords may be neither only spaces nor common ones
 * (the demo accounts' passwords still work). Each refusal is a 400 naming the field, and nothing is stored.
 */
import { TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, formBody, sendForm, validForm, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, uniqueEmail, type TestContext } from './support.ts';

const ONE_LINE = (label: string) => `${label} cannot contain line breaks, tabs or invisible formatting characters.`;
const refused = (field: string, message: string) => ({ status: 400, body: { message, errors: [{ field, message }] } });
const answer = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });

describe.each(TEST_DATABASES)('input rules on $name', (database) => {
  let ctx: TestContext;
  let landlord: Actor;
  let tenant: Actor;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    landlord = await actor(ctx, 'Landlord', 'Professional');
    tenant = await actor(ctx, 'Tenant');
  });
  afterAll(() => ctx?.close());

  const register = (changes: object) =>
    ctx.inject({ method: 'POST', url: '/api/auth/register', payload: { Name: 'Sam Jones', Email: uniqueEmail('rules'), Password: 'Sup3r-secret', UserType: 'Tenant', ...changes } });
  const save = async (fields: Record<string, string>) => {
    const { payload, contentType } = await formBody(fields);
    return ctx.inject({ method: 'PUT', url: '/api/users/profile', payload, headers: { 'content-type': contentType, ...bearer(tenant.token) } });
  };
  const users = async () => Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('registration refuses a name that would add lines or a link to an email, and stores nothing', async () => {
    const before = await users();
    expect(answer(await register({ Name: 'Sam\n\nYour account is locked. Verify now' }))).toEqual(refused('Name', ONE_LINE('Name')));
    expect(answer(await register({ Name: 'Sam\u202eevil' }))).toEqual(refused('Name', ONE_LINE('Name')));
    expect(answer(await register({ Name: 'Sam https://evil.test/verify' }))).toEqual(refused('Name', 'Name cannot contain a web address.'));
    expect(answer(await register({ Name: 'Sam', Email: 'sam\t@example.co.uk' })).body).toMatchObject({ errors: [{ field: 'Email' }] });
    expect(await users()).toBe(before);
    const ok = await register({ Name: '  Siobhán O’Brien 👩‍👩‍👧 ' });
    expect(ok.statusCode).toBe(201);
  });

  it.each([
    ['only spaces', '      ', TEXTS.passwordBlank],
    ['a common password', 'Password1', TEXTS.passwordTooCommon],
    ['a common password in capitals', 'QWERTY123', TEXTS.passwordTooCommon],
    ['too short (the product’s text)', '12345', TEXTS.passwordTooShort],
  ])('registration refuses a password of %s with its message', async (_label, Password, message) => {
    expect(answer(await register({ Password }))).toEqual(refused('Password', message));
  });

  it.each(['Tenant123!', 'Landlord123!', 'Sup3r-secret'])('registration takes %s (the demo accounts’ passwords)', async (Password) => {
    expect((await register({ Password })).statusCode).toBe(201);
  });

  it('login refuses an email with a line break inside', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: 'sam\n@example.co.uk', Password: 'whatever' } });
    expect(answer(res)).toEqual(refused('Email', ONE_LINE('Email')));
  });

  it('a listing refuses line breaks in its one-line fields and keeps them in its description', async () => {
    for (const [field, value] of [
      ['Title', 'Bright room\nCall 07700 900000'],
      ['Address', '1 Mare St\r\nHackney'],
      ['City', 'Lon\tdon'],
      ['State', 'Greater\u2028London'],
      ['ZipCode', 'E8\u200b1AA'],
      ['LeaseTerms', '12 months\nno pets'],
    ]) {
      expect(answer(await sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm({ [field!]: value! })))).toEqual(refused(field!, ONE_LINE(field === 'LeaseTerms' ? 'Lease Terms' : field!)));
    }
    const res = await sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm({ Description: 'Bright room.\n\nBills included.' }));
    expect(res.statusCode).toBe(201);
    // A browser's multipart form sends line breaks as CR LF.
    const stored = await ctx.db.selectFrom('listings').select('description').where('landlord_id', '=', landlord.id).executeTakeFirstOrThrow();
    expect(stored.description).toMatch(/^Bright room\.\r?\n\r?\nBills included\.$/);
  });

  it('a profile refuses line breaks in its name and locations, and keeps them in its bio', async () => {
    expect(answer(await save({ Name: 'Sam\r\nBcc: everyone' }))).toEqual(refused('Name', ONE_LINE('Name')));
    expect(answer(await save({ Name: 'www.evil.test' }))).toEqual(refused('Name', 'Name cannot contain a web address.'));
    expect(answer(await save({ Name: 'Sam', PreferredLocations: 'Hackney\nBow' }))).toEqual(refused('PreferredLocations', ONE_LINE('Preferred locations')));
    const ok = await save({ Name: 'Sam', Bio: 'Quiet.\nTidy.', LookingForDescription: 'A room\r\nnear a park' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.Bio).toMatch(/^Quiet\.\r?\nTidy\.$/);
  });

  it('the OpenAPI page documents the rules: one-line patterns, the password rules, the limits and the newsletter calls', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = (path: string) => paths[path].post.requestBody.content['application/json'].schema;
    const { Name, Password } = body('/api/auth/register').properties;
    expect(new RegExp(Name.pattern).test('Sam Jones')).toBe(true);
    expect(new RegExp(Name.pattern).test('Sam\nJones')).toBe(false);
    expect(Name.description).toContain('without a web address');
    expect(Password).toMatchObject({ minLength: 6 });
    expect(Password.description).toContain('most common passwords');
    expect(Object.keys(paths['/api/auth/password-reset'].post.responses)).toContain('429');
    expect(paths['/api/auth/password-reset'].post.description).toContain('RATE_LIMIT_PASSWORD_RESET_IP');
    expect(Object.keys(paths['/api/newsletter/subscriptions'].post.responses).sort()).toEqual(['202', '400', '415', '429', '503']);
    expect(paths['/api/newsletter/confirmations'].post.responses).toHaveProperty('400');
    expect(paths['/api/newsletter/unsubscriptions'].post.responses).toHaveProperty('400');
  });

  it('searches refuse line breaks in their text parameters', async () => {
    expect(answer(await ctx.inject({ method: 'GET', url: '/api/listings?city=Lon%0Adon' }))).toEqual(refused('city', ONE_LINE('city')));
    expect(answer(await ctx.inject({ method: 'GET', url: '/api/listings?address=Mare%09St' }))).toEqual(refused('address', ONE_LINE('address')));
    expect(answer(await ctx.inject({ method: 'GET', url: '/api/users/flatmate-search?preferred_locations=Hackney%E2%80%A8Bow' }))).toEqual(
      refused('preferred_locations', ONE_LINE('preferred_locations')),
    );
  });
});
