/**
 * Rate limits across API instances: two apps on one database (one PGlite shared, or two pools on one PostgreSQL
 * schema, as two instances behind a load balancer) share every limit, because the counters are rows of
 * `rate_limits` (migration 0023). Windows end on the apps' clock, expired counters are deleted, the table holds no
 * address or email in clear, and a database that cannot count answers 503 with a logged error, never a 500.
 */
import { rmSync } from 'node:fs';
import { formatWait, RATE_LIMIT_TEXTS } from '@roomnest/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../src/config.ts';
import { PRUNE_BATCH, RATE_LIMIT_UNAVAILABLE } from '../src/plugins/rate-limit-store.ts';
import { captureLog, createTestContext, createUser, makeDataDir, SHARED_DATABASES, TEST_DATABASES, uniqueEmail, type SharedDatabase } from './support.ts';

const LIMITS: Partial<RateLimits> = {
  login: { max: 3, windowSeconds: 600 },
  loginIp: { max: 8, windowSeconds: 600 },
  newsletter: { max: 3, windowSeconds: 600 },
  passwordResetIp: { max: 4, windowSeconds: 600 },
  passwordReset: { max: 100, windowSeconds: 600 },
};

let addressCounter = 0;
const freshAddress = () => `10.20.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/** app.inject that fails the test on any 5xx. */
async function inject(app: App, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject(options);
  if (res.statusCode >= 500) throw new Error(`${String(options.url)} answered ${res.statusCode}: ${res.body}`);
  return res;
}

const loginOn = (app: App, remoteAddress: string, Email: string, Password: string) =>
  inject(app, { method: 'POST', url: '/api/auth/login', remoteAddress, payload: { Email, Password } });

describe.each(SHARED_DATABASES)('rate limits across two instances on $name', ({ open }) => {
  let shared: SharedDatabase;
  let a: App;
  let b: App;
  let clock = new Date('2026-06-01T09:00:00Z');
  const dirs: string[] = [];

  const instance = async (database: SharedDatabase['first'], rateLimits: Partial<RateLimits>) => {
    const config = makeDataDir();
    dirs.push(config.dataDir);
    const app = await buildApp({ db: database.db, config: { ...config, rateLimits }, now: () => clock });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    shared = await open();
    a = await instance(shared.first, LIMITS);
    b = await instance(shared.second, LIMITS);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });


  it('counts failed logins on both: after 3 on A and B, the next on either is 429, the right password too', async () => {
    const user = await createUser(shared.first.db);
    const ip = freshAddress();
    expect((await loginOn(a, ip, user.email, 'wrong')).statusCode).toBe(401);
    expect((await loginOn(b, ip, user.email, 'wrong')).statusCode).toBe(401);
    expect((await loginOn(a, ip, user.email, 'wrong')).statusCode).toBe(401);
    const refused = await loginOn(b, ip, user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toEqual({ message: RATE_LIMIT_TEXTS.login(formatWait(600)) });
    expect((await loginOn(a, ip, user.email, user.password)).statusCode).toBe(429);
    // Another address is not held up, on either instance.
    expect((await loginOn(b, freshAddress(), user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses the 11th failure on B after 10 on A with the default limit', async () => {
    const defaults = await instance(shared.first, {});
    const other = await instance(shared.second, {});
    try {
      expect(DEFAULT_RATE_LIMITS.login?.max).toBe(10);
      const user = await createUser(shared.first.db);
      const ip = freshAddress();
      for (let i = 0; i < 10; i++) expect((await loginOn(defaults, ip, user.email, `wrong-${i}`)).statusCode).toBe(401);
      expect((await loginOn(other, ip, user.email, 'wrong-10')).statusCode).toBe(429);
    } finally {
      await defaults.close();
      await other.close();
    }
  });

  it('lets no more than 3 of 12 parallel guesses spread over both instances reach a password check', async () => {
    const user = await createUser(shared.first.db);
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => loginOn(i % 2 ? a : b, ip, user.email, `guess-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    expect((await loginOn(a, ip, user.email, user.password)).statusCode).toBe(429);
  });

  it('does not count successful logins on either instance', async () => {
    const user = await createUser(shared.first.db);
    const ip = freshAddress();
    for (let i = 0; i < 6; i++) expect((await loginOn(i % 2 ? a : b, ip, user.email, user.password)).statusCode).toBe(200);
    expect((await loginOn(a, ip, user.email, 'wrong')).statusCode).toBe(401);
  });

  it("shares a route's limit (newsletter sign-ups) and a second limit on a route (password resets per address)", async () => {
    const ip = freshAddress();
    const subscribe = (app: App) => inject(app, { method: 'POST', url: '/api/newsletter/subscriptions', remoteAddress: ip, payload: { Email: uniqueEmail('news') } });
    expect((await subscribe(a)).statusCode).toBe(202);
    expect((await subscribe(b)).statusCode).toBe(202);
    expect((await subscribe(a)).statusCode).toBe(202);
    const limited = await subscribe(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: RATE_LIMIT_TEXTS.newsletter(formatWait(Number(limited.headers['retry-after']))) });

    // The newsletter's count from this address is its own: password resets from it start at zero.
    const reset = (app: App) => inject(app, { method: 'POST', url: '/api/auth/password-reset', remoteAddress: ip, payload: { Email: uniqueEmail('reset') } });
    for (let i = 0; i < 4; i++) expect((await reset(i % 2 ? a : b)).statusCode).toBe(202);
    const refused = await reset(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_TEXTS.passwordResetIp(formatWait(Number(refused.headers['retry-after']))) });
  });

  it('lifts a limit on both when its window ends on their clock, and deletes the expired counters', async () => {
    const user = await createUser(shared.first.db);
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) expect((await loginOn(i % 2 ? a : b, ip, user.email, 'wrong')).statusCode).toBe(401);
    clock = new Date(clock.getTime() + 599_000);
    const waiting = await loginOn(b, ip, user.email, user.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    clock = new Date(clock.getTime() + 1_000);
    expect((await loginOn(a, ip, user.email, user.password)).statusCode).toBe(200);

    // Every counter so far has ended by an hour later: pruning deletes them, in batches.
    clock = new Date(clock.getTime() + 3_600_000);
    const before = await shared.first.db.selectFrom('rate_limits').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    expect(Number(before.n)).toBeLessThan(PRUNE_BATCH);
    expect(await a.rateLimitCounters.prune()).toBe(Number(before.n));
    expect(await b.rateLimitCounters.prune()).toBe(0);
    // A counter whose window still runs is kept.
    expect((await loginOn(a, ip, user.email, 'wrong')).statusCode).toBe(401);
    expect(await b.rateLimitCounters.prune()).toBe(0);
    expect((await shared.first.db.selectFrom('rate_limits').select('key').execute()).length).toBe(2);
  });

  it('keeps no address or email in clear: rows are named by the limit and a hash', async () => {
    const user = await createUser(shared.first.db);
    const ip = freshAddress();
    expect((await loginOn(a, ip, user.email, 'wrong')).statusCode).toBe(401);
    const keys = (await shared.first.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys.some((k) => k.includes(ip) || k.includes(user.email))).toBe(false);
    expect(keys.some((k) => /^login:[\w-]{43}$/.test(k))).toBe(true);
    expect(keys.some((k) => /^login-ip:[\w-]{43}$/.test(k))).toBe(true);
  });
});

describe.each(TEST_DATABASES)('a database that cannot count, on $name', (database) => {
  it('answers 503 with a sentence and logs the error, for failure limits and route limits alike', async () => {
    const log = captureLog();
    const ctx = await createTestContext(database, undefined, { logLevel: 'error', logStream: log.stream });
    try {
      const user = await createUser(ctx.db);
      await sql`drop table rate_limits`.execute(ctx.db);
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toEqual({ message: RATE_LIMIT_UNAVAILABLE });
      const subscribe = await ctx.app.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload: { Email: uniqueEmail('news') } });
      expect(subscribe.statusCode).toBe(503);
      expect(subscribe.json()).toEqual({ message: RATE_LIMIT_UNAVAILABLE });
      const lines = log.lines.filter((line) => line.msg === 'rate limit counters unavailable: answering 503');
      expect(lines.map((line) => line.limits)).toEqual(['login-ip, login', 'POST /api/newsletter/subscriptions']);
      expect(lines.every((line) => line.level === 50 && typeof (line.err as { message?: unknown })?.message === 'string')).toBe(true);
      // Routes without a limit still answer.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
