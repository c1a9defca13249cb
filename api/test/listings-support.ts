/**
 * Helpers of the listings suites: multipart bodies as a browser sends them,
 * listings inserted straight into the database, test images made with sharp,
 * and a look at the uploads folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Listing } from '@roomnest/shared';
import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB, NewListing } from '../src/db/types.ts';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext, type TestDatabase } from './support.ts';

export interface FilePart {
  field: string;
  filename: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body (fields in order, repeated for arrays) and its content type, encoded by the platform's FormData. */
export async function formBody(fields: Record<string, string | readonly string[]>, files: FilePart[] = []): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of typeof value === 'string' ? [value] : value) form.append(name, item);
  }
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.filename);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** A complete, valid listing form. */
export const validForm = (overrides: Record<string, string | readonly string[]> = {}): Record<string, string | readonly string[]> => ({
  Title: 'Bright double room near London Fields',
  Description: 'A bright double room in a friendly flatshare.',
  Address: '14 Mare Street, Hackney',
  City: 'London',
  State: 'Greater London',
  ZipCode: 'E8 3DL',
  RoomType: 'Double',
  Rent: '950.50',
  Deposit: '1096',
  AvailableDate: '2030-09-01',
  LeaseTerms: '12-month tenancy',
  PetPolicy: 'Case-by-Case',
  SmokingPolicy: 'Outside Only',
  Amenities: ['parking', 'wifi', 'bills_included'],
  ...overrides,
});

/** Sends a multipart listing form (POST to create, PUT to update). */
export async function sendForm(
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  token: string | null,
  fields: Record<string, string | readonly string[]>,
  files: FilePart[] = [],
) {
  const { payload, contentType } = await formBody(fields, files);
  return ctx.inject({ method, url, payload, headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) } });
}

export const imagePart = (content: Buffer, filename = 'room.jpg', type = 'image/jpeg'): FilePart => ({ field: 'roomImage', filename, type, content });

/** A photo-like JPEG (a gradient, so it is not trivially small). */
export async function jpeg(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7fa7d9' } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="10" y="10" width="${width / 2}" height="${height / 3}" fill="#c0553a"/></svg>`) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 160, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
export const gif = (width = 120, height = 90) => sharp({ create: { width, height, channels: 3, background: '#f0c040' } }).gif().toBuffer();
export const webp = () => sharp({ create: { width: 100, height: 100, channels: 3, background: '#333333' } }).webp().toBuffer();

/** Files in `${uploadsDir}/<folder>`, sorted. */
export function uploadedFiles(ctx: TestContext, folder = 'listings'): string[] {
  const dir = join(ctx.config.uploadsDir, folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** The file on disk behind an `/uploads/...` path. */
export const uploadFile = (ctx: TestContext, path: string) => join(ctx.config.uploadsDir, path.replace(/^\/uploads\//, ''));

/** Inserts a listing straight into the database, posted `postedDaysAgo` days ago (it expires 30 days after that: pass 31 for an expired one). */
export async function insertListing(db: Kysely<DB>, landlordId: number, overrides: Partial<NewListing> & { postedDaysAgo?: number } = {}): Promise<number> {
  const { postedDaysAgo = 0, ...columns } = overrides;
  const posted = sql<Date>`now() - make_interval(secs => ${Math.round(postedDaysAgo * 86_400)})`;
  const { id } = await db
    .insertInto('listings')
    .values({
      landlord_id: landlordId,
      title: 'A room',
      address: '1 Test Street, Hackney',
      city: 'London',
      state: 'Greater London',
      zip_code: 'E8 1AA',
      room_type: 'Double',
      rent: 800,
      available_date: '2030-01-01',
      pet_policy: 'Not Allowed',
      smoking_policy: 'Not Allowed',
      ...columns,
      created_at: posted,
      expires_at: sql<Date>`now() - make_interval(secs => ${Math.round(postedDaysAgo * 86_400)}) + interval '30 days'`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface Actor {
  id: number;
  token: string;
}

/** A user of the given type and plan, logged in. */
export async function actor(ctx: TestContext, userType: 'Tenant' | 'Landlord', plan: 'Free' | 'Premium' | 'Professional' = 'Free', name?: string): Promise<Actor> {
  const user = await createUser(ctx.db, { userType, plan, ...(name ? { name } : {}) });
  return { id: user.id, token: await login(ctx, user) };
}

/** GET /api/listings with a query string; answers the parsed page. */
export async function search(ctx: TestContext, query = ''): Promise<{ listings: Listing[]; total: number; page: number; totalPages: number }> {
  const res = await ctx.inject({ method: 'GET', url: `/api/listings${query ? `?${query}` : ''}` });
  if (res.statusCode !== 200) throw new Error(`search ${query} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/**
 * A fresh app on `database` for one suite, with what `make` adds to it: set up before the suite's tests, closed
 * after them. Read its fields inside the tests (they are filled in by then).
 */
export function suiteWith<T extends object>(database: TestDatabase, make: (ctx: TestContext) => Promise<T>): { ctx: TestContext } & T {
  const suite = {} as { ctx: TestContext } & T;
  beforeAll(async () => {
    suite.ctx = await createTestContext(database);
    Object.assign(suite, await make(suite.ctx));
  });
  afterAll(() => suite.ctx?.close());
  return suite;
}

/** The suite's app with a landlord to own its listings (their id). */
export const landlordSuite = (database: TestDatabase) => suiteWith(database, async (ctx) => ({ landlord: (await actor(ctx, 'Landlord')).id }));

/** The suite's app with a Professional landlord, Lara Landlord, logged in: to own listings and to act. */
export const signedInLandlordSuite = (database: TestDatabase) =>
  suiteWith(database, async (ctx) => ({ landlord: await actor(ctx, 'Landlord', 'Professional', 'Lara Landlord') }));
