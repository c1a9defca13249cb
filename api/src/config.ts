/**
 * Server configuration from the environment. Every variable has a default that
 * lets `npm start` run with nothing set; see docs/configuration.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLogFormat, LOG_FORMATS, type LogFormat } from './log-format.ts';

/** The repository root: relative DATA_DIR and STORE_DIR values resolve against it (as the workspace scripts do). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Embedded database, uploads, deployment store and generated token secret live here. */
  dataDir: string;
  /** The deployment store served at /store, /remotes.json and as the shell's index.html. */
  storeDir: string;
  /** Uploaded images, served at /uploads: the folder used when no object storage is set. */
  uploadsDir: string;
  /** S3-compatible object storage for uploads (S3_*); null keeps them in `uploadsDir`. */
  objectStorage: ObjectStorageSettings | null;
  /** PostgreSQL connection string; null means embedded PGlite in `${dataDir}/db`. */
  databaseUrl: string | null;
  /** HS256 key that signs auth tokens. */
  tokenSecret: Uint8Array;
  /** Token lifetime in seconds. */
  tokenTtlSeconds: number;
  seedDemo: boolean;
  /** Demo listings created with the demo accounts on first start (SEED_LISTINGS; 100000 for a benchmark). */
  seedListings: number;
  /** How long public search answers and totals are kept in memory (SEARCH_CACHE_SECONDS); 0 reads every search afresh. */
  searchCacheSeconds: number;
  logLevel: LogLevel;
  /** How log lines look (LOG_FORMAT): `pretty` one readable line an event, `json` one JSON object a line. */
  logFormat: LogFormat;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); null: only callers on the loopback may read it. */
  metricsToken: string | null;
  /** SMTP server for outgoing email (SMTP_URL, e.g. smtps://user:pass@smtp.example.com); null writes emails to `${dataDir}/outbox/`. */
  smtpUrl: string | null;
  /** Sender of outgoing email (MAIL_FROM). */
  mailFrom: string;
  /** The site's address, used in links sent by email (PUBLIC_URL); defaults to http://localhost:<PORT>. */
  publicUrl: string;
  /** Origins other sites' pages may call the API from (CORS_ORIGINS); empty: same origin only. */
  corsOrigins: string[];
  /** Origins pages may load remote modules from besides those remotes.json names (CSP_REMOTE_ORIGINS). */
  cspRemoteOrigins: string[];
  /** Fastify's trustProxy (TRUST_PROXY): whom to believe about the client's IP in X-Forwarded-For. */
  trustProxy: boolean | number | string;
  /** Seconds from a listing becoming public to its instant alerts (ALERT_DELAY_SECONDS): a grace to fix or withdraw it. */
  alertDelaySeconds: number;
  /** Seconds a message stays unread before its receiver is emailed (MESSAGE_EMAIL_DELAY_SECONDS). */
  messageEmailDelaySeconds: number;
  /** The London hour (0–23) the daily digests of saved searches go out (DIGEST_HOUR). */
  digestHour: number;
  /** Whether the API process runs the job queue itself (RUN_JOBS); off when separate `npm run worker` processes do. */
  runJobs: boolean;
  /** Jobs one process runs at once (JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** Rate limits of login, registration, password reset, newsletter sign-ups and message sending (RATE_LIMIT_*). */
  rateLimits: RateLimits;
  /** Days an account counts as new (NEW_ACCOUNT_DAYS); 0 turns the new-account limit off. */
  newAccountDays: number;
  /** New conversations a new account may start a London day (NEW_ACCOUNT_CONVERSATIONS_PER_DAY). */
  newAccountConversationsPerDay: number;
  /** The automatic canary guard (features/client-errors/canary-guard.ts): when it ends a canary by itself. */
  canaryGuard: CanaryGuardSettings;
  /** The share of successful loads of a stable version the shell reports (REMOTE_LOAD_SAMPLE_RATE, above 0 and at most 1). */
  remoteLoadSampleRate: number;
  /** A client address's loads (and failures) of one remote version are counted once per this many seconds (REMOTE_LOAD_REPORT_SECONDS; 0: each). */
  remoteLoadReportSeconds: number;
}

export interface CanaryGuardSettings {
  /** Page loads of the canary (successes and failures) before it is judged (CANARY_MIN_LOADS). */
  minLoads: number;
  /** Percentage points the canary's failure rate may exceed the stable version's by (CANARY_MAX_EXTRA_FAILURE_RATE). */
  maxExtraFailureRate: number;
  /** How often every API instance checks the canaries (CANARY_CHECK_SECONDS). */
  checkSeconds: number;
}

/** Where uploads go when S3_BUCKET is set (see docs/object-storage.md). */
export interface ObjectStorageSettings {
  bucket: string;
  /** S3_ENDPOINT: the service's address (MinIO, R2, ...); null for AWS itself, found from the region. */
  endpoint: string | null;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_FORCE_PATH_STYLE: `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO needs it). */
  forcePathStyle: boolean;
  /** S3_PUBLIC_URL: where browsers read the bucket's objects (a CDN or the bucket's public address), no trailing slash; null: through /uploads. */
  publicUrl: string | null;
}

/** At most `max` within `windowSeconds`; null: no limit. */
export type RateLimit = { max: number; windowSeconds: number } | null;

export interface RateLimits {
  /** Failed logins per IP address and email (RATE_LIMIT_LOGIN). */
  login: RateLimit;
  /** Failed logins per IP address, whatever the email (RATE_LIMIT_LOGIN_IP). */
  loginIp: RateLimit;
  /** Registrations per IP address (RATE_LIMIT_REGISTER). */
  register: RateLimit;
  /** Registrations refused because the email has an account (409), per IP address (RATE_LIMIT_REGISTER_TAKEN). */
  registerTaken: RateLimit;
  /** Password reset requests per IP address and email (RATE_LIMIT_PASSWORD_RESET). */
  passwordReset: RateLimit;
  /** Password reset requests per IP address, whatever the email (RATE_LIMIT_PASSWORD_RESET_IP). */
  passwordResetIp: RateLimit;
  /** Newsletter sign-ups per IP address (RATE_LIMIT_NEWSLETTER). */
  newsletter: RateLimit;
  /** Messages sent per user (RATE_LIMIT_MESSAGES). */
  messages: RateLimit;
  /** Remote failure reports per IP address (RATE_LIMIT_CLIENT_ERRORS). */
  clientErrors: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, windowSeconds: 15 * 60 },
  loginIp: { max: 100, windowSeconds: 15 * 60 },
  register: { max: 100, windowSeconds: 60 * 60 },
  registerTaken: { max: 10, windowSeconds: 60 * 60 },
  passwordReset: { max: 5, windowSeconds: 60 * 60 },
  passwordResetIp: { max: 20, windowSeconds: 60 * 60 },
  newsletter: { max: 10, windowSeconds: 60 * 60 },
  messages: { max: 30, windowSeconds: 60 },
  clientErrors: { max: 300, windowSeconds: 60 * 60 },
};

const RATE_LIMIT_VARIABLES: Record<keyof RateLimits, string> = {
  login: 'RATE_LIMIT_LOGIN',
  loginIp: 'RATE_LIMIT_LOGIN_IP',
  register: 'RATE_LIMIT_REGISTER',
  registerTaken: 'RATE_LIMIT_REGISTER_TAKEN',
  passwordReset: 'RATE_LIMIT_PASSWORD_RESET',
  passwordResetIp: 'RATE_LIMIT_PASSWORD_RESET_IP',
  newsletter: 'RATE_LIMIT_NEWSLETTER',
  messages: 'RATE_LIMIT_MESSAGES',
  clientErrors: 'RATE_LIMIT_CLIENT_ERRORS',
};

/** Reads `<max>/<window>` (`10/15m`, `30/1h`, `5/60`), or `off` for no limit. */
export function parseRateLimit(text: string, name: string): RateLimit {
  const value = text.trim().toLowerCase();
  if (value === 'off') return null;
  const match = /^(\d+)\s*\/\s*(.+)$/.exec(value);
  const max = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(max) || max < 1) {
    throw new ConfigError(`${name} must be <max>/<window> such as 10/15m or 30/1h (at least 1 in the window), or off; got "${text}".`);
  }
  return { max, windowSeconds: parseDuration(match[2]!, name) };
}

function parseRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  for (const [key, name] of Object.entries(RATE_LIMIT_VARIABLES) as [keyof RateLimits, string][]) {
    const text = env[name];
    if (text !== undefined && text.trim() !== '') limits[key] = parseRateLimit(text, name);
  }
  return limits;
}

/** A comma- or space-separated list of http(s) origins (paths are not allowed: an origin is scheme, host and port). */
export function parseOrigins(text: string | undefined, name: string): string[] {
  const origins = new Set<string>();
  for (const item of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    const originOnly = url !== null && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !item.endsWith('#') && !item.endsWith('?');
    if (!url || !originOnly || !/^https?:\/\/[a-z0-9.\-[\]:]+$/.test(url.origin)) {
      throw new ConfigError(`${name} must list origins such as https://cdn.example.com (scheme, host and optional port; no path), separated by commas; got "${item}".`);
    }
    origins.add(url.origin);
  }
  return [...origins];
}

/** TRUST_PROXY: unset or false trusts nobody; true every proxy; a number that many hops; otherwise addresses or CIDR ranges. */
export function parseTrustProxy(text: string | undefined): boolean | number | string {
  const value = text?.trim() ?? '';
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[0-9a-f.:/,\s]+$/i.test(value)) {
    throw new ConfigError(`TRUST_PROXY must be true, a number of proxy hops, or the proxies' addresses or CIDR ranges separated by commas; got "${value}".`);
  }
  return value.split(/[\s,]+/).filter(Boolean).join(',');
}

/** A configuration value is wrong: the message names the variable and says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DURATION_UNITS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Parses a lifetime such as `3600s`, `15m`, `12h` or `7d` (a bare number means seconds) into seconds. */
export function parseDuration(text: string, name = 'TOKEN_TTL'): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(text);
  const seconds = match ? Number(match[1]) * DURATION_UNITS[(match[2]?.toLowerCase() || 's') as keyof typeof DURATION_UNITS] : NaN;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new ConfigError(`${name} must be a positive duration such as 3600s, 15m, 12h or 7d; got "${text}".`);
  }
  return seconds;
}

/** A whole number from `min` to `max` named `name`, or `fallback` when unset. */
function parseWhole(name: string, text: string | undefined, fallback: number, min: number, max: number, unit = ''): number {
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be a whole number${unit} from ${min} to ${max}; got "${text}".`);
  return n;
}

function parsePort(text: string | undefined): number {
  return parseWhole('PORT', text, 8080, 0, 65_535);
}

/** A yes/no setting read strictly: anything but the usual words is a mistake worth stopping for. */
function parseStrictFlag(name: string, text: string | undefined, fallback: boolean): boolean {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false; got "${text}".`);
}

function parseFlag(text: string | undefined, fallback: boolean): boolean {
  if (text === undefined || text.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(text.trim().toLowerCase());
}

/** The default number of demo listings: enough for every filter and Home location card to show results. */
export const DEFAULT_SEED_LISTINGS = 2400;
export const MAX_SEED_LISTINGS = 1_000_000;

function parseSeedListings(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_SEED_LISTINGS;
  const count = Number(text.trim().replaceAll('_', ''));
  if (!Number.isInteger(count) || count < 0 || count > MAX_SEED_LISTINGS) {
    throw new ConfigError(`SEED_LISTINGS must be a whole number from 0 to ${MAX_SEED_LISTINGS}; got "${text}".`);
  }
  return count;
}

export const DEFAULT_SEARCH_CACHE_SECONDS = 30;

function parseCacheSeconds(text: string | undefined): number {
  return parseWhole('SEARCH_CACHE_SECONDS', text, DEFAULT_SEARCH_CACHE_SECONDS, 0, 3600, ' of seconds');
}

export const DEFAULT_ALERT_DELAY_SECONDS = 60;
export const DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS = 600;
export const DEFAULT_DIGEST_HOUR = 8;
export const DEFAULT_JOB_CONCURRENCY = 4;
export const DEFAULT_NEW_ACCOUNT_DAYS = 7;
export const DEFAULT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY = 5;

export const DEFAULT_CANARY_GUARD: CanaryGuardSettings = { minLoads: 50, maxExtraFailureRate: 5, checkSeconds: 10 };
export const DEFAULT_REMOTE_LOAD_SAMPLE_RATE = 0.1;
export const DEFAULT_REMOTE_LOAD_REPORT_SECONDS = 10;

/** A number (decimals allowed) with min < n <= max, or min <= n <= max when `minIncluded`, or `fallback` when unset. */
function parseDecimal(name: string, text: string | undefined, fallback: number, min: number, max: number, minIncluded: boolean, what: string): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = text.trim();
  const n = /^\d+(\.\d+)?$|^\.\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n > max || (minIncluded ? n < min : n <= min)) throw new ConfigError(`${name} must be ${what}; got "${text}".`);
  return n;
}

function parseCanaryGuard(env: NodeJS.ProcessEnv): CanaryGuardSettings {
  return {
    minLoads: parseWhole('CANARY_MIN_LOADS', env.CANARY_MIN_LOADS, DEFAULT_CANARY_GUARD.minLoads, 1, 1_000_000_000, ' of page loads'),
    maxExtraFailureRate: parseDecimal(
      'CANARY_MAX_EXTRA_FAILURE_RATE',
      env.CANARY_MAX_EXTRA_FAILURE_RATE,
      DEFAULT_CANARY_GUARD.maxExtraFailureRate,
      0,
      100,
      true,
      'a number of percentage points from 0 to 100, such as 5 or 2.5',
    ),
    checkSeconds: parseWhole('CANARY_CHECK_SECONDS', env.CANARY_CHECK_SECONDS, DEFAULT_CANARY_GUARD.checkSeconds, 1, 3600, ' of seconds'),
  };
}

/** What `npm run worker` says without DATABASE_URL (worker.ts). */
export const WORKER_NEEDS_DATABASE_URL =
  'npm run worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database can be opened by one process only, so without DATABASE_URL let the API run the jobs (RUN_JOBS, on by default).';
/** What `npm run worker` says without the settings its emails share with the API (worker.ts). */
export const WORKER_NEEDS_SHARED_SETTINGS =
  'npm run worker needs the TOKEN_SECRET and PUBLIC_URL of the API it works for: its emails carry links signed with that secret to that address.';

function parseLogLevel(text: string | undefined): LogLevel {
  const level = (text?.trim() || 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${text}".`);
  return level as LogLevel;
}

/** LOG_FORMAT, or, unset, pretty when stdout is a terminal and JSON otherwise. */
export function parseLogFormat(text: string | undefined, stdoutIsTTY: boolean | undefined): LogFormat {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '') return defaultLogFormat(stdoutIsTTY);
  if (!(LOG_FORMATS as readonly string[]).includes(value)) throw new ConfigError(`LOG_FORMAT must be pretty or json; got "${text}".`);
  return value as LogFormat;
}

export const METRICS_TOKEN_MIN_LENGTH = 16;

/** METRICS_TOKEN: long enough not to be guessed, and printable without spaces (it travels in an Authorization header). */
export function parseMetricsToken(text: string | undefined): string | null {
  if (text === undefined || text.trim() === '') return null;
  const value = text.trim();
  if (value.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long, with no spaces or characters outside printable ASCII.`);
  }
  return value;
}

export const DEFAULT_MAIL_FROM = 'RoomNest <no-reply@roomnest.test>';

function parseSmtpUrl(text: string | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;
  if (!/^smtps?:\/\/[^\s]+$/i.test(value)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465.');
  return value;
}

function parsePublicUrl(text: string | undefined, port: number): string {
  const value = text?.trim();
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be the site's address, e.g. https://roomnest.co.uk; got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must start with http:// or https://; got "${value}".`);
  return url.origin;
}

/** The S3_* variables: any of them set without S3_BUCKET is a half-made configuration. */
export const OBJECT_STORAGE_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL', 'S3_FORCE_PATH_STYLE'] as const;
/** The region when S3_REGION is unset: what MinIO and most S3-compatible services answer to (R2 takes `auto` too). */
export const DEFAULT_S3_REGION = 'us-east-1';
/** A bucket name as S3 allows one: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** An http(s) address with no user, password, query or fragment; `allowPath` for a public URL under a folder. */
function parseHttpUrl(name: string, text: string, example: string, allowPath: boolean): string {
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  const plain = url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash && !/[?#]/.test(text);
  if (!url || !plain || (!allowPath && url.pathname !== '/')) {
    throw new ConfigError(`${name} must be an http:// or https:// address such as ${example}${allowPath ? '' : ' (no path)'}, without a password, query or fragment; got "${text}".`);
  }
  return allowPath ? `${url.origin}${url.pathname.replace(/\/+$/, '')}` : url.origin;
}

/**
 * S3_BUCKET and its companions. Unset (all of them): uploads stay in the data folder. S3_BUCKET set: the
 * credentials are required (an anonymous client would fail on the first upload, long after the start), the
 * addresses must be plain http(s) URLs, and S3_FORCE_PATH_STYLE defaults to on with a custom endpoint (MinIO and
 * most S3-compatible services address buckets by path) and off for AWS itself.
 */
export function parseObjectStorage(env: NodeJS.ProcessEnv): ObjectStorageSettings | null {
  const value = (name: (typeof OBJECT_STORAGE_VARIABLES)[number]) => env[name]?.trim() || '';
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = OBJECT_STORAGE_VARIABLES.filter((name) => value(name) !== '');
    if (stray.length) throw new ConfigError(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to keep uploads in object storage, or unset ${stray.length === 1 ? 'it' : 'them'} to keep them in the data folder.`);
    return null;
  }
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw new ConfigError(`S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit; got "${bucket}".`);
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => value(name) === '');
  if (missing.length) throw new ConfigError(`S3_BUCKET is set, so ${missing.join(' and ')} must be set too: the object storage's credentials.`);
  const region = value('S3_REGION') || DEFAULT_S3_REGION;
  if (!/^[a-z0-9-]{2,40}$/i.test(region)) throw new ConfigError(`S3_REGION must be a region name such as eu-west-2 (or auto for R2); got "${region}".`);
  const endpointText = value('S3_ENDPOINT');
  const endpoint = endpointText ? parseHttpUrl('S3_ENDPOINT', endpointText, 'https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000', false) : null;
  const publicText = value('S3_PUBLIC_URL');
  return {
    bucket,
    endpoint,
    region,
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: parseStrictFlag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== null),
    publicUrl: publicText ? parseHttpUrl('S3_PUBLIC_URL', publicText, 'https://photos.roomnest.co.uk', true) : null,
  };
}

export const TOKEN_SECRET_MIN_LENGTH = 32;
const SECRET_FILE = 'token-secret';

/**
 * The token signing key: TOKEN_SECRET when set, otherwise 32 random bytes
 * generated once into `${dataDir}/token-secret` (mode 0600) so that tokens
 * survive a restart. Several API instances must share TOKEN_SECRET.
 */
export function resolveTokenSecret(dataDir: string, fromEnv: string | undefined): Uint8Array {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < TOKEN_SECRET_MIN_LENGTH) throw new ConfigError(`TOKEN_SECRET must be at least ${TOKEN_SECRET_MIN_LENGTH} characters long.`);
    return new TextEncoder().encode(fromEnv);
  }
  const file = join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two servers starting together never overwrite each other's secret.
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64,}$/i.test(hex)) throw new ConfigError(`${file} does not hold a valid token secret: delete it to generate a new one (every session ends).`);
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/**
 * Where the data lives: the data folder and, when set, the PostgreSQL database. Read apart from the rest so that
 * `npm run moderators` finds the database the server with the same environment uses, without the server's
 * other settings (or generating its token secret).
 */
export function dataLocation(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl: string | null } {
  return { dataDir: resolve(REPO_ROOT, env.DATA_DIR?.trim() || '.data'), databaseUrl: env.DATABASE_URL?.trim() || null };
}

/** `stdoutIsTTY` decides the default LOG_FORMAT (the tests pass it; the process's own stdout otherwise). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, { stdoutIsTTY = process.stdout.isTTY }: { stdoutIsTTY?: boolean } = {}): Config {
  const { dataDir, databaseUrl } = dataLocation(env);
  const storeDir = resolve(REPO_ROOT, env.STORE_DIR?.trim() || join(dataDir, 'store'));
  const port = parsePort(env.PORT);
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    storeDir,
    uploadsDir: join(dataDir, 'uploads'),
    objectStorage: parseObjectStorage(env),
    databaseUrl,
    tokenSecret: resolveTokenSecret(dataDir, env.TOKEN_SECRET),
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL?.trim() || '7d'),
    seedDemo: parseFlag(env.SEED_DEMO, true),
    seedListings: parseSeedListings(env.SEED_LISTINGS),
    searchCacheSeconds: parseCacheSeconds(env.SEARCH_CACHE_SECONDS),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    logFormat: parseLogFormat(env.LOG_FORMAT, stdoutIsTTY),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    corsOrigins: parseOrigins(env.CORS_ORIGINS, 'CORS_ORIGINS'),
    cspRemoteOrigins: parseOrigins(env.CSP_REMOTE_ORIGINS, 'CSP_REMOTE_ORIGINS'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env),
    alertDelaySeconds: parseWhole('ALERT_DELAY_SECONDS', env.ALERT_DELAY_SECONDS, DEFAULT_ALERT_DELAY_SECONDS, 0, 3600, ' of seconds'),
    messageEmailDelaySeconds: parseWhole('MESSAGE_EMAIL_DELAY_SECONDS', env.MESSAGE_EMAIL_DELAY_SECONDS, DEFAULT_MESSAGE_EMAIL_DELAY_SECONDS, 0, 86_400, ' of seconds'),
    digestHour: parseWhole('DIGEST_HOUR', env.DIGEST_HOUR, DEFAULT_DIGEST_HOUR, 0, 23),
    runJobs: parseFlag(env.RUN_JOBS, true),
    jobConcurrency: parseWhole('JOB_CONCURRENCY', env.JOB_CONCURRENCY, DEFAULT_JOB_CONCURRENCY, 1, 64),
    newAccountDays: parseWhole('NEW_ACCOUNT_DAYS', env.NEW_ACCOUNT_DAYS, DEFAULT_NEW_ACCOUNT_DAYS, 0, 365, ' of days'),
    newAccountConversationsPerDay: parseWhole(
      'NEW_ACCOUNT_CONVERSATIONS_PER_DAY',
      env.NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
      DEFAULT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
      1,
      1000,
    ),
    canaryGuard: parseCanaryGuard(env),
    remoteLoadSampleRate: parseDecimal(
      'REMOTE_LOAD_SAMPLE_RATE',
      env.REMOTE_LOAD_SAMPLE_RATE,
      DEFAULT_REMOTE_LOAD_SAMPLE_RATE,
      0,
      1,
      false,
      'a share above 0 and at most 1, such as 0.1 (one in ten)',
    ),
    remoteLoadReportSeconds: parseWhole('REMOTE_LOAD_REPORT_SECONDS', env.REMOTE_LOAD_REPORT_SECONDS, DEFAULT_REMOTE_LOAD_REPORT_SECONDS, 0, 3600, ' of seconds'),
  };
}
