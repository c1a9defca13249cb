/**
 * The deployment store's one reader and writer, used by the release commands
 * (scripts/lib.mjs, scripts/release.mjs) and by the API (GET /remotes.json,
 * the automatic canary guard). Every function takes the store folder:
 *   <store>/<package>/<version>/...   one immutable build of a module, with its release.json
 *   <store>/remotes.json              live remotes: { "<remote>": { version, entry, canary? } }
 *   <store>/shell.json                live shell version
 *   <store>/history.jsonl             every release, canary, promotion and rollback, one JSON line each
 * Only remotes.json, shell.json and history.jsonl ever change, always under
 * the store's lock file and always atomically (a temporary file renamed into
 * place), so two teams (or two API instances) changing the store at once
 * cannot lose each other's line and a reader never sees half a file.
 *
 * A remote in canary keeps its stable `{ version, entry }` and gains
 * `canary: { version, entry, percent, since }`: browsers whose cohort bucket
 * falls in the canary's share get the canary, the others the stable version.
 *
 * Plain ESM JavaScript (types in deployment-store.d.mts) so the commands run
 * with plain `node` and the API imports the same code.
 */
import { createHash, randomInt } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';

/** Every deployable module: the shell and the six remotes (federation name → package folder). */
export const MODULES = [
  { pkg: 'shell', remote: null },
  { pkg: 'mf-search', remote: 'mf_search' },
  { pkg: 'mf-listings', remote: 'mf_listings' },
  { pkg: 'mf-messaging', remote: 'mf_messaging' },
  { pkg: 'mf-profile', remote: 'mf_profile' },
  { pkg: 'mf-content', remote: 'mf_content' },
  { pkg: 'mf-moderation', remote: 'mf_moderation' },
];

export function findModule(name) {
  const m = MODULES.find((x) => x.pkg === name || x.remote === name);
  if (!m) throw new Error(`Unknown module "${name}". Modules: ${MODULES.map((x) => x.pkg).join(', ')}`);
  return m;
}

/** The browsers' buckets: a cookie holds one of 0…BUCKETS-1, and 1% of browsers is BUCKETS / 100 buckets. */
export const BUCKETS = 10_000;
/** The cookie that keeps a browser's bucket. */
export const COHORT_COOKIE = 'roomnest_cohort';
/** A canary's share of browsers: a whole percentage. */
export const MIN_PERCENT = 1;
export const MAX_PERCENT = 100;

/** A version folder name as the build writes it (no path separators, no dot-dot). */
const VERSION = /^[\w][\w.+-]*$/;

export function readJson(file, fallback) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

/** Writes JSON atomically: a reader sees the old file or the new one, never half of one. */
export function writeJsonAtomic(file, value) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.${randomInt(1e9)}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}

export const remotesFile = (storeDir) => join(storeDir, 'remotes.json');
export const shellFile = (storeDir) => join(storeDir, 'shell.json');
export const historyFile = (storeDir) => join(storeDir, 'history.jsonl');
const lockFile = (storeDir) => join(storeDir, '.live.lock');

/** The marker file of a complete build: a version folder without it is not servable. */
const markerOf = (mod) => (mod.remote ? 'mf-manifest.json' : 'index.html');

/** True when `version` of `mod` is in the store, complete. */
export function isPublished(storeDir, mod, version) {
  return typeof version === 'string' && VERSION.test(version) && existsSync(join(storeDir, mod.pkg, version, markerOf(mod)));
}

/** The entry the shell loads a remote's version from (same origin, under /store). */
export const entryOf = (mod, version) => `/store/${mod.pkg}/${version}/mf-manifest.json`;

const isPercent = (value) => Number.isInteger(value) && value >= MIN_PERCENT && value <= MAX_PERCENT;

/**
 * A registry as written, keeping only well-formed entries: a remote needs a
 * version and an entry; a malformed canary is dropped (its browsers get the
 * stable version, which is always safe).
 */
export function normalizeRegistry(raw) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const registry = {};
  for (const [remote, value] of Object.entries(raw)) {
    if (!value || typeof value.version !== 'string' || typeof value.entry !== 'string') continue;
    const entry = { version: value.version, entry: value.entry };
    const canary = value.canary;
    if (canary && typeof canary.version === 'string' && typeof canary.entry === 'string' && isPercent(canary.percent)) {
      entry.canary = { version: canary.version, entry: canary.entry, percent: canary.percent, since: typeof canary.since === 'string' ? canary.since : new Date(0).toISOString() };
    }
    registry[remote] = entry;
  }
  return registry;
}

/** The store's remotes.json, or null when there is none yet (nothing published) or it cannot be read. */
export async function readRegistry(storeDir) {
  try {
    return normalizeRegistry(JSON.parse(await readFile(remotesFile(storeDir), 'utf8')));
  } catch {
    return null;
  }
}

/** The same, read synchronously (the commands, and writes under the lock). */
export function readRegistrySync(storeDir) {
  return normalizeRegistry(readJson(remotesFile(storeDir), {}));
}

/** The stable (live for everyone not in a canary) version of a module, if it is published and its files are there. */
export function liveVersion(storeDir, mod) {
  const version = mod.remote ? readRegistrySync(storeDir)[mod.remote]?.version : readJson(shellFile(storeDir), {}).version;
  return isPublished(storeDir, mod, version) ? version : null;
}

/** A remote's canary `{ version, entry, percent, since }`, or null. */
export function canaryOf(storeDir, mod) {
  return mod.remote ? (readRegistrySync(storeDir)[mod.remote]?.canary ?? null) : null;
}

/**
 * Every published version of a module, oldest build first, with what its
 * release.json says (built at, commit).
 */
export function listVersions(storeDir, mod) {
  const dir = join(storeDir, mod.pkg);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((version) => isPublished(storeDir, mod, version))
    .map((version) => {
      const info = readJson(join(dir, version, 'release.json'), {});
      const builtAt = info.builtAt ?? statSync(join(dir, version)).mtime.toISOString();
      return { version, builtAt, commit: info.commit ?? null, dirty: info.dirty === true };
    })
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt) || a.version.localeCompare(b.version));
}

/** The version built just before `version` (what a rollback goes back to), or null. */
export function versionBefore(storeDir, mod, version) {
  const versions = listVersions(storeDir, mod);
  const at = versions.findIndex((v) => v.version === version);
  return at > 0 ? versions[at - 1].version : null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A lock older than this is a crashed writer's and is taken over. */
const STALE_LOCK_MS = 30_000;
/** How long a writer waits for the lock before giving up with a clear sentence. */
const LOCK_WAIT_MS = 60_000;

/**
 * Runs `fn` holding the store's lock, so two writers cannot lose each other's
 * line of remotes.json (read, change, write). A lock older than 30 s is a
 * crashed release's and is taken over.
 */
export async function withStoreLock(storeDir, fn) {
  mkdirSync(storeDir, { recursive: true });
  const lock = lockFile(storeDir);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`the deployment store is locked by another release (${lock})`, { cause: err });
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** Who changes the store: RELEASED_BY, else the operating system's user. */
export function whoami() {
  try {
    return process.env.RELEASED_BY ?? userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** Appends one line to history.jsonl (always called under the lock, after the write it records). */
function recordHistory(storeDir, line) {
  appendFileSync(historyFile(storeDir), `${JSON.stringify({ at: new Date().toISOString(), ...line })}\n`);
}

/**
 * Every line of history.jsonl, oldest first; a line cut short by a crash is
 * skipped.
 */
export function readHistory(storeDir) {
  if (!existsSync(historyFile(storeDir))) return [];
  return readFileSync(historyFile(storeDir), 'utf8')
    .split('\n')
    .flatMap((l) => {
      if (!l.trim()) return [];
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
}

const notInStore = (storeDir, mod, version) => new Error(`${mod.pkg} ${version} is not in the store (${join(storeDir, mod.pkg)})`);

const canaryHint = (mod, canary) =>
  `${mod.pkg} has a canary running (${canary.version} for ${canary.percent}% of browsers): promote it with npm run promote -- ${mod.pkg}, or end it with npm run rollback -- ${mod.pkg}, first`;

/**
 * Makes `version` of `mod` live for every browser by rewriting remotes.json
 * or shell.json atomically, under the store's lock, and records it in
 * history.jsonl. Returns the version that was live before.
 *
 * A remote with a canary running is refused: making another version live for
 * everyone would silently end or orphan the canary, and whoever runs it must
 * decide first (promote it, or end it with a rollback).
 */
export async function makeLive(storeDir, mod, version, { action = 'release', by = whoami() } = {}) {
  if (!isPublished(storeDir, mod, version)) throw notInStore(storeDir, mod, version);
  return withStoreLock(storeDir, () => {
    const previous = liveVersion(storeDir, mod);
    if (mod.remote) {
      const registry = readRegistrySync(storeDir);
      const canary = registry[mod.remote]?.canary;
      if (canary) throw new Error(canaryHint(mod, canary));
      registry[mod.remote] = { version, entry: entryOf(mod, version) };
      writeJsonAtomic(remotesFile(storeDir), registry);
    } else {
      writeJsonAtomic(shellFile(storeDir), { version });
    }
    recordHistory(storeDir, { action, module: mod.pkg, version, previous, by });
    return previous;
  });
}

/** Checks a canary's share: a whole number from 1 to 100. */
export function parsePercent(text) {
  const value = typeof text === 'number' ? text : /^\s*\d+\s*$/.test(String(text)) ? Number(text) : Number.NaN;
  if (!isPercent(value)) {
    throw new Error(`A canary's share must be a whole percentage from ${MIN_PERCENT} to ${MAX_PERCENT} (got "${text}"); use promote to make a version live for everyone.`);
  }
  return value;
}

/**
 * Makes `version` of remote `mod` the canary for `percent`% of browsers; the
 * stable version stays for the others. Replaces a running canary (a fixed
 * canary is a new canary: the old one's browsers move to the new version); the
 * same canary version with a new percent only changes its share (raising it
 * adds browsers, none leave). Returns the canary that was running before, or
 * null.
 */
export async function setCanary(storeDir, mod, version, percent, by = whoami()) {
  if (!mod.remote) {
    throw new Error(
      'The shell cannot be released as a canary: it is the page itself, served before any remote loads, and a broken shell could not report its own failures to the automatic guard. Release it for everyone and roll it back if need be.',
    );
  }
  parsePercent(percent);
  if (!isPublished(storeDir, mod, version)) throw notInStore(storeDir, mod, version);
  return withStoreLock(storeDir, () => {
    const registry = readRegistrySync(storeDir);
    const current = registry[mod.remote];
    if (!current || !isPublished(storeDir, mod, current.version)) {
      throw new Error(`${mod.pkg} has no live version for the canary to be compared with: release it for everyone first (npm run release -- ${mod.pkg})`);
    }
    if (current.version === version) throw new Error(`${mod.pkg} ${version} is already the live version for everyone`);
    const before = current.canary ?? null;
    const since = before?.version === version ? before.since : new Date().toISOString();
    registry[mod.remote] = { ...current, canary: { version, entry: entryOf(mod, version), percent, since } };
    writeJsonAtomic(remotesFile(storeDir), registry);
    recordHistory(storeDir, { action: 'canary', module: mod.pkg, version, previous: current.version, percent, ...(before && before.version !== version ? { replaced: before.version } : {}), by });
    return before;
  });
}

/**
 * Makes a remote's canary live for everyone (it becomes the stable version).
 * Returns `{ version, previous }`: the promoted version and the stable one it
 * replaced.
 */
export async function promote(storeDir, mod, by = whoami()) {
  if (!mod.remote) throw new Error('The shell has no canaries to promote.');
  return withStoreLock(storeDir, () => {
    const registry = readRegistrySync(storeDir);
    const current = registry[mod.remote];
    if (!current?.canary) throw new Error(`${mod.pkg} has no canary to promote; see npm run releases -- ${mod.pkg}`);
    const { version } = current.canary;
    if (!isPublished(storeDir, mod, version)) throw notInStore(storeDir, mod, version);
    registry[mod.remote] = { version, entry: entryOf(mod, version) };
    writeJsonAtomic(remotesFile(storeDir), registry);
    recordHistory(storeDir, { action: 'promote', module: mod.pkg, version, previous: current.version, percent: current.canary.percent, by });
    return { version, previous: current.version };
  });
}

/**
 * Ends a remote's canary: every browser gets the stable version again. The
 * history line's `version` is the stable version (live for everyone now) and
 * `previous` the canary that stopped, like a rollback's. With `expectVersion`
 * it ends the canary only while that version is still the canary, so the
 * guards of several API instances, or a guard and a person, end it once.
 * Answers whether it ended one.
 */
export async function endCanary(storeDir, mod, { action = 'end-canary', by = whoami(), reason, expectVersion } = {}) {
  if (action !== 'end-canary' && action !== 'auto-rollback') throw new Error(`Unknown way to end a canary: ${action}`);
  if (!mod.remote) return false;
  return withStoreLock(storeDir, () => {
    const registry = readRegistrySync(storeDir);
    const current = registry[mod.remote];
    const canary = current?.canary;
    if (!canary || (expectVersion !== undefined && canary.version !== expectVersion)) return false;
    registry[mod.remote] = { version: current.version, entry: current.entry };
    writeJsonAtomic(remotesFile(storeDir), registry);
    recordHistory(storeDir, { action, module: mod.pkg, version: current.version, previous: canary.version, percent: canary.percent, by, ...(reason ? { reason } : {}) });
    return true;
  });
}

/** A new browser's bucket, uniformly drawn from 0…9999. */
export function assignBucket() {
  return randomInt(BUCKETS);
}

/** The bucket a cookie value names, or null when it names none (absent, a word, out of range, not canonical). */
export function parseBucket(value) {
  if (typeof value !== 'string' || !/^(0|[1-9]\d{0,3})$/.test(value)) return null;
  return Number(value);
}

/**
 * A remote's offset on the ring of buckets: a stable hash of its name, so that
 * different remotes' canaries reach different browsers instead of the same
 * unlucky few.
 */
export function cohortOffset(remote) {
  return createHash('sha256').update(remote).digest().readUInt32BE(0) % BUCKETS;
}

/**
 * Whether a browser in `bucket` gets `remote`'s canary at `percent`%. The
 * buckets in the canary are a run starting at the remote's offset, so raising
 * the percent only adds browsers: none goes back to the stable version.
 */
export function inCanary(bucket, remote, percent) {
  return (bucket + cohortOffset(remote)) % BUCKETS < percent * (BUCKETS / 100);
}

/**
 * What one browser gets: each remote's `{ version, entry }` for its bucket,
 * with `cohort: 'canary' | 'stable'` on remotes that have a canary.
 */
export function cohortRegistry(registry, bucket) {
  const answer = {};
  for (const [remote, value] of Object.entries(registry ?? {})) {
    if (!value.canary) {
      answer[remote] = { version: value.version, entry: value.entry };
    } else if (inCanary(bucket, remote, value.canary.percent)) {
      answer[remote] = { version: value.canary.version, entry: value.canary.entry, cohort: 'canary' };
    } else {
      answer[remote] = { version: value.version, entry: value.entry, cohort: 'stable' };
    }
  }
  return answer;
}
