/**
 * The Fastify application: infrastructure plugins, one encapsulated plugin per
 * API area under /api, OpenAPI docs at /api/docs, then the web plugin that
 * serves uploads, the deployment store and the shell. main.ts runs it; the
 * tests inject requests into it.
 */
import { dirname, join } from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  DEFAULT_ALERT_DELAY_SECONDS,
  DEFAULT_DIGEST_HOUR,
  DEFAULT_JOB_CONCURRENCY,
  DEFAULT_MAIL_FROM,
  DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS,
  DEFAULT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
  DEFAULT_NEW_ACCOUNT_DAYS,
  DEFAULT_REMOTE_LOAD_SAMPLE_RATE,
  type Config,
} from './config.ts';
import { logDestination } from './log-format.ts';
import { redactSecrets } from './log-redaction.ts';
import type { DB } from './db/types.ts';
import { jobHandlers } from './jobs/handlers.ts';
import authRoutes from './features/auth/routes.ts';
import blocksRoutes from './features/blocks/routes.ts';
import clientErrorsRoutes from './features/client-errors/routes.ts';
import emailVerificationRoutes from './features/email-verification/routes.ts';
import { createTokenService } from './features/auth/tokens.ts';
import healthRoutes from './features/health/routes.ts';
import listingsRoutes from './features/listings/routes.ts';
import { SearchCache } from './features/listings/search-cache.ts';
import moderationRoutes from './features/moderation/routes.ts';
import reportsRoutes from './features/reports/routes.ts';
import messagesRoutes from './features/messages/routes.ts';
import newsletterRoutes from './features/newsletter/routes.ts';
import notificationsRoutes from './features/notifications/routes.ts';
import { createPageDescriber } from './features/pages/describe.ts';
import { withHead } from './features/pages/page-head.ts';
import pagesRoutes from './features/pages/routes.ts';
import { createMailer, type Mailer } from './features/password-reset/mailer.ts';
import passwordResetRoutes from './features/password-reset/routes.ts';
import savedSearchesRoutes from './features/saved-searches/routes.ts';
import savedListingsRoutes from './features/saved-listings/routes.ts';
import usersRoutes from './features/users/routes.ts';
import authPlugin from './plugins/auth.ts';
import backgroundPlugin from './plugins/background.ts';
import drainPlugin from './plugins/drain.ts';
import errorsPlugin, { frameworkErrors, validatorCompiler } from './plugins/errors.ts';
import jobsPlugin from './plugins/jobs.ts';
import metricsPlugin from './plugins/metrics.ts';
import securityPlugin from './plugins/security.ts';
import webPlugin from './plugins/web.ts';
import { createUploadStorage, type UploadStorage } from './uploads/storage.ts';

/** Largest JSON body accepted (uploads, which are multipart, have their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const API_VERSION = '1.0.0';

export interface BuildAppOptions {
  db: Kysely<DB>;
  /** Without searchCacheSeconds, every search is read afresh (the tests rely on that). */
  config: Pick<Config, 'storeDir' | 'uploadsDir' | 'tokenSecret' | 'tokenTtlSeconds' | 'logLevel'> & Partial<Pick<Config, 'searchCacheSeconds'>> &
    /** Object storage for uploads (S3_*): without it, the uploads folder. */
    Partial<Pick<Config, 'objectStorage'>> &
    /** Email: without dataDir the outbox is beside the uploads folder; publicUrl defaults to http://localhost:8080. */
    Partial<Pick<Config, 'dataDir' | 'smtpUrl' | 'mailFrom' | 'publicUrl'>> &
    /** Hardening: without them, same-origin CORS, remote origins from remotes.json only, no trusted proxy, the default rate limits. */
    Partial<Pick<Config, 'corsOrigins' | 'cspRemoteOrigins' | 'trustProxy'>> & { rateLimits?: Partial<Config['rateLimits']> } &
    /**
     * The job queue: without runJobs nothing runs by itself (a test calls app.jobs.runDue()); main.ts passes RUN_JOBS,
     * on by default. Without the delays and DIGEST_HOUR, their defaults.
     */
    Partial<Pick<Config, 'runJobs' | 'jobConcurrency' | 'messageEmailDelaySeconds' | 'alertDelaySeconds' | 'digestHour'>> &
    /** The new-account limit on new conversations: without them, its defaults (7 days, 5 a day). */
    Partial<Pick<Config, 'newAccountDays' | 'newAccountConversationsPerDay'>> &
    /** Canary load counts and the automatic guard: without canaryGuard the guard does not run by itself. */
    Partial<Pick<Config, 'canaryGuard' | 'remoteLoadSampleRate' | 'remoteLoadReportSeconds'>> &
    /** Operations: without logFormat, JSON lines; without metricsToken, GET /metrics answers the loopback only. */
    Partial<Pick<Config, 'logFormat' | 'metricsToken'>>;
  /** Where log lines go (default: stdout), in config.logFormat; the tests pass a stream to read them. */
  logStream?: FastifyLoggerOptions['stream'];
  /** The clock of the rules that depend on the day (a listing's AvailableDate); the tests set it. Default: the system's. */
  now?: () => Date;
  /** Outgoing email (default: SMTP_URL's server, or the outbox folder); the tests may pass their own. */
  mailer?: Mailer;
  /**
   * Where uploads are kept (uploads/storage.ts): main.ts passes the one it checked at start and seeded into;
   * without it, one made from the configuration, closed with the app.
   */
  uploads?: UploadStorage;
}

export type App = FastifyInstance;

/** TRUST_PROXY=<n>: the nearest n proxies are believed about the client's address. */
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp({ db, config, logStream, now, mailer: givenMailer, uploads: givenUploads }: BuildAppOptions): Promise<App> {
  const destination = logDestination(config.logFormat ?? 'json', logStream);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      // Every finished line, at every level: reset and newsletter tokens, stream tickets, bearer tokens and cookies in any
      // logged URL or header become [redacted] (see log-redaction.ts). A pretty line is made from the redacted one (log-format.ts).
      hooks: { streamWrite: redactSecrets },
      ...(destination ? { stream: destination } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    // Behind a load balancer, the client's IP (rate limits, logs) comes from X-Forwarded-For only when TRUST_PROXY says so.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : (config.trustProxy ?? false),
    // Long-lived keep-alive behind a load balancer: let it close idle sockets first.
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true },
    // URLs the router itself refuses (broken %-encoding, over-long path parameters) answer in the API's format.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  const uploads = givenUploads ?? createUploadStorage(config);
  if (!givenUploads) app.addHook('onClose', async () => uploads.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON only: a text/plain body is an unsupported content type (415), not a string to validate.
  app.removeContentTypeParser('text/plain');

  // First, so that it counts the handlers of every route registered after it.
  await app.register(drainPlugin);
  await app.register(errorsPlugin);
  // GET /metrics and the instruments (app.metrics): before every route, so that each answer is timed.
  await app.register(metricsPlugin, { db, token: config.metricsToken ?? null });
  // Work routes do after answering (emails); closing waits for it.
  await app.register(backgroundPlugin);
  // Security headers and CSP (following the live remotes), CORS, rate limits: see plugins/security.ts.
  await app.register(securityPlugin, {
    storeDir: config.storeDir,
    publicUrl: config.publicUrl,
    corsOrigins: config.corsOrigins,
    cspRemoteOrigins: config.cspRemoteOrigins,
    // Images redirected to the bucket's public address (S3_PUBLIC_URL) load from there.
    imageOrigins: config.objectStorage?.publicUrl ? [new URL(config.objectStorage.publicUrl).origin] : [],
    rateLimits: config.rateLimits,
    db,
    now,
  });
  await app.register(compress, { encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RoomNest API',
        version: API_VERSION,
        description:
          'API of RoomNest, the UK room-rental and flatmate marketplace. JSON in and out. ' +
          'Every non-2xx answer is `{ message }`; a validation 400 adds `errors: [{ field, message }]`. ' +
          'Log in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token answered by POST /api/auth/login.' },
        },
      },
      tags: [
        { name: 'auth', description: 'Registration, login, password reset and email verification' },
        { name: 'listings', description: 'Rooms: search, detail, and landlords’ listings' },
        { name: 'saved searches', description: 'Searches kept with a name, and emailed of new matching rooms (instant or a daily digest)' },
        { name: 'users', description: 'Accounts and flatmate profiles' },
        { name: 'messages', description: 'Messages between users' },
        { name: 'blocks', description: 'Blocked people: no messages either way' },
        { name: 'saved-listings', description: 'Saved rooms' },
        { name: 'trust and safety', description: 'Reports of rooms and people' },
        { name: 'moderation', description: 'The trust and safety team: the report queue, its actions, restores and the audit log (moderators only)' },
        { name: 'newsletter', description: 'Newsletter subscriptions' },
        { name: 'notifications', description: 'Notification emails: one-click unsubscribe' },
        { name: 'client-errors', description: 'Failures the browser reports to the server log' },
        { name: 'health', description: 'Service health' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const tokens = createTokenService(config.tokenSecret, config.tokenTtlSeconds);
  await app.register(authPlugin, { db, tokens });

  const mailer =
    givenMailer ??
    createMailer({
      smtpUrl: config.smtpUrl ?? null,
      from: config.mailFrom ?? DEFAULT_MAIL_FROM,
      outboxDir: join(config.dataDir ?? dirname(config.uploadsDir), 'outbox'),
      log: app.log,
    });
  const publicUrl = config.publicUrl ?? 'http://localhost:8080';
  const clock = now ?? (() => new Date());

  // The durable job queue (plugins/jobs.ts): every kind of job and its handler, in this one object. worker.ts runs the same ones.
  await app.register(jobsPlugin, {
    db,
    handlers: jobHandlers({ db, mailer, publicUrl, secret: config.tokenSecret, log: app.log, now: clock, digestHour: config.digestHour ?? DEFAULT_DIGEST_HOUR }),
    run: config.runJobs ?? false,
    concurrency: config.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY,
    now: clock,
  });

  await app.register(authRoutes, { prefix: '/api/auth', db, tokens, now: clock });
  await app.register(emailVerificationRoutes, { prefix: '/api/auth', db, secret: config.tokenSecret, now: clock });
  await app.register(passwordResetRoutes, { prefix: '/api/auth', db, mailer, publicUrl });
  // One search cache, cleared by the listings routes and by the moderation actions that take rooms out of search.
  const searchCache = new SearchCache((config.searchCacheSeconds ?? 0) * 1000, {
    onLookup: (hit) => app.metrics.searchCacheLookups.inc({ result: hit ? 'hit' : 'miss' }),
  });
  await app.register(listingsRoutes, {
    prefix: '/api/listings',
    db,
    uploads,
    cache: searchCache,
    now: clock,
    viewSecret: config.tokenSecret,
    alertDelaySeconds: config.alertDelaySeconds ?? DEFAULT_ALERT_DELAY_SECONDS,
  });
  await app.register(savedSearchesRoutes, { prefix: '/api/saved-searches', db, digestHour: config.digestHour ?? DEFAULT_DIGEST_HOUR, now: clock });
  await app.register(usersRoutes, { prefix: '/api/users', db, uploads });
  await app.register(messagesRoutes, {
    prefix: '/api/messages',
    db,
    tokenSecret: config.tokenSecret,
    messageEmailDelaySeconds: config.messageEmailDelaySeconds ?? DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS,
    now: clock,
    newAccount: {
      days: config.newAccountDays ?? DEFAULT_NEW_ACCOUNT_DAYS,
      perDay: config.newAccountConversationsPerDay ?? DEFAULT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
    },
  });
  await app.register(blocksRoutes, { prefix: '/api/blocks', db });
  await app.register(notificationsRoutes, { prefix: '/api/notifications', db, secret: config.tokenSecret });
  await app.register(savedListingsRoutes, { prefix: '/api/saved-listings', db });
  await app.register(newsletterRoutes, {
    prefix: '/api/newsletter',
    db,
    mailer,
    publicUrl: config.publicUrl ?? 'http://localhost:8080',
    secret: config.tokenSecret,
  });
  await app.register(reportsRoutes, { prefix: '/api/reports', db });
  await app.register(moderationRoutes, { prefix: '/api/moderation', db, clearSearchCaches: () => searchCache.clear() });
  await app.register(clientErrorsRoutes, {
    prefix: '/api/client-errors',
    db,
    storeDir: config.storeDir,
    now: clock,
    ...(config.remoteLoadSampleRate !== undefined ? { loadSampleRate: config.remoteLoadSampleRate } : {}),
    ...(config.remoteLoadReportSeconds !== undefined ? { loadReportSeconds: config.remoteLoadReportSeconds } : {}),
    // The automatic canary guard runs only where main.ts asks (every API instance); a test runs its checks itself.
    ...(config.canaryGuard ? { canaryGuard: config.canaryGuard } : {}),
  });
  await app.register(healthRoutes, { prefix: '/api', db });

  const origin = config.publicUrl ?? 'http://localhost:8080';
  await app.register(pagesRoutes, { db, origin });
  await app.register(webPlugin, {
    storeDir: config.storeDir,
    uploads,
    describePage: createPageDescriber({ db, origin }),
    withHead,
    secureCookies: origin.startsWith('https:'),
    // Told to the shell in X-RoomNest-Load-Sample: the share of stable loads it reports to the canary guard.
    loadSampleRate: config.remoteLoadSampleRate ?? DEFAULT_REMOTE_LOAD_SAMPLE_RATE,
  });

  return app;
}
