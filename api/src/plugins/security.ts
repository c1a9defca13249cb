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
 *                            `{ message }` with `retry-after` in seconds.
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
import { HttpError } from './errors.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits in force (config RATE_LIMIT_*; a null limit is off). */
    rateLimits: RateLimits;
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

/** Keys kept per limit: an attacker rotating emails evicts old counters only after this many. */
const LIMIT_CACHE_SIZE = 100_000;

/**
 * A route's `config` for a limit on every request that reaches its handler
 * (counted in preHandler: after authentication and validation, so malformed
 * requests are not counted). No limit configured: no config.
 */
export function rateLimitConfig(limit: RateLimit, key: (request: FastifyRequest) => string, message: (wait: string) => string): { rateLimit?: object } {
  if (!limit) return {};
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      hook: 'preHandler',
      cache: LIMIT_CACHE_SIZE,
      keyGenerator: key,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => tooManyRequests(message, context.ttl / 1000),
    },
  };
}

/**
 * A second limit on a route that already has one in its `config` (the plugin takes one a route): a preHandler that
 * counts every request reaching it and answers 429 `{ message }` with retry-after beyond `limit`. No limit: a no-op.
 */
export function createRequestLimit(app: FastifyInstance, limit: RateLimit, key: (request: FastifyRequest) => string, message: (wait: string) => string) {
  const check = limit
    ? app.createRateLimit({ max: limit.max, timeWindow: limit.windowSeconds * 1000, keyGenerator: key, cache: LIMIT_CACHE_SIZE } as Parameters<FastifyInstance['createRateLimit']>[0])
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
  limit: RateLimit;
  key: (request: FastifyRequest) => string;
}

export interface FailureAttempt {
  /** Counts this attempt as a failure against every limit. */
  failed(): Promise<void>;
  /** Always call when the attempt is over (in a finally). */
  end(): void;
}

/**
 * Limits that count failures only (failed logins): a caller who has failed
 * `max` times within the window is refused with 429, whatever it sends, until
 * the window ends. Attempts in flight count as failures until they end, so a
 * burst of parallel guesses cannot slip past the limit.
 */
export function createFailureLimiter(app: FastifyInstance, limits: FailureLimit[], message: (wait: string) => string) {
  const active = limits.filter((l): l is FailureLimit & { limit: NonNullable<RateLimit> } => l.limit !== null);
  const checkers = active.map(({ limit, key }) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowSeconds * 1000, keyGenerator: key, cache: LIMIT_CACHE_SIZE } as Parameters<FastifyInstance['createRateLimit']>[0]),
  );
  const inFlight = active.map(() => new Map<string, number>());

  return async function begin(request: FastifyRequest, reply: FastifyReply): Promise<FailureAttempt> {
    const keys = active.map(({ key }) => key(request));
    // Others in flight, read in the same tick as this attempt registers itself: of two parallel attempts, the later sees the earlier.
    const others = keys.map((key, i) => inFlight[i]!.get(key) ?? 0);
    keys.forEach((key, i) => inFlight[i]!.set(key, (inFlight[i]!.get(key) ?? 0) + 1));
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      keys.forEach((key, i) => {
        const left = (inFlight[i]!.get(key) ?? 1) - 1;
        if (left > 0) inFlight[i]!.set(key, left);
        else inFlight[i]!.delete(key);
      });
    };
    try {
      let retryAfter = 0;
      for (const [i, check] of checkers.entries()) {
        const status = await check(request, { increment: false });
        if (status.isAllowed) continue;
        if (status.remaining - others[i]! <= 0) retryAfter = Math.max(retryAfter, status.ttlInSeconds || 1);
      }
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        throw tooManyRequests(message, retryAfter);
      }
    } catch (err) {
      end();
      throw err;
    }
    return {
      async failed() {
        for (const check of checkers) await check(request);
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

  await app.register(rateLimit, { global: false });
  app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...options.rateLimits });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['errors'] });
