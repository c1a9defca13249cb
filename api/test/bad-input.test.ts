/**
 * What the fuzzing found, pinned with plain examples: each case is one request
 * that once answered 500 or a wrong status, with the answer it must get now and
 * proof that the database did not change.
 */
import { API_TEXTS } from '@roomnest/shared';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsPlugin, { frameworkErrors, UNSTORABLE_TEXT, URL_TEXTS } from '../src/plugins/errors.ts';
import { formBody, insertListing, validForm } from './listings-support.ts';
import { errorFormatProblem, fingerprint, PASSWORD, person, type Person } from './integrity-support.ts';
import { createTestContext, REMOTES, TEST_DATABASES, type TestContext } from './support.ts';

const json = (method: InjectOptions['method'], url: string, payload: object, token?: string): InjectOptions => ({
  method,
  url,
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
});
const form = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string | readonly string[]>, token: string): Promise<InjectOptions> => {
  const { payload, contentType } = await formBody(fields);
  return { method, url, payload, headers: { 'content-type': contentType, authorization: `Bearer ${token}` } };
};

/** The answer to text that cannot be stored in `field`, and the database as it was. */
const refused = (field: string) => ({
  status: 400,
  body: { message: UNSTORABLE_TEXT(field), errors: [{ field, message: UNSTORABLE_TEXT(field) }] },
  formatProblem: null,
  unchanged: true,
});

/** URLs the router answers itself, before any hook or error handler. */
const UNROUTABLE: [string, string, number, string][] = [
  ['a broken %-encoding', '/api/listings/%zz', 400, URL_TEXTS.badUrl],
  ['a cut multi-byte %-encoding', '/api/messages/partner/%E0%A4%A', 400, URL_TEXTS.badUrl],
  ['a path parameter over 100 characters', `/api/listings/${'1'.repeat(101)}`, 414, URL_TEXTS.tooLong],
];

describe('URLs the router cannot take', () => {
  // These answered Fastify's own `{ error, code, message, statusCode }`, echoing the path.
  it.each(UNROUTABLE)('frameworkErrors answers %s in the API format', async (_label, url, status, message) => {
    const app = Fastify({ frameworkErrors, logger: false });
    await app.register(errorsPlugin);
    app.get('/api/listings/:id', async () => ({}));
    app.get('/api/messages/partner/:id', async () => ({}));
    const res = await app.inject({ method: 'GET', url });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
    await app.close();
  });
});

describe.each(TEST_DATABASES)('bad input on $name', (database) => {
  let ctx: TestContext;
  let landlord: Person;
  let tenant: Person;
  let listingId: number;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    landlord = await person(ctx.db, { userType: 'Landlord', plan: 'Professional' });
    tenant = await person(ctx.db);
    listingId = await insertListing(ctx.db, landlord.id);
  });
  afterAll(() => ctx?.close());

  /** Sends `request`: its status, body and error format, and whether the database stayed as it was. */
  async function send(request: InjectOptions) {
    const before = await fingerprint(ctx);
    const res = await ctx.app.inject(request);
    return { status: res.statusCode, body: res.json(), formatProblem: errorFormatProblem(res), unchanged: JSON.stringify(await fingerprint(ctx)) === JSON.stringify(before) };
  }

  // PostgreSQL cannot store a NUL character in text: these answered 500. An unpaired surrogate was stored as U+FFFD.
  describe.each([
    ['a NUL character', 'a\u0000b'],
    ['an unpaired high surrogate', 'a\ud800b'],
    ['an unpaired low surrogate', '\udc00'],
  ])('text with %s in a JSON body is refused with 400, not stored', (_label, bad) => {
    it('in every field that reaches the database', async () => {
      expect(await send(json('POST', '/api/auth/register', { Name: `Ann ${bad}`, Email: 'ann-nul@example.co.uk', Password: PASSWORD, UserType: 'Tenant' }))).toEqual(refused('Name'));
      expect(await send(json('POST', '/api/auth/login', { Email: `${bad}@example.co.uk`, Password: PASSWORD }))).toEqual(refused('Email'));
      expect(await send(json('POST', '/api/messages', { ReceiverID: tenant.id, MessageContent: `Hello ${bad}` }, landlord.token))).toEqual(refused('MessageContent'));
      expect(await send(json('POST', '/api/auth/password-reset/confirm', { Token: `tok${bad}en`, Password: PASSWORD }))).toEqual(refused('Token'));
    });
  });

  it('text with a NUL character in a multipart form is refused with 400 (a form carries bytes: no unpaired surrogate)', async () => {
    expect(await send(await form('POST', '/api/listings', validForm({ Title: 'Room \u0000' }), landlord.token))).toEqual(refused('Title'));
    expect(await send(await form('PUT', `/api/listings/${listingId}`, validForm({ Status: 'Available', Description: 'a\u0000b' }), landlord.token))).toEqual(refused('Description'));
    expect(await send(await form('PUT', '/api/users/profile', { Name: 'Tenant', Bio: 'Quiet \u0000' }, tenant.token))).toEqual(refused('Bio'));
  });

  it('text with a NUL character in a query string is refused with 400 (a URL cannot carry an unpaired surrogate)', async () => {
    expect(await send({ method: 'GET', url: '/api/listings?city=Lon%00don' })).toEqual(refused('city'));
    expect(await send({ method: 'GET', url: '/api/listings?address=Mare%00Street' })).toEqual(refused('address'));
    expect(await send({ method: 'GET', url: '/api/users/flatmate-search?preferred_locations=Hack%00ney' })).toEqual(refused('preferred_locations'));
  });

  it('still accepts emoji, right-to-left text and combining marks', async () => {
    const res = await ctx.app.inject(json('POST', '/api/messages', { ReceiverID: tenant.id, MessageContent: 'مرحبا 👩‍👩‍👧 é café' }, landlord.token));
    expect(res.statusCode).toBe(201);
    expect(res.json().newMessageDetails.MessageContent).toBe('مرحبا 👩‍👩‍👧 é café');
  });

  it('logs a browser report whatever its text (nothing is stored)', async () => {
    const res = await ctx.app.inject(
      json('POST', '/api/client-errors/remote-failures', {
        remote: 'mf_search',
        module: 'RoomSearchPage',
        version: REMOTES.mf_search.version,
        kind: 'render',
        message: `Cut in the middle of an emoji \ud83d and a NUL \u0000`,
        path: '/find-a-room',
        shellVersion: '1.0.0',
      }),
    );
    expect(res.statusCode).toBe(204);
  });

  // The text check walked bodies recursively: on routes without a body schema, this overflowed the stack (500).
  it.each([
    ['objects', `${'{"a":'.repeat(20_000)}"\\u0000"${'}'.repeat(20_000)}`],
    ['arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`],
  ])('a JSON body of %s nested tens of thousands deep is answered, not a 500', async (_label, payload) => {
    for (const [method, url] of [['DELETE', '/api/listings/2000000000'], ['POST', '/api/listings/2000000000/renew']] as const) {
      const res = await ctx.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', authorization: `Bearer ${landlord.token}` } });
      expect([res.statusCode, errorFormatProblem(res)]).toEqual([payload.startsWith('{') ? 400 : 404, null]);
    }
  });

  // URLs the router refuses before any route runs (app.ts passes `frameworkErrors` to Fastify()).
  it.each(UNROUTABLE)('answers %s in the API format', async (_label, url, status, message) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
  });

  // Authentication comes first: these answered 400, 413 or 415 to callers without a valid token.
  it.each([
    ['an invalid body', json('PATCH', '/api/listings/1/status', { Status: 'Gone' })],
    ['malformed JSON', { method: 'POST', url: '/api/messages', payload: '{"ReceiverID":', headers: { 'content-type': 'application/json' } }],
    ['another content type', { method: 'POST', url: '/api/messages', payload: 'hello', headers: { 'content-type': 'application/xml' } }],
    ['an oversized body', { method: 'POST', url: '/api/messages', payload: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } }],
    ['an invalid path parameter', { method: 'GET', url: '/api/messages/conversation/abc' }],
  ] as [string, InjectOptions][])('answers 401 before looking at %s', async (_label, request) => {
    const anonymous = await ctx.app.inject(request);
    expect({ status: anonymous.statusCode, body: anonymous.json() }).toEqual({ status: 401, body: { message: API_TEXTS.unauthenticated } });
    const forged = await ctx.app.inject({ ...request, headers: { ...request.headers, authorization: 'Bearer a.b.c' } });
    expect({ status: forged.statusCode, body: forged.json() }).toEqual({ status: 401, body: { message: API_TEXTS.tokenInvalid } });
  });
});
