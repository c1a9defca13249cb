/**
 * Property-based fuzzing of every route, with fast-check.
 *
 * Every route of Fastify's route table has a target below (the suite fails when one has none), and each
 * property sends generated requests at the targets:
 *   - JSON bodies: wrong types, missing and extra fields, huge and empty strings, unicode (NUL, lone
 *     surrogates, RTL overrides, emoji), SQL, HTML and path-traversal strings, prototype keys;
 *   - raw bodies: truncated and malformed JSON, deep nesting, wrong content types, oversized bodies;
 *   - multipart forms: the same field values, file parts where text is expected, huge and `../` filenames,
 *     non-image bytes, truncated bodies, missing and wrong boundaries;
 *   - query strings and path segments: the same values, bad percent-encodings, traversal, numbers out of range;
 *   - Authorization headers and HTTP methods.
 * Properties: never a 5xx; every error answer is the API's one format (`{ message[, errors] }` JSON); a refused
 * write changes nothing (every table's rows and the uploads folder compared before and after); static files never
 * come from outside their folder; and the server still answers /api/health after each property.
 *
 * Reproducible: the seed is fixed (FUZZ_SEED=<n> replays another, FUZZ_SEED=random draws one, printed in the
 * suite's name); fast-check prints the seed, the path and the shrunk counterexample of a failure.
 * FUZZ_RUNS=<factor> multiplies every property's number of runs (default 1, about 40 s on a quiet machine on PGlite).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import * as fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@roomnest/shared';
import { JSON_BODY_LIMIT } from '../src/app.ts';
import { grantRole } from '../src/features/moderation/roles-repository.ts';
import { insertListing, validForm } from './listings-support.ts';
import { errorFormatProblem, fingerprint, PASSWORD, person, routeTable, type Person } from './integrity-support.ts';
import { verificationToken } from '../src/features/email-verification/tokens.ts';
import { createSavedSearch, createTestContext, REMOTES, SHELL_VERSION, TEST_DATABASES, TEST_TOKEN_SECRET, type TestContext } from './support.ts';

const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED ?? 20260409);
const FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * FACTOR));
const TIMEOUT = 300_000 * Math.max(1, FACTOR);

// ───────────────────────────── values ─────────────────────────────

const SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Hand-picked trouble: control characters, broken and exotic unicode, injections, traversal, numbers in disguise. */
const NASTY = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\u202egnp.exe',
  '\u200f\u200eRTL مرحبا بالعالم',
  'שלום עולם',
  '👩‍👩‍👧‍👦🏠🔑',
  '\ufeffBOM',
  '\u200b',
  'Ａｄｍｉｎ',
  'ǅ İ ß ﬃ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(10)',
  "%' --",
  '\\',
  '%',
  '_',
  '%_%',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd\u0000.png',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e309',
  '0x10',
  '١٢٣',
  '2147483648',
  '9'.repeat(400),
  '2030-02-30',
  '0000-00-00',
  '\r\n\r\nHTTP/1.1 200 OK',
  'a'.repeat(5_001),
  'x'.repeat(70_000),
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.oneof(fc.string({ unit: 'grapheme', maxLength: 1 }), SURROGATE, fc.constantFrom('\u0000', '<', "'", '%', '/')), maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 100, maxLength: 3_000 }) },
);

const nastyKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty', '', ' ', 'Email ', 'email', 'a.b', '$where'), nastyString);

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -0, Number.MAX_SAFE_INTEGER),
);

/** Anything JSON can carry, a little nested. */
const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(nastyKey, scalar, { maxKeys: 3 }),
  fc.array(fc.array(scalar, { maxLength: 2 }), { maxLength: 2 }),
);

/** Characters that break naive code, put into an otherwise valid value so that it reaches the database. */
const POISON = ['\u0000', '\ud800', '\udc00', '\u202e', '\ufeff', '\u0007', '<', '>', "'", '"', '%', '_', '\\', '/', '..', '\r\n', '😀'];

/** A valid text value with one poison character (or a run of them) put somewhere in it. */
const poisoned = (value: string): fc.Arbitrary<string> =>
  fc.tuple(fc.nat(), fc.constantFrom(...POISON), fc.integer({ min: 1, max: 3 })).map(([at, poison, times]) => {
    const i = at % (value.length + 1);
    return `${value.slice(0, i)}${poison.repeat(times)}${value.slice(i)}`;
  });

/** A valid value, or a poisoned copy of it (text only), or anything at all. */
const fieldValue = (v: unknown): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(v) },
    { weight: typeof v === 'string' ? 3 : 0, arbitrary: poisoned(String(v)) },
    { weight: 3, arbitrary: anything },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** A valid JSON body with some fields replaced by anything, some left out, and perhaps extra ones; sometimes not an object at all. */
function jsonBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, fieldValue(v)]));
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fc.record(fields), fc.dictionary(nastyKey, anything, { maxKeys: 2 })).map(([base, extra]) => ({ ...extra, ...base })) },
    { weight: 1, arbitrary: anything },
  );
}

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, as a browser would send them). */
const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Raw URL pieces a client may send that no encoder would produce. */
const RAW_URL_PIECES = ['%', '%%', '%zz', '%0', '%00', '%FF', '%C0%AF', '%ED%A0%80', '%E0%A4%A', '..', '.', '..%2f', '%2e%2e', '%2e%2e%2f..%2f', '..%252f', '%252e', '+', '%20', '1%20', '1.0', '1e3', '0x1F', '-0', '00001', '%EF%BC%91'];

const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString.map(encode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 2 ** 33 }).map(String) },
  // (An unencoded `1/../../users/profile` is resolved by the client before sending, as a browser does: with the fixture's
  // token it would be a genuine DELETE of the account. Encoded, it reaches the server as one segment.)
  { weight: 1, arbitrary: fc.constantFrom('1%2F..%2F..%2Fusers%2Fprofile', '1/..%2f..%2fusers', '1;drop', '1?x=1', '1#frag', 'a'.repeat(3_000)) },
);

function queryString(keys: readonly string[]): fc.Arbitrary<string> {
  const key = keys.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: nastyKey }) : nastyKey;
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.tuple(key, nastyString), { maxLength: 6 }).map((pairs) => `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`) },
    { weight: 2, arbitrary: fc.array(fc.tuple(key, fc.constantFrom(...RAW_URL_PIECES)), { maxLength: 4 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('?', '?&&&', '?=', '?=1', '?a', '?page=1&page=2&page=3', '?__proto__[x]=1', '?constructor[prototype][x]=1', `?city=${'a'.repeat(20_000)}`, '?%=%', '?a=1;b=2'),
    },
  );
}

// ───────────────────────────── multipart ─────────────────────────────

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer | string;
}

/** A multipart body built by hand, so that it can be broken in every way a parser meets. */
function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

interface Images {
  png: Buffer;
  gif: Buffer;
  jpeg: Buffer;
}

type Damage = 'none' | 'truncate' | 'no-boundary' | 'wrong-boundary' | 'json-type' | 'mixed' | 'lf-only' | 'no-end' | 'urlencoded' | 'many-parts';

/** One byte over the image limit (the parser stops reading there: 413). */
const OVERSIZED_FILE = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x41);

interface MultipartCase {
  fields: [string, string][];
  files: Part[];
  damage: Damage;
  cut: number;
  boundary: string;
}

function multipartCase(valid: Record<string, string | readonly string[]>, fileField: string, images: () => Images): fc.Arbitrary<MultipartCase> {
  const validPairs = Object.entries(valid).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : value.map((v) => [name, v]))) as [string, string][];
  const field = fc
    // A form of files alone (the photos form) still gets text fields to break: one the route does not read.
    .tuple(fc.constantFrom(...(validPairs.length ? validPairs : ([['note', 'Kitchen and lounge']] as [string, string][]))), fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: nastyString }, { weight: 2, arbitrary: fc.constant('poison') }), fc.nat(), fc.constantFrom(...POISON), fc.boolean())
    .map(([[name, value], replacement, at, poison, drop]) => {
      if (drop && replacement === null) return null;
      if (replacement === 'poison') return [name, `${value.slice(0, at % (value.length + 1))}${poison}${value.slice(at % (value.length + 1))}`] as [string, string];
      return [name, replacement ?? value] as [string, string];
    });
  const content = fc.oneof(
    fc.constantFrom('png', 'gif', 'jpeg').map((kind) => images()[kind as keyof Images]),
    fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.alloc(0)),
    fc.constant(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)])),
    fc.constant(Buffer.from('GIF89a\u0001\u0000\u0001\u0000')),
    fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    fc.constant(Buffer.from('%PDF-1.4 not an image')),
    fc.constant(OVERSIZED_FILE),
  );
  const filename = fc.oneof(
    { weight: 2, arbitrary: fc.constant('room.png') },
    { weight: 2, arbitrary: fc.constantFrom('../../../etc/passwd', '..\\..\\evil.png', '/absolute/path.png', '.htaccess', 'x.png\u0000.exe', `${'a'.repeat(5_000)}.png`, '', 'a"b.png', 'room.php.png') },
    { weight: 1, arbitrary: nastyString },
  );
  const file = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constant(fileField) }, { weight: 1, arbitrary: fc.constantFrom('Title', 'Name', 'Amenities', 'other', '') }),
    filename,
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/gif', 'text/plain', 'application/octet-stream', 'text/html', ''),
    content,
  });
  return fc.record({
    fields: fc
      .tuple(fc.array(field, { minLength: validPairs.length, maxLength: validPairs.length + 2 }), fc.array(fc.tuple(nastyKey, nastyString), { maxLength: 3 }))
      .map(([kept, extra]) => [...kept.filter((f): f is [string, string] => f !== null), ...extra]),
    files: fc.array(file, { maxLength: 2 }),
    damage: fc.oneof(
      { weight: 6, arbitrary: fc.constant<Damage>('none') },
      { weight: 3, arbitrary: fc.constantFrom<Damage>('truncate', 'no-boundary', 'wrong-boundary', 'json-type', 'mixed', 'lf-only', 'no-end', 'urlencoded', 'many-parts') },
    ),
    cut: fc.nat(),
    boundary: fc.oneof({ weight: 4, arbitrary: fc.constant('----fuzzBoundary7MA4YWxkTrZu0gW') }, { weight: 1, arbitrary: fc.constantFrom('x', 'a'.repeat(200), '"quoted"', 'with space', '--') }),
  });
}

function multipartRequest(c: MultipartCase): { payload: Buffer; contentType: string } {
  const padding = c.damage === 'many-parts' ? Array.from({ length: 70 }, (_, i) => ({ name: `extra${i}`, content: 'x' })) : [];
  let payload = multipartBody([...c.fields.map(([name, content]) => ({ name, content })), ...padding, ...c.files], c.boundary);
  let contentType = `multipart/form-data; boundary=${c.boundary}`;
  switch (c.damage) {
    case 'truncate':
      payload = payload.subarray(0, c.cut % Math.max(1, payload.length));
      break;
    case 'no-boundary':
      contentType = 'multipart/form-data';
      break;
    case 'wrong-boundary':
      contentType = 'multipart/form-data; boundary=not-the-boundary';
      break;
    case 'json-type':
      contentType = 'application/json';
      break;
    case 'mixed':
      contentType = `multipart/mixed; boundary=${c.boundary}`;
      break;
    case 'lf-only':
      payload = Buffer.from(payload.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
      break;
    case 'no-end':
      payload = payload.subarray(0, Math.max(0, payload.length - c.boundary.length - 6));
      break;
    case 'urlencoded':
      contentType = 'application/x-www-form-urlencoded';
      break;
    case 'none':
    case 'many-parts':
      break;
  }
  return { payload, contentType };
}

// ───────────────────────────── targets ─────────────────────────────

type Auth = 'none' | 'tenant' | 'landlord' | 'fresh-user' | 'moderator';

interface Target {
  /** As in the route table: `METHOD /path/:param`. */
  route: string;
  auth: Auth;
  /** A valid JSON body. */
  json?: Record<string, unknown>;
  /** A valid multipart form and its file field. */
  form?: { fields: Record<string, string | readonly string[]>; fileField: string };
  /** Query parameters the route reads. */
  query?: readonly string[];
  /** Marks a GET that writes (reading a thread marks it read). Every POST, PUT, PATCH and DELETE counts as a write. */
  writes?: boolean;
}

const LISTING_FORM = validForm();
/** Stands for an address no one has used yet, filled in as each request is sent (so registrations reach the database). */
const NEW_EMAIL = 'new-address@example.co.uk';
let emails = 0;
const fillEmails = (text: string) => text.replaceAll(NEW_EMAIL, () => `fuzz-${process.pid}-${++emails}@example.co.uk`);

/** One target per route of the route table (HEAD routes are GET's). */
const TARGETS: Target[] = [
  { route: 'GET /api/health', auth: 'none' },
  { route: 'GET /api/docs', auth: 'none' },
  { route: 'GET /api/docs/json', auth: 'none' },
  { route: 'GET /api/docs/yaml', auth: 'none' },
  { route: 'GET /api/docs/static/index.html', auth: 'none' },
  { route: 'GET /api/docs/static/swagger-initializer.js', auth: 'none' },
  { route: 'GET /api/docs/static/*', auth: 'none' },
  { route: 'POST /api/auth/register', auth: 'none', json: { Name: 'Fuzz Person', Email: NEW_EMAIL, Password: PASSWORD, UserType: 'Tenant' } },
  { route: 'POST /api/auth/login', auth: 'none', json: { Email: 'fuzz-landlord@example.co.uk', Password: PASSWORD } },
  { route: 'POST /api/auth/password-reset', auth: 'none', json: { Email: 'fuzz-tenant@example.co.uk' } },
  { route: 'POST /api/auth/password-reset/confirm', auth: 'none', json: { Token: 'x'.repeat(43), Password: 'a-new-password' } },
  // The tenant's genuine link, signed in beforeAll.
  { route: 'POST /api/auth/verify-email', auth: 'none', json: { Token: 'set in beforeAll' } },
  // A new person each time: the resend's limit per hour (429) would otherwise stop the fuzzing.
  { route: 'POST /api/auth/verify-email/resend', auth: 'fresh-user' },
  { route: 'GET /api/listings', auth: 'none', query: ['city', 'address', 'minPrice', 'maxPrice', 'priceRange', 'roomType', 'availableDate', 'sortBy', 'page', 'pageSize'] },
  { route: 'GET /api/listings/my-listings', auth: 'landlord' },
  { route: 'GET /api/listings/my-listings/stats', auth: 'landlord' },
  { route: 'GET /api/listings/:id', auth: 'landlord' },
  { route: 'POST /api/listings', auth: 'landlord', form: { fields: LISTING_FORM, fileField: 'roomImage' } },
  { route: 'PUT /api/listings/:id', auth: 'landlord', form: { fields: { ...LISTING_FORM, Status: 'Pending' }, fileField: 'roomImage' } },
  { route: 'DELETE /api/listings/:id', auth: 'landlord' },
  { route: 'PATCH /api/listings/:id/status', auth: 'landlord', json: { Status: 'Pending' } },
  { route: 'POST /api/listings/:id/renew', auth: 'landlord' },
  { route: 'POST /api/listings/:id/photos', auth: 'landlord', form: { fields: {}, fileField: 'photos' } },
  { route: 'PUT /api/listings/:id/photos/order', auth: 'landlord', json: { PhotoIDs: [] } },
  { route: 'DELETE /api/listings/:id/photos/:photoId', auth: 'landlord' },
  { route: 'POST /api/saved-searches', auth: 'tenant', json: { Name: 'Fuzz search', Criteria: { city: 'London', maxPrice: 900, roomType: 'Double' }, Frequency: 'daily' } },
  { route: 'GET /api/saved-searches', auth: 'tenant' },
  { route: 'PATCH /api/saved-searches/:id', auth: 'tenant', json: { Name: 'Renamed search', Frequency: 'instant' } },
  { route: 'DELETE /api/saved-searches/:id', auth: 'tenant' },
  { route: 'GET /api/users/profile', auth: 'tenant' },
  {
    route: 'PUT /api/users/profile',
    auth: 'tenant',
    json: { IsActivelyLooking: true },
    form: {
      fields: { Name: 'Fuzz Tenant', PhoneNumber: '+44 20 7946 0000', Bio: 'Tidy and quiet.', LookingForDescription: 'A double room', BudgetMin: '500', BudgetMax: '900', PreferredLocations: 'Hackney, Stratford', FlatmateMoveInDate: '2030-01-01' },
      fileField: 'profileImage',
    },
  },
  { route: 'DELETE /api/users/profile', auth: 'fresh-user' },
  { route: 'GET /api/users/plan-usage', auth: 'tenant' },
  { route: 'GET /api/users/flatmate-search', auth: 'none', query: ['preferred_locations', 'budget_min', 'budget_max', 'move_in_date', 'page'] },
  { route: 'GET /api/saved-listings', auth: 'tenant' },
  { route: 'PUT /api/saved-listings/:listingId', auth: 'tenant' },
  { route: 'DELETE /api/saved-listings/:listingId', auth: 'tenant' },
  { route: 'GET /api/messages/my-conversations', auth: 'landlord' },
  { route: 'GET /api/messages/conversation/:otherUserId', auth: 'landlord', writes: true },
  { route: 'GET /api/messages/partner/:id', auth: 'landlord' },
  { route: 'POST /api/messages', auth: 'landlord', json: { ReceiverID: 0, MessageContent: 'Is the room still free?', ListingID: null } },
  { route: 'GET /api/messages/unread-count', auth: 'landlord' },
  { route: 'POST /api/messages/stream-ticket', auth: 'landlord' },
  { route: 'GET /api/messages/stream', auth: 'none', query: ['ticket', 'lastEventId'] },
  { route: 'POST /api/reports', auth: 'tenant', json: { TargetType: 'listing', TargetID: 0, Reason: 'scam', Details: 'Asked for a deposit first', Source: 'listing' } },
  { route: 'GET /api/moderation/reports', auth: 'moderator', query: ['status'] },
  { route: 'POST /api/moderation/reports/:id/resolve', auth: 'moderator', json: { Action: 'dismiss', Note: 'Nothing wrong' } },
  { route: 'POST /api/moderation/listings/:id/restore', auth: 'moderator', json: { Note: 'Appeal upheld' } },
  { route: 'POST /api/moderation/users/:id/restore', auth: 'moderator', json: { Note: 'Appeal upheld' } },
  { route: 'GET /api/moderation/audit', auth: 'moderator', query: ['page'] },
  { route: 'GET /api/blocks', auth: 'tenant' },
  { route: 'PUT /api/blocks/:userId', auth: 'tenant' },
  { route: 'DELETE /api/blocks/:userId', auth: 'tenant' },
  { route: 'POST /api/newsletter/subscriptions', auth: 'none', json: { Email: NEW_EMAIL } },
  { route: 'POST /api/newsletter/confirmations', auth: 'none', json: { Token: 'x'.repeat(43) } },
  { route: 'POST /api/newsletter/unsubscriptions', auth: 'none', json: { Token: `1.${'A'.repeat(43)}` } },
  { route: 'POST /api/notifications/unsubscribe', auth: 'none', query: ['token'] },
  { route: 'GET /api/notifications/unsubscribe', auth: 'none', query: ['token'] },
  {
    route: 'POST /api/client-errors/remote-failures',
    auth: 'none',
    // The live version of the test store's remotes.json (a version that is not live is refused).
    json: { remote: 'mf_search', module: 'RoomSearchPage', version: REMOTES.mf_search.version, kind: 'load', message: 'Failed to fetch', path: '/find-a-room', shellVersion: SHELL_VERSION },
  },
  {
    route: 'POST /api/client-errors/remote-loads',
    auth: 'none',
    json: { remote: 'mf_search', module: 'RoomSearchPage', version: REMOTES.mf_search.version, shellVersion: SHELL_VERSION },
  },
  { route: 'GET /uploads/*', auth: 'none' },
  { route: 'GET /store/*', auth: 'none' },
  { route: 'GET /remotes.json', auth: 'none' },
  { route: 'GET /robots.txt', auth: 'none' },
  { route: 'GET /sitemap.xml', auth: 'none' },
  { route: 'GET /sitemaps/pages.xml', auth: 'none' },
  { route: 'GET /sitemaps/:file', auth: 'none' },
  // From the fuzzer's addresses (never the loopback) and with no METRICS_TOKEN: refused, whatever is sent.
  { route: 'GET /metrics', auth: 'none' },
  { route: 'OPTIONS *', auth: 'none' },
];

const methodOf = (t: Target) => t.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
const pathOf = (t: Target) => t.route.split(' ')[1]!;
const isWrite = (method: string, t?: Target) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || Boolean(t?.writes);
const byRoute = (route: string) => TARGETS.find((t) => t.route === route)!;

/** Text that must never be served: a file beside the uploads and store folders, in the data folder. */
const SENTINEL = 'SENTINEL-FILE-OUTSIDE-THE-SERVED-FOLDERS';

const tiny = (format: 'png' | 'gif' | 'jpeg') => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0553a' } })[format]().toBuffer();
/** fast-check's settings: the suite's seed, and `numRuns` times FUZZ_RUNS. */
const params = (numRuns: number) => ({ numRuns: runs(numRuns), seed: SEED });

describe.each(TEST_DATABASES)(`fuzzing on $name (seed ${SEED})`, (database) => {
  let ctx: TestContext;
  let landlord: Person;
  let tenant: Person;
  let moderator: Person;
  let listingId: number;
  let reports = 0;
  let savedSearchId: number;
  let images: Images;
  let address = 0;

  beforeAll(async () => {
    ctx = await createTestContext(database);
    landlord = await person(ctx.db, { email: `fuzz-landlord-${process.pid}@example.co.uk`, userType: 'Landlord', plan: 'Professional', name: 'Fuzz Landlord' });
    tenant = await person(ctx.db, { email: `fuzz-tenant-${process.pid}@example.co.uk`, name: 'Fuzz Tenant', listed: true });
    byRoute('POST /api/auth/login').json!.Email = landlord.email;
    byRoute('POST /api/auth/password-reset').json!.Email = tenant.email;
    byRoute('POST /api/auth/verify-email').json!.Token = verificationToken(TEST_TOKEN_SECRET, tenant.id, tenant.email, new Date(Date.now() + 86_400_000));
    byRoute('POST /api/messages').json!.ReceiverID = tenant.id;
    listingId = await insertListing(ctx.db, landlord.id, { title: 'Fuzz room' });
    byRoute('POST /api/reports').json!.TargetID = listingId;
    moderator = await person(ctx.db, { email: `fuzz-moderator-${process.pid}@example.co.uk`, name: 'Fuzz Moderator' });
    await grantRole(ctx.db, moderator.email, 'moderator');
    savedSearchId = await insertSearch();
    await ctx.db.insertInto('messages').values({ sender_id: tenant.id, receiver_id: landlord.id, content: 'Hello' }).execute();
    writeFileSync(join(ctx.config.dataDir, 'sentinel.txt'), SENTINEL);
    writeFileSync(join(ctx.config.uploadsDir, '.hidden'), SENTINEL);
    images = { png: await tiny('png'), gif: await tiny('gif'), jpeg: await tiny('jpeg') };
  });
  afterAll(() => ctx?.close());

  /** An open report about the landlord, of its own for each resolve, so that one run's success does not decide the next ones. */
  const insertReport = async () =>
    (
      await ctx.db
        .insertInto('reports')
        .values({ reporter_id: tenant.id, target_type: 'user', target_id: 1_000_000 + ++reports, reported_user_id: landlord.id, reason: 'spam', source: 'flatmate' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  /** A saved search of the tenant's. */
  const insertSearch = () => createSavedSearch(ctx.db, tenant.id, { name: 'Fuzz search', frequency: 'daily' });

  /** The URL of a target with its path parameters filled in (by `param` when given) and a query string. */
  async function urlOf(t: Target, param?: string, query = ''): Promise<string> {
    let path = pathOf(t);
    if (path === '*') path = '/api/listings';
    path = path.replace('/api/docs/static/*', '/api/docs/static/index.css').replace('/uploads/*', '/uploads/.hidden').replace('/store/*', `/store/shell/${SHELL_VERSION}/index.html`);
    if (path.includes(':')) {
      // A listing of its own for each DELETE, so that one run's success does not decide the next ones.
      const own =
        t.route === 'DELETE /api/listings/:id'
          ? String(await insertListing(ctx.db, landlord.id))
          : t.route === 'DELETE /api/saved-searches/:id'
            ? String(await insertSearch())
            : t.route === 'POST /api/moderation/reports/:id/resolve'
              ? String(await insertReport())
              : /^\/api\/((saved-)?listings|moderation\/listings)/.test(path)
                ? String(listingId)
                : path.startsWith('/api/saved-searches')
                  ? String(savedSearchId)
                  : String(tenant.id);
      path = path.replace(/:[A-Za-z]+/, param ?? own);
      // A second parameter (a photo of the listing) names one that is not there.
      path = path.replace(/:[A-Za-z]+/g, '1');
    }
    return `${path}${query}`;
  }

  async function authHeader(auth: Auth): Promise<Record<string, string>> {
    if (auth === 'none') return {};
    if (auth === 'fresh-user') return { authorization: `Bearer ${(await person(ctx.db)).token}` };
    return { authorization: `Bearer ${(auth === 'landlord' ? landlord : auth === 'moderator' ? moderator : tenant).token}` };
  }

  /**
   * Sends one request and checks the properties every answer has: no 5xx, the error format, and for a refused
   * write, an unchanged database and uploads folder. Throws (for fast-check to shrink) on a violation.
   */
  async function probe(request: InjectOptions, { writes = false }: { writes?: boolean } = {}): Promise<LightMyRequestResponse> {
    const method = String(request.method ?? 'GET');
    const before = isWrite(method) || writes ? await fingerprint(ctx) : null;
    const n = ++address;
    // A client address per request, so that rate limits (which would answer 429) do not stop the fuzzing.
    const res = await ctx.app.inject({ ...request, remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
    // Work a route does after answering (emails) belongs to this request, not to the next one's fingerprint.
    await ctx.app.background.idle();
    const where = `${method} ${String(request.url).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 500) throw new Error(`server error: ${where}`);
    if (res.statusCode >= 400 && method !== 'HEAD') {
      const problem = errorFormatProblem(res);
      if (problem) throw new Error(`error format (${problem}): ${where}`);
    }
    if (res.body.includes(SENTINEL)) throw new Error(`served a file from outside its folder: ${where}`);
    if (before && res.statusCode >= 400) {
      const after = await fingerprint(ctx);
      const changed = Object.keys(after.tables).filter((t) => after.tables[t] !== before.tables[t]);
      if (JSON.stringify(after.uploads) !== JSON.stringify(before.uploads)) changed.push('uploads folder');
      if (changed.length) throw new Error(`a refused write changed ${changed.join(', ')}: ${where}`);
    }
    return res;
  }

  /** The server still answers, and its database too. */
  const health = async () => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode;

  it('has a target for every route of the server', () => {
    const routes = routeTable(ctx.app).map((r) => `${r.method} ${r.path}`);
    // A new route needs a target above: its body, form or query, and who calls it.
    expect(routes.filter((r) => !TARGETS.some((t) => t.route === r))).toEqual([]);
  });

  it(
    'JSON bodies: wrong types, missing and extra fields, unicode and injection strings',
    async () => {
      const targets = TARGETS.filter((t) => t.json);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets).chain((t) => fc.tuple(fc.constant(t), jsonBody(t.json!))),
          async ([t, body]) => {
            const payload = fillEmails(JSON.stringify(body) ?? 'null');
            await probe({ method: methodOf(t), url: await urlOf(t), payload, headers: { 'content-type': 'application/json', ...(await authHeader(t.auth)) } });
          },
        ),
        params(200),
      );
      expect(await health()).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'raw bodies: malformed JSON, deep nesting, prototype keys, wrong content types, oversized bodies',
    async () => {
      const targets = TARGETS.filter((t) => isWrite(methodOf(t)));
      const huge = `{"x":"${'a'.repeat(JSON_BODY_LIMIT)}"}`;
      const raw = (t: Target) => {
        const valid = JSON.stringify(t.json ?? {});
        return fc.oneof(
          fc.nat().map((n) => valid.slice(0, n % Math.max(1, valid.length))),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.constantFrom(
            '',
            ' ',
            'null',
            '[]',
            '"text"',
            '0',
            '{',
            '}',
            '{"a":}',
            "{'a':1}",
            '{"a":1,}',
            '{"__proto__":{"polluted":true}}',
            '{"constructor":{"prototype":{"polluted":true}}}',
            `${valid.slice(0, -1)}${valid.length > 2 ? ',' : ''}"__proto__":{"isAdmin":true}}`,
            `\ufeff${valid}`,
            `${valid}${valid}`,
            `${valid}\u0000`,
            '{"ReceiverID":1e400,"MessageContent":"x"}',
            '{"Email":"a@b.co","Email":"c@d.co"}',
            `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
            `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
            huge,
          ),
        );
      };
      const contentType = fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'APPLICATION/JSON',
        'application/vnd.api+json',
        'text/plain',
        'text/html',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/octet-stream',
        'json',
        '',
        ';;;',
        'application/json; boundary=x; charset=utf-8; foo',
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets).chain((t) => fc.tuple(fc.constant(t), raw(t), contentType)),
          async ([t, payload, type]) => {
            await probe({ method: methodOf(t), url: await urlOf(t), payload: fillEmails(payload), headers: { ...(type ? { 'content-type': type } : {}), ...(await authHeader(t.auth)) } });
          },
        ),
        params(200),
      );
      expect(await health()).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'multipart forms: field values, file parts where fields are expected, hostile filenames, broken boundaries',
    async () => {
      const targets = TARGETS.filter((t) => t.form);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets).chain((t) => fc.tuple(fc.constant(t), multipartCase(t.form!.fields, t.form!.fileField, () => images))),
          async ([t, c]) => {
            const { payload, contentType } = multipartRequest(c);
            const res = await probe({ method: methodOf(t), url: await urlOf(t), payload, headers: { 'content-type': contentType, ...(await authHeader(t.auth)) } });
            // An accepted picture is stored under a name of the server's choosing, never the one sent.
            for (const file of (await fingerprint(ctx)).uploads) if (/passwd|evil|htaccess|\.php|\.\./.test(file)) throw new Error(`stored ${file} (answer ${res.statusCode})`);
          },
        ),
        params(150),
      );
      expect(await health()).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'query strings: every parameter with any value, repeated, badly encoded or huge',
    async () => {
      const targets = TARGETS.filter((t) => methodOf(t) === 'GET');
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...targets).chain((t) => fc.tuple(fc.constant(t), queryString(t.query ?? []))),
          async ([t, query]) => {
            await probe({ method: 'GET', url: await urlOf(t, undefined, query), headers: await authHeader(t.auth) }, { writes: t.writes });
          },
        ),
        params(200),
      );
      expect(await health()).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'path parameters and static paths: traversal, encodings, numbers out of range',
    async () => {
      const withParams = TARGETS.filter((t) => pathOf(t).includes(':'));
      const statics = ['/uploads/', '/uploads/listings/', '/store/', '/store/shell/', `/store/shell/${SHELL_VERSION}/`, '/api/docs/static/', '/api/', '/'];
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.tuple(fc.constantFrom(...withParams), segment).map(([t, s]) => ({ t, s, prefix: null as string | null })),
            fc.tuple(fc.constantFrom(...statics), fc.array(segment, { minLength: 1, maxLength: 4 })).map(([prefix, parts]) => ({ t: null, s: parts.join('/'), prefix })),
            fc.constantFrom(
              '/uploads/../sentinel.txt',
              '/uploads/..%2fsentinel.txt',
              '/uploads/%2e%2e/sentinel.txt',
              '/uploads/.hidden',
              '/uploads/%2ehidden',
              '/uploads/listings/..%2f..%2fsentinel.txt',
              '/store/../sentinel.txt',
              '/store/a/b/..%2f..%2f..%2fsentinel.txt',
              '/store/shell/..%2f..%2f..%2fsentinel.txt',
              '/store/%2e%2e/%2e%2e/sentinel.txt',
              '/api/docs/static/..%2f..%2f..%2f..%2fsentinel.txt',
              '//api/health',
              '/api//listings',
              '/api/listings/1/../../users/profile',
            ).map((url) => ({ t: null, s: url, prefix: '' })),
          ),
          async ({ t, s, prefix }) => {
            if (t) {
              await probe({ method: methodOf(t), url: await urlOf(t, s), headers: await authHeader(t.auth), ...(t.json ? { payload: t.json } : {}) }, { writes: t.writes });
            } else {
              await probe({ method: 'GET', url: `${prefix}${s}` });
            }
          },
        ),
        params(200),
      );
      expect(await health()).toBe(200);
    },
    TIMEOUT,
  );

  it(
    'Authorization headers and HTTP methods: anything but a genuine token is a 401, never a 5xx',
    async () => {
      const header = fc.oneof(
        fc.constantFrom('', 'Bearer', 'Bearer ', 'Bearer  ', 'bearer x', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(10_000)}`, 'Bearer a.b.c', 'Bearer ....', 'Bearer null', 'Bearer undefined'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }).map((s) => `Bearer ${s}`),
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.tuple(fc.string({ unit: fc.constantFrom('a', 'B', '0', '-', '_'), maxLength: 40 }), fc.string({ unit: fc.constantFrom('a', 'B', '0', '-', '_'), maxLength: 60 })).map(([a, b]) => `Bearer eyJhbGciOiJIUzI1NiJ9.${a}.${b}`),
      );
      const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'SEARCH', 'PROPFIND');
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...TARGETS), header, fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: method }), async (t, authorization, otherMethod) => {
          const res = await probe({ method: (otherMethod ?? methodOf(t)) as InjectOptions['method'], url: await urlOf(t), headers: { authorization } }, { writes: t.writes });
          if (!otherMethod && t.auth !== 'none' && authorization.trim() !== '' && res.statusCode !== 401) throw new Error(`${t.route} with "${authorization.slice(0, 80)}" answered ${res.statusCode}`);
        }),
        params(200),
      );
      expect(await health()).toBe(200);
    },
    TIMEOUT,
  );
});
