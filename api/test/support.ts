/**
 * Test support: the databases every suite runs against (in-memory PGlite, plus
 * PostgreSQL when TEST_DATABASE_URL is set, each run in a fresh schema), and a
 * context that builds the app on one of them with a throwaway data folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { runStatement } from '../src/db/admin.ts';
import { expect } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import type { DB } from '../src/db/types.ts';
import type { SavedSearchCriteria, SavedSearchFrequency } from '@roomnest/shared';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { insertSavedSearch } from '../src/features/saved-searches/repository.ts';

export interface TestDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /** A migrated, empty database of its own. */
  open(): Promise<Database>;
}

const pglite: TestDatabase = {
  name: 'PGlite',
  async open() {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(database.db);
    return database;
  },
};

/** PostgreSQL at `url`, in a schema created for this one database and dropped on close. */
function postgres(url: string): TestDatabase {
  return {
    name: 'PostgreSQL',
    async open() {
      const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
      await runStatement(url, `create schema ${schema}`);
      let database: Database;
      try {
        database = await openDatabase({ kind: 'postgres', url, searchPath: `${schema},public`, poolSize: 5 });
      } catch (err) {
        await runStatement(url, `drop schema ${schema} cascade`);
        throw err;
      }
      try {
        await migrateToLatest(database.db);
      } catch (err) {
        await database.close();
        await runStatement(url, `drop schema ${schema} cascade`);
        throw err;
      }
      return {
        ...database,
        async close() {
          await database.close();
          await runStatement(url, `drop schema ${schema} cascade`);
        },
      };
    },
  };
}

const url = process.env.TEST_DATABASE_URL?.trim();
export const TEST_DATABASES: TestDatabase[] = url ? [pglite, postgres(url)] : [pglite];

/** Two handles on one database, as two API instances have: one PGlite instance shared, or two pools on one PostgreSQL schema. */
export interface SharedDatabase {
  name: string;
  first: Database;
  second: Database;
  close(): Promise<void>;
}

async function pgliteShared(): Promise<SharedDatabase> {
  const db = await openDatabase({ kind: 'pglite' });
  await migrateToLatest(db.db);
  return { name: 'PGlite', first: db, second: db, close: () => db.close() };
}

async function postgresShared(serverUrl: string): Promise<SharedDatabase> {
  const schema = `test_shared_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runStatement(serverUrl, `create schema ${schema}`);
  const first = await openDatabase({ kind: 'postgres', url: serverUrl, searchPath: `${schema},public`, poolSize: 4 });
  const second = await openDatabase({ kind: 'postgres', url: serverUrl, searchPath: `${schema},public`, poolSize: 4 });
  await migrateToLatest(first.db);
  return {
    name: 'PostgreSQL',
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await runStatement(serverUrl, `drop schema ${schema} cascade`);
    },
  };
}

export const SHARED_DATABASES: Array<{ name: string; open: () => Promise<SharedDatabase> }> = [
  { name: 'PGlite', open: pgliteShared },
  ...(url ? [{ name: 'PostgreSQL', open: () => postgresShared(url) }] : []),
];

export const TEST_TOKEN_SECRET = new TextEncoder().encode('test-only-token-secret-0123456789abcdef');
export const SHELL_VERSION = '1.0.0-20260101000000-abc1234';
export const SHELL_HTML = `<!doctype html><html><head><title>RoomNest</title></head><body><div id="root"></div><script type="module" src="/store/shell/${SHELL_VERSION}/assets/index.js"></script></body></html>`;
export const REMOTES = { mf_search: { version: '1.0.0-x', entry: '/store/mf-search/1.0.0-x/mf-manifest.json' } };

export type TestConfig = Pick<Config, 'dataDir' | 'storeDir' | 'uploadsDir' | 'tokenSecret' | 'tokenTtlSeconds' | 'logLevel'>;

/** A data folder with a published shell, one remote and remotes.json, as `npm run build` leaves it. */
export function makeDataDir(): TestConfig {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-api-test-'));
  const storeDir = join(dataDir, 'store');
  mkdirSync(join(storeDir, 'shell', SHELL_VERSION, 'assets'), { recursive: true });
  mkdirSync(join(storeDir, 'mf-search', '1.0.0-x'), { recursive: true });
  writeFileSync(join(storeDir, 'shell.json'), JSON.stringify({ version: SHELL_VERSION }));
  writeFileSync(join(storeDir, 'shell', SHELL_VERSION, 'index.html'), SHELL_HTML);
  writeFileSync(join(storeDir, 'shell', SHELL_VERSION, 'assets', 'index.js'), `console.info(${JSON.stringify('x'.repeat(4000))});\n`);
  writeFileSync(join(storeDir, 'mf-search', '1.0.0-x', 'mf-manifest.json'), '{"name":"mf_search"}');
  writeFileSync(join(storeDir, 'remotes.json'), JSON.stringify(REMOTES));
  return {
    dataDir,
    storeDir,
    uploadsDir: join(dataDir, 'uploads'),
    tokenSecret: TEST_TOKEN_SECRET,
    tokenTtlSeconds: 3600,
    logLevel: 'silent',
  };
}

export interface TestContext {
  app: App;
  db: Kysely<DB>;
  config: TestConfig;
  /** app.inject that fails the test on any 500 or any body that leaks a stack trace. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Default 'silent'. */
  logLevel?: TestConfig['logLevel'];
  /** Receives the app's log lines (see `captureLog`). */
  logStream?: BuildAppOptions['logStream'];
  /** The app's clock for day-dependent rules (BuildAppOptions.now). */
  now?: BuildAppOptions['now'];
}

/**
 * Builds the app on a fresh `database`; `extend` may add routes (e.g. probes of a helper) before it starts;
 * `options` may turn the log on and send it to a stream.
 */
export async function createTestContext(database: TestDatabase, extend?: (app: App) => void, { logLevel, logStream, now }: TestContextOptions = {}): Promise<TestContext> {
  const opened = await database.open();
  const config = { ...makeDataDir(), ...(logLevel ? { logLevel } : {}) };
  const app = await buildApp({ db: opened.db, config, logStream, now });
  extend?.(app);
  await app.ready();
  return {
    app,
    db: opened.db,
    config,
    async inject(options) {
      const res = await app.inject(options);
      const request = `${options.method ?? 'GET'} ${String(options.url)}`;
      if (res.statusCode === 500) throw new Error(`${request} answered 500: ${res.body}`);
      if (/\n\s+at .+:\d+:\d+/.test(res.body)) throw new Error(`${request} leaked a stack trace: ${res.body}`);
      return res;
    },
    async close() {
      await app.close();
      await opened.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A log destination that keeps every line, parsed: pass `stream` as `logStream`. */
export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: {
      write(chunk: string) {
        for (const line of chunk.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  };
}

let counter = 0;
/** An email address no other test uses. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.co.uk`;

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
}

/** Inserts a user straight into the database (faster than the API, and any user type or plan). */
export async function createUser(
  db: Kysely<DB>,
  overrides: Partial<{ name: string; email: string; password: string; userType: 'Tenant' | 'Landlord'; plan: 'Free' | 'Premium' | 'Professional' }> = {},
): Promise<CreatedUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'secret-password';
  const { id } = await db
    .insertInto('users')
    .values({
      name: overrides.name ?? 'Test User',
      email,
      password_hash: await hashPassword(password),
      user_type: overrides.userType ?? 'Tenant',
      plan: overrides.plan ?? 'Free',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, password };
}

/** Logs in through the API and answers the bearer token. */
export async function login(ctx: TestContext, user: { email: string; password: string }): Promise<string> {
  const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A saved search of the user's, written as POST /api/saved-searches writes one (its match rows too); answers its id. */
export async function createSavedSearch(
  db: Kysely<DB>,
  userId: number,
  { name = 'My search', criteria = {}, frequency = 'instant' }: { name?: string; criteria?: SavedSearchCriteria; frequency?: SavedSearchFrequency } = {},
): Promise<number> {
  const outcome = await insertSavedSearch(db, userId, { name, criteria, frequency });
  if (!('saved' in outcome)) throw new Error(`the saved search of user ${userId} was not saved: ${JSON.stringify(outcome)}`);
  return outcome.saved.id;
}
