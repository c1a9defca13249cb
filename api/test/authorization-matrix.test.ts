/**
 * The authorization matrix: every route of the server
 * against ten callers, with the status each one must get. The route table
 * comes from Fastify itself, so a route that this table does not list fails
 * the suite, and so does a row for a route that no longer exists.
 *
 * The callers (columns):
 *   Anon       no Authorization header
 *   Tenant     a tenant who is not the owner (nor a party to the owner's messages)
 *   Landlord   a landlord who is not the owner (Free plan, no listings of their own)
 *   Owner      the owner of the resource: the landlord of the listing, a party to the conversation, the profile's user
 *              (on routes without an owned resource: a user acting on their own account)
 *   Deleted    a genuine token of a landlord whose account has been deleted
 *   Expired    the owner's claims, correctly signed, expired a minute ago
 *   Forged     the owner's claims, unexpired, signed with another key
 *   Malformed  the owner's genuine token under another scheme (`Authorization: Token <token>`)
 *   Moderator  a tenant with the moderator role (user_roles), who is not the owner; a moderator sees reports, so the
 *              leak and owner's-data checks do not apply to their answers of /api/moderation
 *   Suspended  the token a landlord held before a moderator suspended them (the suspension's own statements)
 *
 * Every cell, besides its status, is checked for:
 *   - leaks: unless the caller is the owner, the body carries none of the owner's private data (email, phone,
 *     private bio, unpublished listing titles, message texts); no body ever carries a password hash;
 *   - refused writes: any non-2xx answer leaves every table (row counts and an md5 of the rows) and the uploads
 *     folder exactly as they were;
 *   - the owner's data (user row, listings, messages, reset tokens) unchanged by anyone but the owner;
 *   - the error format: every non-2xx answer is `{ message[, errors] }` JSON, and a 401 says why
 *     (no token: "Authentication required", a bad one: "invalid or has expired");
 *   - `Cache-Control: no-store` on every answer to a call with an Authorization header (every caller but Anon), and on
 *     every answer of the routes that carry credentials or private data whoever calls (/api/auth, /api/messages).
 * Each row runs on a world of its own (owner, partner, callers, three listings, two messages), the owner's cell last.
 */
import { API_TEXTS, SAVED_TEXTS, TRUST_TEXTS, type Listing, type Message } from '@roomnest/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendPerson } from '../src/features/moderation/repository.ts';
import { grantRole } from '../src/features/moderation/roles-repository.ts';
import { formBody, insertListing, jpeg, validForm, type FilePart } from './listings-support.ts';
import { badToken, errorFormatProblem, fingerprint, PASSWORD, person, routeTable, type Fingerprint, type Person } from './integrity-support.ts';
import { verificationToken } from '../src/features/email-verification/tokens.ts';
import { createSavedSearch, REMOTES, SHELL_VERSION, TEST_DATABASES, TEST_TOKEN_SECRET, uniqueEmail, type TestContext, createTestContext } from './support.ts';

// prettier-ignore
const MATRIX = `
| Route                                       | Case                           | Anon | Tenant | Landlord | Owner | Deleted | Expired | Forged | Malformed | Moderator | Suspended |
|---------------------------------------------|--------------------------------|------|--------|----------|-------|---------|---------|--------|-----------|-----------|-----------|
| GET    /api/health                          |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/docs                            | the OpenAPI page               | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/docs/json                       |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/docs/yaml                       |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/docs/static/index.html          | redirects to the page          | 302  | 302    | 302      | 302   | 302     | 302     | 302    | 302       | 302       | 302       |
| GET    /api/docs/static/swagger-initializer.js |                             | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/docs/static/*                   | index.css                      | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| POST   /api/auth/register                   | a new email                    | 201  | 201    | 201      | 201   | 201     | 201     | 201    | 201       | 201       | 201       |
| POST   /api/auth/login                      | a bystander's credentials      | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| POST   /api/auth/password-reset             | a bystander's email            | 202  | 202    | 202      | 202   | 202     | 202     | 202    | 202       | 202       | 202       |
| POST   /api/auth/password-reset/confirm     | an unknown reset token         | 400  | 400    | 400      | 400   | 400     | 400     | 400    | 400       | 400       | 400       |
| POST   /api/auth/verify-email               | the owner's link, tampered     | 400  | 400    | 400      | 400   | 400     | 400     | 400    | 400       | 400       | 400       |
| POST   /api/auth/verify-email               | a bystander's link             | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| POST   /api/auth/verify-email/resend        | the caller's own               | 401  | 202    | 202      | 202   | 401     | 401     | 401    | 401       | 202       | 401       |
| GET    /api/listings                        | public search                  | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/listings/my-listings            |                                | 401  | 403    | 200      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| GET    /api/listings/my-listings/stats      |                                | 401  | 403    | 200      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| GET    /api/listings/:id                    | an Available listing           | 200  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/listings/:id                    | a Pending listing              | 404  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| GET    /api/listings/:id                    | an expired listing             | 404  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| POST   /api/listings                        | a valid form                   | 401  | 403    | 201      | 201   | 401     | 401     | 401    | 401       | 403       | 401       |
| PUT    /api/listings/:id                    | a valid form                   | 401  | 403    | 403      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| PUT    /api/listings/:id                    | a Pending listing              | 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| DELETE /api/listings/:id                    |                                | 401  | 403    | 403      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| DELETE /api/listings/:id                    | a Pending listing              | 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| PATCH  /api/listings/:id/status             | to Pending                     | 401  | 403    | 403      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| PATCH  /api/listings/:id/status             | a Pending listing, to Available| 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| POST   /api/listings/:id/renew              | an expired listing             | 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| POST   /api/listings/:id/photos             | a photo                        | 401  | 403    | 403      | 201   | 401     | 401     | 401    | 401       | 403       | 401       |
| POST   /api/listings/:id/photos             | a Pending listing              | 401  | 404    | 404      | 201   | 401     | 401     | 401    | 401       | 404       | 401       |
| PUT    /api/listings/:id/photos/order       | the same order                 | 401  | 403    | 403      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| DELETE /api/listings/:id/photos/:photoId    | the cover                      | 401  | 403    | 403      | 200   | 401     | 401     | 401    | 401       | 403       | 401       |
| POST   /api/saved-searches                  | a valid search                 | 401  | 201    | 201      | 201   | 401     | 401     | 401    | 401       | 201       | 401       |
| GET    /api/saved-searches                  | the caller's own               | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PATCH  /api/saved-searches/:id              | the owner's search, renamed    | 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| DELETE /api/saved-searches/:id              | the owner's search             | 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| GET    /api/users/profile                   | the caller's own               | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/users/profile                   | a form, the caller's own       | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/users/profile                   | JSON: list it, the caller's own| 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/users/profile                   | JSON: become a tenant          | 401  | 200    | 200      | 409   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/users/profile                   | JSON: email settings, own      | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/users/plan-usage                | the caller's own               | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| DELETE /api/users/profile                   | the caller's own account       | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/users/flatmate-search           |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /api/saved-listings                  | the caller's own               | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/saved-listings/:listingId       | an Available listing           | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/saved-listings/:listingId       | an expired listing             | 401  | 404    | 404      | 404   | 401     | 401     | 401    | 401       | 404       | 401       |
| DELETE /api/saved-listings/:listingId       | a room the owner saved         | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/messages/my-conversations       |                                | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/messages/conversation/:otherUserId | with the owner's partner    | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/messages/partner/:id            | the owner's partner            | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/messages/partner/:id            | a member nobody knows          | 401  | 404    | 404      | 404   | 401     | 401     | 401    | 401       | 404       | 401       |
| POST   /api/messages                        | to the owner's partner         | 401  | 201    | 201      | 201   | 401     | 401     | 401    | 401       | 201       | 401       |
| POST   /api/messages                        | naming the owner's room, to the partner | 401  | 400    | 400      | 400   | 401     | 401     | 401    | 401       | 400       | 401       |
| GET    /api/messages/unread-count           |                                | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| POST   /api/messages/stream-ticket          |                                | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/messages/stream                 | a bearer token, no ticket      | 401  | 401    | 401      | 401   | 401     | 401     | 401    | 401       | 401       | 401       |
| GET    /api/messages/stream                 | the owner's ticket, forged     | 401  | 401    | 401      | 401   | 401     | 401     | 401    | 401       | 401       | 401       |
| GET    /api/blocks                          | the caller's own               | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/blocks/:userId                  | the owner's partner            | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| PUT    /api/blocks/:userId                  | a member only the owner blocked| 401  | 404    | 404      | 200   | 401     | 401     | 401    | 401       | 404       | 401       |
| DELETE /api/blocks/:userId                  | a member the owner blocked     | 401  | 200    | 200      | 200   | 401     | 401     | 401    | 401       | 200       | 401       |
| POST   /api/reports                         | the owner's available listing  | 401  | 201    | 201      | 400   | 401     | 401     | 401    | 401       | 201       | 401       |
| GET    /api/moderation/reports              | the open queue                 | 401  | 403    | 403      | 403   | 401     | 401     | 401    | 401       | 200       | 401       |
| POST   /api/moderation/reports/:id/resolve  | dismiss the report on the owner| 401  | 403    | 403      | 403   | 401     | 401     | 401    | 401       | 200       | 401       |
| POST   /api/moderation/listings/:id/restore | the owner's removed listing    | 401  | 403    | 403      | 403   | 401     | 401     | 401    | 401       | 200       | 401       |
| POST   /api/moderation/users/:id/restore    | the suspended person           | 401  | 403    | 403      | 403   | 401     | 401     | 401    | 401       | 200       | 401       |
| GET    /api/moderation/audit                |                                | 401  | 403    | 403      | 403   | 401     | 401     | 401    | 401       | 200       | 401       |
| POST   /api/newsletter/subscriptions        | a new email                    | 202  | 202    | 202      | 202   | 202     | 202     | 202    | 202       | 202       | 202       |
| POST   /api/newsletter/confirmations        | an unknown token               | 400  | 400    | 400      | 400   | 400     | 400     | 400    | 400       | 400       | 400       |
| POST   /api/newsletter/unsubscriptions      | a forged token                 | 400  | 400    | 400      | 400   | 400     | 400     | 400    | 400       | 400       | 400       |
| POST   /api/notifications/unsubscribe       | a forged token of the owner's  | 400  | 400    | 400      | 400   | 400     | 400     | 400    | 400       | 400       | 400       |
| GET    /api/notifications/unsubscribe       | changes nothing                | 405  | 405    | 405      | 405   | 405     | 405     | 405    | 405       | 405       | 405       |
| POST   /api/client-errors/remote-failures   | a valid report                 | 204  | 204    | 204      | 204   | 204     | 204     | 204    | 204       | 204       | 204       |
| POST   /api/client-errors/remote-loads      | a valid report                 | 204  | 204    | 204      | 204   | 204     | 204     | 204    | 204       | 204       | 204       |
| GET    /uploads/*                           | a listing image                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /store/*                             | a published build file         | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /remotes.json                        |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /robots.txt                          |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /sitemap.xml                         |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /sitemaps/pages.xml                  |                                | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /sitemaps/:file                      | the first listings sitemap     | 200  | 200    | 200      | 200   | 200     | 200     | 200    | 200       | 200       | 200       |
| GET    /metrics                             | from elsewhere, no METRICS_TOKEN | 403 | 403    | 403      | 403   | 403     | 403     | 403    | 403       | 403       | 403       |
| OPTIONS *                                   | a preflight, no allowed origin | 404  | 404    | 404      | 404   | 404     | 404     | 404    | 404       | 404       | 404       |
`;

const CALLERS = ['Anon', 'Tenant', 'Landlord', 'Owner', 'Deleted', 'Expired', 'Forged', 'Malformed', 'Moderator', 'Suspended'] as const;
type Caller = (typeof CALLERS)[number];
/** The order cells run in: the owner's last, since the owner's writes may remove the row's resource. */
const RUN_ORDER: Caller[] = ['Anon', 'Tenant', 'Landlord', 'Deleted', 'Expired', 'Forged', 'Malformed', 'Suspended', 'Moderator', 'Owner'];

interface Row {
  method: string;
  path: string;
  case: string;
  expected: Record<Caller, number>;
}

function parseMatrix(table: string): Row[] {
  const lines = table.split('\n').filter((line) => line.startsWith('|') && !line.startsWith('|--'));
  const [header, ...body] = lines.map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
  expect(header!.slice(2)).toEqual([...CALLERS]);
  return body.map((cells) => {
    const [method, path] = cells[0]!.split(/\s+/) as [string, string];
    const statuses = cells.slice(2).map(Number);
    if (statuses.length !== CALLERS.length || statuses.some((s) => !(s >= 100 && s < 600))) throw new Error(`bad matrix row: ${cells.join(' | ')}`);
    return { method, path, case: cells[1]!, expected: Object.fromEntries(CALLERS.map((c, i) => [c, statuses[i]])) as Record<Caller, number> };
  });
}

const ROWS = parseMatrix(MATRIX);
const key = (row: Pick<Row, 'method' | 'path' | 'case'>) => `${row.method} ${row.path}${row.case ? ` (${row.case})` : ''}`;

/** What one row runs on: the owner's account, listings and messages, and the other callers. */
interface World {
  owner: Person;
  partner: Person;
  tenant: Person;
  landlord: Person;
  deleted: Person;
  bystander: Person;
  moderator: Person;
  suspended: Person;
  listings: { available: number; pending: number; expired: number; removed: number };
  /** The partner's open report about the owner, made in their chat. */
  report: number;
  /** The owner's saved search (its name is private). */
  savedSearch: number;
  /** The available listing's one photo (its image). */
  photo: number;
  messages: number[];
  imageUrl: string;
  /** Texts only the owner may ever see. */
  secrets: string[];
  titles: { available: string; pending: string; expired: string; removed: string };
}

/** The request of a row, without its Authorization header; `me` is the caller's account (or null). */
type RequestFor = (w: World, me: Person | null) => InjectOptions | Promise<InjectOptions>;
/** Extra checks of a cell that answered 2xx, beyond status, leaks and database integrity. */
type CheckFor = (w: World, res: LightMyRequestResponse, caller: Caller, me: Person | null) => void;

const json = (method: InjectOptions['method'], url: string, payload: object): InjectOptions => ({ method, url, payload, headers: { 'content-type': 'application/json' } });
const multipart = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string | readonly string[]>, files: FilePart[] = []): Promise<InjectOptions> => {
  const { payload, contentType } = await formBody(fields, files);
  return { method, url, payload, headers: { 'content-type': contentType } };
};
const titlesOf = (res: LightMyRequestResponse) => res.json<{ listings: Listing[] }>().listings.map((l) => l.Title);

const CASES: Record<string, { request: RequestFor; check?: CheckFor }> = {
  'GET /api/health': { request: () => ({ method: 'GET', url: '/api/health' }) },
  'GET /api/docs (the OpenAPI page)': { request: () => ({ method: 'GET', url: '/api/docs' }) },
  'GET /api/docs/json': { request: () => ({ method: 'GET', url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { request: () => ({ method: 'GET', url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html (redirects to the page)': { request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { request: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/static/* (index.css)': { request: () => ({ method: 'GET', url: '/api/docs/static/index.css' }) },

  'POST /api/auth/register (a new email)': {
    request: () => json('POST', '/api/auth/register', { Name: 'New Person', Email: uniqueEmail('register'), Password: PASSWORD, UserType: 'Landlord' }),
  },
  "POST /api/auth/login (a bystander's credentials)": {
    request: (w) => json('POST', '/api/auth/login', { Email: w.bystander.email, Password: PASSWORD }),
    check: (w, res) => expect(res.json().user.userId).toBe(w.bystander.id),
  },
  // The signed link is the authority, whoever sends it; it confirms only the account it names.
  "POST /api/auth/verify-email (the owner's link, tampered)": {
    request: (w) => json('POST', '/api/auth/verify-email', { Token: verificationToken(TEST_TOKEN_SECRET, w.owner.id, w.owner.email, new Date(Date.now() + 86_400_000)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) }),
  },
  "POST /api/auth/verify-email (a bystander's link)": {
    request: (w) => json('POST', '/api/auth/verify-email', { Token: verificationToken(TEST_TOKEN_SECRET, w.bystander.id, w.bystander.email, new Date(Date.now() + 86_400_000)) }),
    check: (w, res) => expect(res.json().userId).toBe(w.bystander.id),
  },
  "POST /api/auth/verify-email/resend (the caller's own)": { request: () => ({ method: 'POST', url: '/api/auth/verify-email/resend' }) },
  "POST /api/auth/password-reset (a bystander's email)": { request: (w) => json('POST', '/api/auth/password-reset', { Email: w.bystander.email }) },
  'POST /api/auth/password-reset/confirm (an unknown reset token)': {
    request: () => json('POST', '/api/auth/password-reset/confirm', { Token: 'x'.repeat(43), Password: 'a-new-password' }),
  },

  'GET /api/listings (public search)': {
    request: () => ({ method: 'GET', url: '/api/listings?pageSize=100' }),
    // Public search shows nobody, the owner included, an unpublished listing.
    check: (w, res) => {
      expect(titlesOf(res)).toContain(w.titles.available);
      expect(titlesOf(res)).not.toContain(w.titles.pending);
      expect(titlesOf(res)).not.toContain(w.titles.expired);
      expect(titlesOf(res)).not.toContain(w.titles.removed);
    },
  },
  'GET /api/listings/my-listings': {
    request: () => ({ method: 'GET', url: '/api/listings/my-listings' }),
    // Only the owner's listings, all of them; the other landlord has none.
    check: (w, res, caller) => expect(titlesOf(res).sort()).toEqual(caller === 'Owner' ? Object.values(w.titles).sort() : []),
  },
  'GET /api/listings/my-listings/stats': {
    request: () => ({ method: 'GET', url: '/api/listings/my-listings/stats' }),
    // Only the owner's listings' figures; the other landlord has none.
    check: (w, res, caller) =>
      expect(res.json<{ listings: { Title: string }[] }>().listings.map((l) => l.Title).sort()).toEqual(caller === 'Owner' ? Object.values(w.titles).sort() : []),
  },
  'GET /api/listings/:id (an Available listing)': { request: (w) => ({ method: 'GET', url: `/api/listings/${w.listings.available}` }) },
  'GET /api/listings/:id (a Pending listing)': {
    request: (w) => ({ method: 'GET', url: `/api/listings/${w.listings.pending}` }),
    check: (w, res) => expect(res.json().Title).toBe(w.titles.pending),
  },
  'GET /api/listings/:id (an expired listing)': {
    request: (w) => ({ method: 'GET', url: `/api/listings/${w.listings.expired}` }),
    check: (w, res) => expect(res.json().Title).toBe(w.titles.expired),
  },
  'POST /api/listings (a valid form)': { request: () => multipart('POST', '/api/listings', validForm()) },
  'PUT /api/listings/:id (a valid form)': {
    request: (w) => multipart('PUT', `/api/listings/${w.listings.available}`, validForm({ Title: 'Edited title', Status: 'Available' })),
    check: (_w, res) => expect(res.json().listing.Title).toBe('Edited title'),
  },
  // Someone else's listing that only its owner may see answers as if it did not exist (GET says 404 too); a public one 403.
  'PUT /api/listings/:id (a Pending listing)': {
    request: (w) => multipart('PUT', `/api/listings/${w.listings.pending}`, validForm({ Title: 'Edited title', Status: 'Pending' })),
    check: (_w, res) => expect(res.json().listing.Title).toBe('Edited title'),
  },
  'DELETE /api/listings/:id': { request: (w) => ({ method: 'DELETE', url: `/api/listings/${w.listings.available}` }) },
  'DELETE /api/listings/:id (a Pending listing)': { request: (w) => ({ method: 'DELETE', url: `/api/listings/${w.listings.pending}` }) },
  'PATCH /api/listings/:id/status (to Pending)': { request: (w) => json('PATCH', `/api/listings/${w.listings.available}/status`, { Status: 'Pending' }) },
  'PATCH /api/listings/:id/status (a Pending listing, to Available)': {
    request: (w) => json('PATCH', `/api/listings/${w.listings.pending}/status`, { Status: 'Available' }),
    check: (_w, res) => expect(res.json().listing.Status).toBe('Available'),
  },
  'POST /api/listings/:id/renew (an expired listing)': { request: (w) => ({ method: 'POST', url: `/api/listings/${w.listings.expired}/renew` }) },
  'POST /api/listings/:id/photos (a photo)': {
    request: async (w) => multipart('POST', `/api/listings/${w.listings.available}/photos`, {}, [{ field: 'photos', filename: 'kitchen.jpg', type: 'image/jpeg', content: await jpeg(320, 240) }]),
    check: (w, res) => expect(res.json().photos.map((p: { PhotoID: number }) => p.PhotoID)[0]).toBe(w.photo),
  },
  'POST /api/listings/:id/photos (a Pending listing)': {
    request: async (w) => multipart('POST', `/api/listings/${w.listings.pending}/photos`, {}, [{ field: 'photos', filename: 'kitchen.jpg', type: 'image/jpeg', content: await jpeg(320, 240) }]),
  },
  'PUT /api/listings/:id/photos/order (the same order)': {
    request: (w) => json('PUT', `/api/listings/${w.listings.available}/photos/order`, { PhotoIDs: [w.photo] }),
  },
  'DELETE /api/listings/:id/photos/:photoId (the cover)': {
    request: (w) => ({ method: 'DELETE', url: `/api/listings/${w.listings.available}/photos/${w.photo}` }),
    check: (_w, res) => expect(res.json()).toEqual({ photos: [] }),
  },

  "GET /api/users/profile (the caller's own)": {
    request: () => ({ method: 'GET', url: '/api/users/profile' }),
    check: (_w, res, _caller, me) => expect(res.json().UserID).toBe(me!.id),
  },
  "PUT /api/users/profile (a form, the caller's own)": {
    request: () => multipart('PUT', '/api/users/profile', { Name: 'Renamed Person', Bio: 'A new bio' }),
    check: (_w, res, _caller, me) => expect(res.json().user).toMatchObject({ UserID: me!.id, Name: 'Renamed Person' }),
  },
  "PUT /api/users/profile (JSON: list it, the caller's own)": {
    request: () => json('PUT', '/api/users/profile', { IsActivelyLooking: true }),
    check: (_w, res, _caller, me) => expect(res.json().user).toMatchObject({ UserID: me!.id, IsActivelyLooking: true }),
  },
  // The owner has live listings: a landlord with none, or a tenant already, may.
  'PUT /api/users/profile (JSON: become a tenant)': {
    request: () => json('PUT', '/api/users/profile', { UserType: 'Tenant' }),
    check: (_w, res, _caller, me) => expect(res.json().user).toMatchObject({ UserID: me!.id, UserType: 'Tenant' }),
  },
  "PUT /api/users/profile (JSON: email settings, own)": {
    request: () => json('PUT', '/api/users/profile', { EmailOnMessage: false }),
    check: (_w, res, _caller, me) => expect(res.json().user).toMatchObject({ UserID: me!.id, EmailOnMessage: false }),
  },
  "GET /api/users/plan-usage (the caller's own)": {
    request: () => ({ method: 'GET', url: '/api/users/plan-usage' }),
    check: (_w, res) => expect(res.json()).toMatchObject({ plan: expect.any(String), listings: expect.any(Object), newConversations: expect.any(Object) }),
  },
  "DELETE /api/users/profile (the caller's own account)": { request: () => ({ method: 'DELETE', url: '/api/users/profile' }) },
  'GET /api/users/flatmate-search': {
    request: () => ({ method: 'GET', url: '/api/users/flatmate-search' }),
    // The partner is listed; a card never carries an email or a phone number.
    check: (w, res) => {
      const card = res.json<{ profiles: Record<string, unknown>[] }>().profiles.find((p) => p.UserID === w.partner.id);
      expect(card).toBeDefined();
      expect(card).not.toHaveProperty('Email');
      expect(res.body).not.toContain(w.partner.email);
    },
  },

  // Each caller's own list: the owner saved two rooms (one since let agreed); nobody else sees them.
  "GET /api/saved-listings (the caller's own)": {
    request: () => ({ method: 'GET', url: '/api/saved-listings' }),
    check: (w, res, caller) => expect(titlesOf(res)).toEqual(caller === 'Owner' ? [w.titles.pending, w.titles.available] : []),
  },
  'PUT /api/saved-listings/:listingId (an Available listing)': {
    request: (w) => ({ method: 'PUT', url: `/api/saved-listings/${w.listings.available}` }),
    check: (_w, res) => expect(res.json()).toEqual({ message: SAVED_TEXTS.roomSaved }),
  },
  // A room nobody else may see cannot be newly saved, not even by its owner.
  'PUT /api/saved-listings/:listingId (an expired listing)': { request: (w) => ({ method: 'PUT', url: `/api/saved-listings/${w.listings.expired}` }) },
  // Removing from one's own list: the others' lists never held it; the owner's list loses it.
  'DELETE /api/saved-listings/:listingId (a room the owner saved)': {
    request: (w) => ({ method: 'DELETE', url: `/api/saved-listings/${w.listings.available}` }),
    check: (_w, res) => expect(res.json()).toEqual({ message: SAVED_TEXTS.roomUnsaved }),
  },

  'GET /api/messages/my-conversations': {
    request: () => ({ method: 'GET', url: '/api/messages/my-conversations' }),
    check: (_w, res, caller) => expect(res.json()).toHaveLength(caller === 'Owner' ? 1 : 0),
  },
  "GET /api/messages/conversation/:otherUserId (with the owner's partner)": {
    request: (w) => ({ method: 'GET', url: `/api/messages/conversation/${w.partner.id}` }),
    // Anyone else asking for "the thread with the partner" gets their own (empty) thread, never the owner's.
    check: (w, res, caller) => expect(res.json<Message[]>().map((m) => m.MessageID)).toEqual(caller === 'Owner' ? w.messages : []),
  },
  "GET /api/messages/partner/:id (the owner's partner)": {
    request: (w) => ({ method: 'GET', url: `/api/messages/partner/${w.partner.id}` }),
    check: (w, res) => expect(res.json()).toEqual({ UserID: w.partner.id, Name: w.partner.name, ProfilePictureURL: null, EmailVerified: false }),
  },
  // The bystander has no listing, no listed profile and no messages with anyone: nobody may learn their name here.
  'GET /api/messages/partner/:id (a member nobody knows)': { request: (w) => ({ method: 'GET', url: `/api/messages/partner/${w.bystander.id}` }) },
  "POST /api/messages (to the owner's partner)": {
    request: (w) => json('POST', '/api/messages', { ReceiverID: w.partner.id, MessageContent: 'Hello from the matrix' }),
    check: (_w, res, _caller, me) => expect(res.json().newMessageDetails.SenderID).toBe(me!.id),
  },
  // A room is named only to its landlord: nobody, the owner included, may tie the owner's room to someone else's conversation.
  "POST /api/messages (naming the owner's room, to the partner)": {
    request: (w) => json('POST', '/api/messages', { ReceiverID: w.partner.id, MessageContent: 'About this room', ListingID: w.listings.available }),
  },
  'GET /api/messages/unread-count': {
    request: () => ({ method: 'GET', url: '/api/messages/unread-count' }),
    check: (_w, res, caller) => expect(res.json()).toEqual({ totalUnread: caller === 'Owner' ? 1 : 0 }),
  },
  'POST /api/messages/stream-ticket': { request: () => ({ method: 'POST', url: '/api/messages/stream-ticket' }) },
  'GET /api/messages/stream (a bearer token, no ticket)': { request: () => ({ method: 'GET', url: '/api/messages/stream' }) },
  "GET /api/messages/stream (the owner's ticket, forged)": {
    request: (w) => ({ method: 'GET', url: `/api/messages/stream?ticket=${w.owner.id}.0.${Math.floor(Date.now() / 1000) + 60}.${'n'.repeat(22)}.${'A'.repeat(43)}` }),
  },

  // Each caller's own blocks: the owner has blocked the bystander; nobody else learns it.
  "GET /api/blocks (the caller's own)": {
    request: () => ({ method: 'GET', url: '/api/blocks' }),
    check: (w, res, caller) => expect(res.json<{ users: { UserID: number }[] }>().users.map((u) => u.UserID)).toEqual(caller === 'Owner' ? [w.bystander.id] : []),
  },
  // The partner is a listed flatmate: anyone may block them; it changes nothing of the owner's.
  "PUT /api/blocks/:userId (the owner's partner)": {
    request: (w) => ({ method: 'PUT', url: `/api/blocks/${w.partner.id}` }),
    check: (_w, res) => expect(res.json()).toEqual({ message: TRUST_TEXTS.blockDone }),
  },
  // Blocking is open to people one may know: nobody else may learn the bystander's id exists; the owner blocked them already.
  'PUT /api/blocks/:userId (a member only the owner blocked)': { request: (w) => ({ method: 'PUT', url: `/api/blocks/${w.bystander.id}` }) },
  // Unblocking touches the caller's own blocks only: the owner's block stays until the owner's cell.
  'DELETE /api/blocks/:userId (a member the owner blocked)': {
    request: (w) => ({ method: 'DELETE', url: `/api/blocks/${w.bystander.id}` }),
    check: (_w, res) => expect(res.json()).toEqual({ message: TRUST_TEXTS.unblockDone }),
  },
  // Anyone logged in may report a listing they can see; its owner may not report their own.
  "POST /api/reports (the owner's available listing)": {
    request: (w) => json('POST', '/api/reports', { TargetType: 'listing', TargetID: w.listings.available, Reason: 'scam', Details: 'Asked for a deposit first' }),
    check: (_w, res) => expect(res.json().message).toBe(TRUST_TEXTS.reportThanks),
  },
  'GET /api/moderation/reports (the open queue)': {
    request: () => ({ method: 'GET', url: '/api/moderation/reports' }),
    check: (w, res) => expect(res.json<{ reports: { ReportID: number }[] }>().reports.map((r) => r.ReportID)).toContain(w.report),
  },
  'POST /api/moderation/reports/:id/resolve (dismiss the report on the owner)': {
    request: (w) => json('POST', `/api/moderation/reports/${w.report}/resolve`, { Action: 'dismiss', Note: 'Nothing wrong' }),
    check: (_w, res) => expect(res.json().report).toMatchObject({ Status: 'resolved', Resolution: { Action: 'dismiss', Note: 'Nothing wrong' } }),
  },
  "POST /api/moderation/listings/:id/restore (the owner's removed listing)": {
    request: (w) => json('POST', `/api/moderation/listings/${w.listings.removed}/restore`, { Note: 'Appeal upheld' }),
    check: (_w, res) => expect(res.json().message).toBe(TRUST_TEXTS.listingRestored),
  },
  'POST /api/moderation/users/:id/restore (the suspended person)': {
    request: (w) => json('POST', `/api/moderation/users/${w.suspended.id}/restore`, { Note: 'Appeal upheld' }),
    check: (_w, res) => expect(res.json().message).toBe(TRUST_TEXTS.userRestored),
  },
  'GET /api/moderation/audit': {
    request: () => ({ method: 'GET', url: '/api/moderation/audit' }),
    check: (_w, res) => expect(res.json()).toMatchObject({ entries: expect.any(Array), page: 1 }),
  },

  'POST /api/newsletter/subscriptions (a new email)': { request: () => json('POST', '/api/newsletter/subscriptions', { Email: uniqueEmail('news') }) },
  'POST /api/newsletter/confirmations (an unknown token)': { request: () => json('POST', '/api/newsletter/confirmations', { Token: 'x'.repeat(43) }) },
  'POST /api/newsletter/unsubscriptions (a forged token)': { request: () => json('POST', '/api/newsletter/unsubscriptions', { Token: `1.${'A'.repeat(43)}` }) },
  // One-click unsubscribe needs no login: the signed token is the authority, so one signed with another key is refused for anyone.
  "POST /api/notifications/unsubscribe (a forged token of the owner's)": {
    request: (w) => ({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=messages.${w.owner.id}.${'A'.repeat(43)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
  },
  // A link scanner's GET must not unsubscribe anybody.
  'GET /api/notifications/unsubscribe (changes nothing)': {
    request: (w) => ({ method: 'GET', url: `/api/notifications/unsubscribe?token=messages.${w.owner.id}.${'A'.repeat(43)}` }),
  },
  'POST /api/client-errors/remote-failures (a valid report)': {
    request: () =>
      json('POST', '/api/client-errors/remote-failures', {
        remote: 'mf_search',
        module: 'RoomSearchPage',
        version: REMOTES.mf_search.version,
        kind: 'load',
        message: 'Failed to fetch',
        path: '/find-a-room',
        shellVersion: SHELL_VERSION,
      }),
  },
  'POST /api/client-errors/remote-loads (a valid report)': {
    request: () => json('POST', '/api/client-errors/remote-loads', { remote: 'mf_search', module: 'RoomSearchPage', version: REMOTES.mf_search.version, shellVersion: SHELL_VERSION }),
  },
  'POST /api/saved-searches (a valid search)': {
    request: () => json('POST', '/api/saved-searches', { Name: 'Matrix search', Criteria: { city: 'London', maxPrice: 900 }, Frequency: 'daily' }),
    check: (_w, res) => expect(res.json().savedSearch.Name).toBe('Matrix search'),
  },
  // Only the caller's own: the owner's private search name reaches nobody else (the leak check).
  "GET /api/saved-searches (the caller's own)": {
    request: () => ({ method: 'GET', url: '/api/saved-searches' }),
    check: (w, res, caller) =>
      expect(res.json<{ savedSearches: { SavedSearchID: number }[] }>().savedSearches.map((s) => s.SavedSearchID)).toEqual(caller === 'Owner' ? [w.savedSearch] : []),
  },
  "PATCH /api/saved-searches/:id (the owner's search, renamed)": {
    request: (w) => json('PATCH', `/api/saved-searches/${w.savedSearch}`, { Name: 'Renamed search' }),
    check: (_w, res) => expect(res.json().savedSearch.Name).toBe('Renamed search'),
  },
  "DELETE /api/saved-searches/:id (the owner's search)": { request: (w) => ({ method: 'DELETE', url: `/api/saved-searches/${w.savedSearch}` }) },
  'GET /uploads/* (a listing image)': { request: (w) => ({ method: 'GET', url: w.imageUrl }) },
  'GET /store/* (a published build file)': { request: () => ({ method: 'GET', url: `/store/shell/${SHELL_VERSION}/index.html` }) },
  // Operations only: without METRICS_TOKEN, only the loopback may read it, and every cell calls from another address;
  // a person's token, however genuine, grants nothing here (metrics.test.ts covers the token and the loopback).
  'GET /metrics (from elsewhere, no METRICS_TOKEN)': { request: () => ({ method: 'GET', url: '/metrics' }) },
  // CORS grants only CORS_ORIGINS (none here): a preflight from elsewhere is a plain JSON 404.
  'OPTIONS * (a preflight, no allowed origin)': {
    request: () => ({ method: 'OPTIONS', url: '/api/listings', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'DELETE' } }),
  },
  'GET /remotes.json': { request: () => ({ method: 'GET', url: '/remotes.json' }), check: (_w, res) => expect(res.json()).toEqual(REMOTES) },
  // What crawlers read: public whoever asks, a token changes nothing.
  'GET /robots.txt': { request: () => ({ method: 'GET', url: '/robots.txt' }), check: (_w, res) => expect(res.body).toContain('Sitemap:') },
  'GET /sitemap.xml': { request: () => ({ method: 'GET', url: '/sitemap.xml' }), check: (_w, res) => expect(res.body).toContain('<urlset') },
  'GET /sitemaps/pages.xml': { request: () => ({ method: 'GET', url: '/sitemaps/pages.xml' }), check: (_w, res) => expect(res.body).toContain('<urlset') },
  'GET /sitemaps/:file (the first listings sitemap)': {
    request: () => ({ method: 'GET', url: '/sitemaps/listings-1.xml' }),
    check: (_w, res) => expect(res.body).toContain('<urlset'),
  },
};

/** Never in any answer, to anyone. */
const NEVER = ['$argon2', 'password_hash', 'token_hash', 'token_version'];

let worlds = 0;

async function makeWorld(ctx: TestContext): Promise<World> {
  const n = `${process.pid}-${++worlds}-${Math.random().toString(36).slice(2, 8)}`;
  const owner = await person(ctx.db, { name: 'Olive Owner', email: uniqueEmail(`owner-secret-${n}`), userType: 'Landlord', plan: 'Professional', phone: '+44 7700 900111', bio: `OWNER-PRIVATE-BIO-${n}` });
  const partner = await person(ctx.db, { name: 'Pat Partner', userType: 'Tenant', listed: true, bio: 'Looking in Hackney' });
  const tenant = await person(ctx.db, { name: 'Tess Tenant', userType: 'Tenant' });
  const landlord = await person(ctx.db, { name: 'Larry Landlord', userType: 'Landlord', plan: 'Free' });
  const deleted = await person(ctx.db, { name: 'Dee Deleted', userType: 'Landlord', plan: 'Professional' });
  const bystander = await person(ctx.db, { name: 'Bea Bystander' });
  await ctx.db.deleteFrom('users').where('id', '=', deleted.id).execute();
  const moderator = await person(ctx.db, { name: 'Mo Moderator', userType: 'Tenant' });
  await grantRole(ctx.db, moderator.email, 'moderator');
  // Suspended by the suspension's own statements, after their token was issued.
  const suspended = await person(ctx.db, { name: 'Sue Suspended', userType: 'Landlord', plan: 'Professional' });
  await ctx.db.transaction().execute((trx) => suspendPerson(trx, suspended.id, 'Scam listings'));

  const imageName = `matrix-${n}.jpg`;
  mkdirSync(join(ctx.config.uploadsDir, 'listings'), { recursive: true });
  writeFileSync(join(ctx.config.uploadsDir, 'listings', imageName), 'not really a jpeg');
  const titles = { available: `Available room ${n}`, pending: `PRIVATE-PENDING-${n}`, expired: `PRIVATE-EXPIRED-${n}`, removed: `PRIVATE-REMOVED-${n}` };
  const listings = {
    available: await insertListing(ctx.db, owner.id, { title: titles.available, image_path: `/uploads/listings/${imageName}` }),
    pending: await insertListing(ctx.db, owner.id, { title: titles.pending, status: 'Pending' }),
    expired: await insertListing(ctx.db, owner.id, { title: titles.expired, postedDaysAgo: 31 }),
    removed: await insertListing(ctx.db, owner.id, { title: titles.removed, removed_at: new Date() }),
  };
  const { id: photo } = await ctx.db
    .insertInto('listing_photos')
    // With a size: the start-up backfill of copies has nothing to make of it.
    .values({ listing_id: listings.available, position: 0, path: `/uploads/listings/${imageName}`, card_path: `/uploads/listings/${imageName}`, width: 8, height: 8 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const savedSearch = await createSavedSearch(ctx.db, owner.id, { name: `PRIVATE-SEARCH-${n}`, criteria: { city: 'Hackney' } });
  // The owner's saved rooms: the available one, then their pending one (saved while it was public, let agreed since).
  await ctx.db
    .insertInto('saved_listings')
    .values([
      { user_id: owner.id, listing_id: listings.available, saved_at: new Date(Date.now() - 60_000) },
      { user_id: owner.id, listing_id: listings.pending, saved_at: new Date() },
    ])
    .execute();
  // The owner has blocked the bystander (someone with no messages, listing or listed profile).
  await ctx.db.insertInto('blocks').values({ blocker_id: owner.id, blocked_id: bystander.id }).execute();
  const secretIn = `PRIVATE-MESSAGE-IN-${n}`;
  const secretOut = `PRIVATE-MESSAGE-OUT-${n}`;
  const messages: number[] = [];
  for (const [sender, receiver, content, read] of [
    [owner.id, partner.id, secretOut, true],
    [partner.id, owner.id, secretIn, false],
  ] as const) {
    const { id } = await ctx.db
      .insertInto('messages')
      .values({ sender_id: sender, receiver_id: receiver, content, read_at: read ? new Date() : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    messages.push(id);
  }
  const { id: report } = await ctx.db
    .insertInto('reports')
    .values({
      reporter_id: partner.id,
      target_type: 'user',
      target_id: owner.id,
      reported_user_id: owner.id,
      reason: 'scam',
      source: 'chat',
      conversation_snapshot: JSON.stringify([{ MessageID: messages[1], SenderID: partner.id, ReceiverID: owner.id, MessageContent: secretIn, SentAt: new Date().toISOString() }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    owner,
    partner,
    tenant,
    landlord,
    deleted,
    bystander,
    moderator,
    suspended,
    listings,
    report,
    photo,
    messages,
    imageUrl: `/uploads/listings/${imageName}`,
    titles,
    savedSearch,
    secrets: [owner.email, '900111', `OWNER-PRIVATE-BIO-${n}`, titles.pending, titles.expired, titles.removed, secretIn, secretOut, `PRIVATE-SEARCH-${n}`],
  };
}

/** The owner's own data: what nobody else's call may change. */
async function ownerData(ctx: TestContext, w: World): Promise<string> {
  const id = w.owner.id;
  const { rows } = await sql<{ digest: string }>`
    select concat_ws('/',
      (select md5(string_agg(u::text, '|')) from users u where u.id = ${id}),
      (select md5(string_agg(l::text, '|' order by l.id)) from listings l where l.landlord_id = ${id}),
      (select md5(string_agg(p::text, '|' order by p.id)) from listing_photos p join listings l on l.id = p.listing_id where l.landlord_id = ${id}),
      (select md5(string_agg(m::text, '|' order by m.id)) from messages m where m.sender_id = ${id} or m.receiver_id = ${id}),
      (select md5(string_agg(s::text, '|' order by s.id)) from saved_searches s where s.user_id = ${id}),
      (select md5(string_agg(b::text, '|' order by b.blocked_id)) from blocks b where b.blocker_id = ${id}),
      (select md5(string_agg(r::text, '|' order by r.id)) from password_reset_tokens r where r.user_id = ${id})
    ) as digest`.execute(ctx.db);
  return rows[0]!.digest;
}

async function authorization(w: World, caller: Caller): Promise<{ headers: Record<string, string>; me: Person | null }> {
  switch (caller) {
    case 'Anon':
      return { headers: {}, me: null };
    case 'Tenant':
      return { headers: { authorization: `Bearer ${w.tenant.token}` }, me: w.tenant };
    case 'Landlord':
      return { headers: { authorization: `Bearer ${w.landlord.token}` }, me: w.landlord };
    case 'Owner':
      return { headers: { authorization: `Bearer ${w.owner.token}` }, me: w.owner };
    case 'Deleted':
      return { headers: { authorization: `Bearer ${w.deleted.token}` }, me: null };
    case 'Expired':
      return { headers: { authorization: `Bearer ${await badToken(w.owner.id, 'expired')}` }, me: null };
    case 'Forged':
      return { headers: { authorization: `Bearer ${await badToken(w.owner.id, 'forged')}` }, me: null };
    case 'Malformed':
      return { headers: { authorization: `Token ${w.owner.token}` }, me: null };
    case 'Moderator':
      return { headers: { authorization: `Bearer ${w.moderator.token}` }, me: w.moderator };
    case 'Suspended':
      return { headers: { authorization: `Bearer ${w.suspended.token}` }, me: null };
  }
}

/** What is wrong with one cell's answer besides its row's own check: status, leaks, error format, integrity. */
async function cellProblems(ctx: TestContext, w: World, row: Row, caller: Caller, res: LightMyRequestResponse, before: Fingerprint, ownerBefore: string): Promise<string[]> {
  const problems: string[] = [];
  if (res.statusCode !== row.expected[caller]) problems.push(`expected ${row.expected[caller]}`);
  for (const text of NEVER) if (res.body.includes(text)) problems.push(`leaks ${text}`);
  // A moderator's work is to read what was reported (the owner's email, a chat's messages) and act on the owner's listings.
  const moderating = caller === 'Moderator' && row.path.startsWith('/api/moderation/');
  if (caller !== 'Owner' && !moderating) for (const text of w.secrets) if (res.body.includes(text)) problems.push(`leaks the owner's "${text}"`);
  if (res.statusCode >= 400) {
    const format = errorFormatProblem(res);
    if (format) problems.push(`error format: ${format}`);
    const after = await fingerprint(ctx);
    const changed = Object.keys({ ...before.tables, ...after.tables }).filter((t) => before.tables[t] !== after.tables[t]);
    if (changed.length) problems.push(`a refused call changed the tables ${changed.join(', ')}`);
    if (JSON.stringify(after.uploads) !== JSON.stringify(before.uploads)) problems.push('a refused call changed the uploads folder');
    const expectedMessage = caller === 'Anon' ? API_TEXTS.unauthenticated : API_TEXTS.tokenInvalid;
    if (res.statusCode === 401 && !row.path.startsWith('/api/messages/stream') && res.json().message !== expectedMessage) problems.push(`401 should say "${expectedMessage}"`);
  }
  if (caller !== 'Owner' && !moderating && (await ownerData(ctx, w)) !== ownerBefore) problems.push("changed the owner's data");
  const credentialBearing = caller !== 'Anon' || /^\/api\/(auth|messages)\//.test(row.path);
  if (credentialBearing && !/(^|,)\s*no-store\s*(,|$)/.test(String(res.headers['cache-control'] ?? ''))) {
    problems.push(`may be cached: cache-control ${String(res.headers['cache-control'] ?? '(none)')}`);
  }
  return problems;
}

describe('the authorization matrix', () => {
  it('is well formed: one request per row, no row twice', () => {
    const keys = ROWS.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => !CASES[k])).toEqual([]);
    expect(Object.keys(CASES).filter((k) => !keys.includes(k))).toEqual([]);
  });
});

describe.each(TEST_DATABASES)('authorization matrix on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  it('lists every route the server has, and only those', () => {
    const routes = routeTable(ctx.app).map((r) => `${r.method} ${r.path}`);
    const listed = [...new Set(ROWS.map((r) => `${r.method} ${r.path}`))];
    // A route missing here needs a row in MATRIX: who may call it, and what everyone else gets.
    expect(routes.filter((r) => !listed.includes(r)), 'routes the matrix does not list').toEqual([]);
    expect(listed.filter((r) => !routes.includes(r)), 'matrix rows for routes that do not exist').toEqual([]);
  });

  it.each(ROWS.map((row) => [key(row), row] as const))('%s', async (_name, row) => {
    const spec = CASES[key(row)]!;
    const w = await makeWorld(ctx);
    const failures: string[] = [];
    for (const [index, caller] of RUN_ORDER.entries()) {
      const { headers, me } = await authorization(w, caller);
      const request = await spec.request(w, me);
      const before = await fingerprint(ctx);
      const ownerBefore = await ownerData(ctx, w);
      // A client address of its own per cell, so that no rate limit of one address decides a cell.
      const res = await ctx.app.inject({ ...request, headers: { ...request.headers, ...headers }, remoteAddress: `10.9.${ROWS.indexOf(row)}.${index + 1}` });
      // Work a route does after answering (emails) is part of the cell, not of the next one.
      await ctx.app.background.idle();
      const cell = `${caller}: ${row.method} ${String(request.url)} answered ${res.statusCode} ${res.body.slice(0, 200)}`;
      failures.push(...(await cellProblems(ctx, w, row, caller, res, before, ownerBefore)).map((problem) => `${cell} — ${problem}`));
      if (res.statusCode < 300) {
        try {
          spec.check?.(w, res, caller, me);
        } catch (err) {
          failures.push(`${cell} — ${(err as Error).message.split('\n')[0]}`);
        }
      }
    }
    // Every failing cell of the row at once, so a reader sees the row's whole story.
    expect(failures).toEqual([]);
  });
});
