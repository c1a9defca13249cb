/**
 * Helpers of the authorization matrix and the fuzzing suites: the route table
 * as Fastify has it, a fingerprint of everything the API can write (every
 * table's rows, the uploads folder) to prove a refused write changed nothing,
 * the one error format every non-2xx answer must have, and users and tokens
 * made without the API (no argon2 hash per user, no login calls).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { DB } from '../src/db/types.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { createTokenService } from '../src/features/auth/tokens.ts';
import { TEST_TOKEN_SECRET, uniqueEmail, type TestContext } from './support.ts';

export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Every (method, path) Fastify routes, read from `app.printRoutes()` (the radix
 * tree: a route's path is its node's segment after its ancestors'). HEAD routes
 * that Fastify adds beside GET are left out. Each entry is checked against
 * `app.hasRoute`, so a change in the printout's format fails loudly instead of
 * hiding routes.
 */
export function routeTable(app: App): RouteEntry[] {
  const lines = app.printRoutes().split('\n').filter((line) => line.trim());
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of lines) {
    const match = /^((?:[│ ] {3})*)[└├]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) throw new Error(`unexpected printRoutes line: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    stack.length = depth;
    // With routes of more than one root (e.g. `OPTIONS *` beside `/…`), the tree starts at an unnamed node.
    stack.push(match[2] === '(empty root node)' ? '' : match[2]!);
    if (!match[3]) continue;
    const path = stack.join('');
    const methods = match[3].split(',').map((m) => m.trim());
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      // A catch-all registered as '*' (the CORS preflight) is known to the router as '/*'.
      const known = [path, `/${path}`].some((url) => app.hasRoute({ method: method as 'GET', url }));
      if (!known) throw new Error(`printRoutes listed ${method} ${path}, which hasRoute does not know`);
      routes.push({ method, path });
    }
  }
  return routes;
}

export interface Fingerprint {
  tables: Record<string, string>;
  uploads: string[];
}

function listFiles(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path, root) : [`${relative(root, path)} ${statSync(path).size}`];
  });
}

/** Every table of the schema in use: its row count and an md5 of all its rows, plus every file under uploads (path and size). */
export async function fingerprint(ctx: TestContext): Promise<Fingerprint> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      -- The rate limits' counters count requests, refused ones included (a failed login): that is their job, not a write.
      and table_name <> 'rate_limits'
    order by table_name`.execute(ctx.db);
  const tables: Record<string, string> = {};
  for (const { table_name } of rows) {
    const { rows: [sum] } = await sql<{ n: number; digest: string | null }>`
      select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table_name)} t`.execute(ctx.db);
    tables[table_name] = `${sum!.n} rows ${sum!.digest ?? '-'}`;
  }
  return { tables, uploads: listFiles(ctx.config.uploadsDir).sort() };
}

const ERROR_KEYS = new Set(['message', 'errors']);

/**
 * The one error format (docs/product.md, Errors): JSON `{ message }` with a sentence, and for a validation 400
 * `errors: [{ field, message }]`; nothing else (no stack, no Fastify `statusCode`/`error` fields, no SQL).
 * Answers a description of what is wrong, or null.
 */
export function errorFormatProblem(res: LightMyRequestResponse): string | null {
  if (!/^application\/json\b/.test(String(res.headers['content-type'] ?? ''))) return `content-type ${String(res.headers['content-type'])}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const record = body as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !ERROR_KEYS.has(key));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  if (typeof record.message !== 'string' || !record.message.trim()) return 'message is not a sentence';
  if (record.errors !== undefined) {
    if (!Array.isArray(record.errors) || record.errors.length === 0) return 'errors is not a non-empty list';
    for (const item of record.errors as unknown[]) {
      const entry = item as Record<string, unknown>;
      if (typeof entry?.field !== 'string' || typeof entry.message !== 'string' || Object.keys(entry).length !== 2) return `bad errors entry ${JSON.stringify(item)}`;
    }
  }
  // A stack frame, a file of the server, or a database error's own wording (the API answers its own sentences only).
  if (/\n\s+at .+:\d+:\d+|node_modules\/|\.ts:\d+|invalid input syntax|invalid byte sequence|violates .+ constraint|relation "|column "|syntax error at or near/.test(res.body)) {
    return 'body leaks internals';
  }
  return null;
}

/** Asserts the error format (see errorFormatProblem). */
export function expectErrorFormat(res: LightMyRequestResponse, what: string): void {
  expect(errorFormatProblem(res), `${what} answered ${res.statusCode} ${res.body.slice(0, 300)}`).toBeNull();
}

export const PASSWORD = 'secret-password';
let passwordHash: Promise<string> | undefined;

export interface Person {
  id: number;
  email: string;
  name: string;
  /** A genuine token, as login would answer. */
  token: string;
}

const tokens = createTokenService(TEST_TOKEN_SECRET, 3600);

/** A user inserted straight into the database (all with one password hash), with a genuine token. */
export async function person(
  db: Kysely<DB>,
  values: Partial<{ name: string; email: string; userType: 'Tenant' | 'Landlord'; plan: 'Free' | 'Premium' | 'Professional'; phone: string; bio: string; listed: boolean }> = {},
): Promise<Person> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = values.email ?? uniqueEmail('matrix');
  const name = values.name ?? 'Test Person';
  const { id } = await db
    .insertInto('users')
    .values({
      name,
      email,
      password_hash: await passwordHash,
      user_type: values.userType ?? 'Tenant',
      plan: values.plan ?? 'Free',
      phone_number: values.phone ?? null,
      bio: values.bio ?? null,
      is_actively_looking: values.listed ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, name, token: await tokens.issue({ userId: id, tokenVersion: 0 }) };
}

/** A token for `userId` with the server's claims but expired, or signed with another key (forged). */
export async function badToken(userId: number, kind: 'expired' | 'forged'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const secret = kind === 'forged' ? new TextEncoder().encode('not-the-server-secret-not-the-server-secret') : TEST_TOKEN_SECRET;
  return new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('roomnest')
    .setAudience('roomnest-api')
    .setIssuedAt(now - 7200)
    .setExpirationTime(kind === 'expired' ? now - 60 : now + 3600)
    .sign(secret);
}
