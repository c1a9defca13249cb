/**
 * HTTP hardening: security headers with a Content Security Policy
 * that follows the live remotes, CORS for configured origins only, and the
 * rate limiter that the auth, password-reset and message routes use.
 *
 *   Content-Security-Policy  scripts, styles, images, fonts and fetches from this origin and from
 *                            every remote origin: the absolute `entry` URLs of the live remotes.json
 *                            (re-read when the file changes) plus CSP_REMOTE_ORIGINS. No inline
 *                            script, no eval, no plugins, no framing.
 *   CORS                     only for CORS_ORIGINS (none by default: same origin only).
 *   Rate limits              `rateLimitConfig()` for a route's `config`; `createFailureLimiter()` for
 *                            limits that count failures only (login). Over the limit: 429
 *                            `{ message }` with `retry-after` in seconds. Counted in the database
 *                            (rate-limit-store.ts), so every limit holds across instances; when the
 *                            database cannot count, 503 and an error line.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { formatWait } from '@roomnest/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_RATE_LIMITS, type RateLimit, type RateLimits } from '../config.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { HttpError } from './errors.ts';
import { counterKey, createCounters, databaseStore, PRUNE_EVERY_MS, type Counters } from './rate-limit-store.ts';

export interface SecurityPluginOptions {
  /** The deployment store: its remotes.json names the remote origins pages may load. */
  storeDir: string;
  /** The site's address; https turns on upgrade-insecure-requests. */
  publicUrl?: string;
  corsOrigins?: string[];
  cspRemoteOrigins?: string[];
  /** Origins images load from besides this one and the remotes': the uploads bucket's public address (S3_PUBLIC_URL). */
  imageOrigins?: string[];
  rateLimits?: Partial<RateLimits>;
  /** Where the rate-limit counters are kept (table rate_limits), shared by every instance on it. */
  db: Kysely<DB>;
  /** The counters' clock (default: the system's). */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits in force (config RATE_LIMIT_*; a null limit is off). */
    rateLimits: RateLimits;
    /** The rate-limit counters in the database (rate-limit-store.ts). */
    rateLimitCounters: Counters;
  }
}

/** How long a connection whose request body is refused stays half-closed after the answer: time for the client to read it. */
export const LINGER_MS = 2_000;

/**
 * Ends the connection of a request whose body is refused, without reading more of it and without losing the answer.
 * Node would read such a body to its end before answering the next request, or, with `Connection: close`, close the
 * socket as soon as the answer is written: with the client still sending, that close is a reset, and a client that
 * has not read the answer yet loses it (the tests saw it). Instead: take no more of the body (reading nothing
 * more than what is buffered marks it read, so Node does not read it to its end), send the answer and FIN, and end
 * the connection LINGER_MS later. Meanwhile the client's sending stalls: nothing is read.
 */
function closeAfterAnswer(raw: IncomingMessage): void {
  raw.read(0);
  raw.pause();
  const socket = raw.socket;
  // What Node calls once a `Connection: close` answer is written.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Routes whose answers carry credentials or a person's own data whoever calls them: login, registration and
 * password reset (a token, an account's facts), and messages (texts, the unread count, stream tickets).
 */
const PRIVATE_ROUTES = /^\/api\/(auth|messages)(\/|\?|$)/;

/** Whether no cache (browser, proxy, CDN) may keep this answer: any call with an Authorization header, and PRIVATE_ROUTES. */
export const isPrivateAnswer = (request: FastifyRequest) => request.headers.authorization !== undefined || PRIVATE_ROUTES.test(request.url);

/**
 * The origins of the absolute `entry` URLs in a remotes.json, canaries' included (a page's policy names the
 * origins of every cohort: the page is the same for all, and a browser in a canary loads from the canary's
 * origin). Same-origin `/store/...` entries add none.
 */
export function remoteOriginsOf(registry: unknown): string[] {
  if (!registry || typeof registry !== 'object') return [];
  const origins = new Set<string>();
  for (const value of Object.values(registry as Record<string, unknown>)) {
    const remote = value as { entry?: unknown; canary?: { entry?: unknown } | null } | null;
    for (const entry of [remote?.entry, remote?.canary?.entry]) {
      if (typeof entry !== 'string' || !/^https?:\/\//i.test(entry)) continue;
      try {
        origins.add(new URL(entry).origin);
      } catch {
        // Not a URL: the shell cannot load it either.
      }
    }
  }
  return [...origins];
}

/**
 * The remote origins of the live remotes.json, re-read whenever the file is
 * replaced (a release or rollback renames a new file into place), plus the
 * configured ones.
 */
export function createRemoteOrigins(storeDir: string, configured: string[]) {
  const file = join(storeDir, 'remotes.json');
  let signature = '';
  let fromFile: string[] = [];
  let all = [...configured];
  return {
    /** Cheap when nothing changed (one stat). */
    async refresh(): Promise<void> {
      let next = '';
      try {
        const info = await stat(file);
        next = `${info.ino}:${info.mtimeMs}:${info.size}`;
        if (next === signature) return;
        fromFile = remoteOriginsOf(JSON.parse(await readFile(file, 'utf8')));
      } catch {
        fromFile = [];
      }
      signature = next;
      all = [...new Set([...configured, ...fromFile])];
    },
    list: (): readonly string[] => all,
  };
}

const isDocsPage = (request: IncomingMessage) => /^\/api\/docs(\/|$|\?)/.test(request.url ?? '');

const wantsDocument = (request: FastifyRequest) => request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

/** The answer to a caller over a limit: 429 `{ message }` (the retry-after header is set by the caller). */
export const tooManyRequests = (message: (wait: string) => string, retryAfterSeconds: number) => new HttpError(429, message(formatWait(retryAfterSeconds)));

/** The client's address as the rate limits see it (an IPv6 client by its /64). */
export const clientIp = (request: FastifyRequest) => normalizeIP(request.ip);

/**
 * A route's `config` for a limit on every request that reaches its handler
 * (counted in preHandler: after authentication and validation, so malformed
 * requests are not counted). The count is kept in the database under the
 * route's method and path (rate-limit-store.ts). No limit configured: no config.
 */
export function rateLimitConfig(limit: RateLimit, key: (request: FastifyRequest) => string, message: (wait: string) => string): { rateLimit?: object } {
  if (!limit) return {};
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      hook: 'preHandler',
      keyGenerator: key,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => tooManyRequests(message, context.ttl / 1000),
    },
  };
}

/**
 * A second limit on a route that already has one in its `config` (the plugin takes one a route): a preHandler that
 * counts every request reaching it and answers 429 `{ message }` with retry-after beyond `limit`. `name` keeps its
 * counts apart from every other limit's (a row key in the database). No limit: a no-op.
 */
export function createRequestLimit(app: FastifyInstance, name: string, limit: RateLimit, key: (request: FastifyRequest) => string, message: (wait: string) => string) {
  const check = limit
    ? app.createRateLimit({ max: limit.max, timeWindow: limit.windowSeconds * 1000, keyGenerator: key, limitName: name } as Parameters<FastifyInstance['createRateLimit']>[0])
    : null;
  return async function limitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!check) return;
    const status = await check(request);
    // isAllowed means the key is on an allow list (none here); isExceeded that this request is one too many.
    if (status.isAllowed || !status.isExceeded) return;
    const retryAfter = status.ttlInSeconds || 1;
    reply.header('retry-after', String(retryAfter));
    throw tooManyRequests(message, retryAfter);
  };
}

export interface FailureLimit {
  /** The limit's name: its counters' key prefix in the database, apart from every other limit's. */
  name: string;
  limit: RateLimit;
  key: (request: FastifyRequest) => string;
}

export interface FailureAttempt {
  /** Counts this attempt as a failure against every limit. */
  failed(): Promise<void>;
  /** Always call when the attempt is over (in a finally); never rejects. */
  end(): Promise<void>;
}

/**
 * Limits that count failures only (failed logins): a caller who has failed
 * `max` times within the window is refused with 429, whatever it sends, until
 * the window ends. Each attempt is counted when it begins, in the database, so
 * that attempts in flight count, on every instance: a burst of parallel guesses
 * spread over the instances cannot slip past the limit. An attempt refused, or
 * one that ends without failing, takes its hit back.
 */
export function createFailureLimiter(app: FastifyInstance, limits: FailureLimit[], message: (wait: string) => string) {
  const active = limits.filter((l): l is FailureLimit & { limit: NonNullable<RateLimit> } => l.limit !== null);
  const done: FailureAttempt = { failed: async () => {}, end: async () => {} };

  return async function begin(request: FastifyRequest, reply: FastifyReply): Promise<FailureAttempt> {
    if (active.length === 0) return done;
    const entries = active.map(({ name, limit, key }) => ({ key: counterKey(name, key(request)), windowMs: limit.windowSeconds * 1000, max: limit.max }));
    const counted = await app.rateLimitCounters.hit(entries);
    let retryAfter = 0;
    for (const entry of entries) {
      const state = counted.find((c) => c.key === entry.key);
      if (state && state.hits > entry.max) retryAfter = Math.max(retryAfter, Math.ceil(state.ttlMs / 1000));
    }
    let failed = false;
    let ended = false;
    const end = async () => {
      if (ended) return;
      ended = true;
      if (failed) return;
      try {
        await app.rateLimitCounters.takeBack(entries);
      } catch (err) {
        // Already logged by the counters: the hit stays counted, which errs on the side of the limit.
        request.log.debug({ err }, 'could not take back a rate limit hit');
      }
    };
    if (retryAfter > 0) {
      await end();
      reply.header('retry-after', String(retryAfter));
      throw tooManyRequests(message, retryAfter);
    }
    return {
      async failed() {
        failed = true;
      },
      end,
    };
  };
}

async function securityPlugin(app: FastifyInstance, options: SecurityPluginOptions): Promise<void> {
  const origins = createRemoteOrigins(options.storeDir, options.cspRemoteOrigins ?? []);
  await origins.refresh();
  // Before helmet's own hook: a page's policy names the remotes live when it is served.
  app.addHook('onRequest', async (request) => {
    if (wantsDocument(request)) await origins.refresh();
  });
  const sources =
    (...fixed: string[]) =>
    () =>
      [...fixed, ...origins.list()].join(' ');

  const https = options.publicUrl?.startsWith('https:') ?? false;
  const corsOrigins = new Set(options.corsOrigins ?? []);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: [sources("'self'")],
        scriptSrcAttr: ["'none'"],
        // The OpenAPI page (Swagger UI, a developer tool under /api/docs) injects <style> elements; nothing else may.
        styleSrc: [(request: IncomingMessage) => [sources("'self'")(), ...(isDocsPage(request) ? ["'unsafe-inline'"] : [])].join(' ')],
        imgSrc: [sources("'self'", 'data:', 'blob:', ...(options.imageOrigins ?? []))],
        fontSrc: [sources("'self'", 'data:')],
        connectSrc: [sources("'self'")],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Remotes on other origins are loaded with CORS, not under a cross-origin embedder policy.
    crossOriginEmbedderPolicy: false,
    // Pages of the configured CORS origins may show our uploaded images too.
    crossOriginResourcePolicy: { policy: corsOrigins.size > 0 ? 'cross-origin' : 'same-origin' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // The one place that keeps authenticated and credential-bearing answers out of every cache (a shared computer's
  // back button, a proxy): last, so it wins over a route's own header. The live stream, which writes its own head, says no-store too.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPrivateAnswer(request)) reply.header('cache-control', 'no-store');
    // A body not read to its end (refused before or while it came in: too large, a failed check) would be read to its
    // end by Node to keep the connection, whatever its size: the answer closes the connection instead, and with it the upload.
    if (request.raw.complete === false) {
      reply.header('connection', 'close');
      closeAfterAnswer(request.raw);
    }
    return payload;
  });

  await app.register(cors, {
    // Same-origin calls need no CORS headers; other origins only when configured.
    origin: (origin, callback) => callback(null, origin !== undefined && corsOrigins.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'last-event-id'],
    exposedHeaders: ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    credentials: false,
    maxAge: 600,
    strictPreflight: false,
  });

  const counters = createCounters(options.db, options.now ?? (() => new Date()), app.log);
  await app.register(rateLimit, { global: false, store: databaseStore(counters) });
  app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
  app.decorate('rateLimitCounters', counters);
  // Each instance deletes expired counters now and then; closing waits for a batch under way.
  let pruning: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    pruning = counters.prune().catch((err: unknown) => app.log.warn({ err }, 'could not delete expired rate limit counters'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await pruning;
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['errors'] });
