/**
 * Helpers shared by the workspace scripts: paths, the deployment store and
 * child processes. The store is a folder (default .data/store):
 *   store/<package>/<version>/...   one immutable build of a module, with its release.json
 *   store/remotes.json              live remotes (what the browser reads)
 *   store/shell.json                live shell version
 *   store/history.jsonl             every release and rollback, one JSON line each
 * Only remotes.json, shell.json and history.jsonl ever change; a version
 * folder is written once and never touched again.
 */
import { spawn, execFileSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = resolve(ROOT, process.env.DATA_DIR ?? '.data');
export const STORE_DIR = resolve(ROOT, process.env.STORE_DIR ?? join(DATA_DIR, 'store'));

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
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, file);
}

export const remotesFile = () => join(STORE_DIR, 'remotes.json');
export const shellFile = () => join(STORE_DIR, 'shell.json');

/** The live version of a module, if it is published and its files are there. */
export function liveVersion(mod) {
  const version = mod.remote ? readJson(remotesFile(), {})[mod.remote]?.version : readJson(shellFile(), {}).version;
  return typeof version === 'string' && isPublished(mod, version) ? version : null;
}

export const historyFile = () => join(STORE_DIR, 'history.jsonl');
const lockFile = () => join(STORE_DIR, '.live.lock');

/** The marker file of a complete build: a version folder without it is not servable. */
const markerOf = (mod) => (mod.remote ? 'mf-manifest.json' : 'index.html');

/** True when `version` of `mod` is in the store, complete. */
export function isPublished(mod, version) {
  return /^[\w][\w.+-]*$/.test(version) && existsSync(join(STORE_DIR, mod.pkg, version, markerOf(mod)));
}

/**
 * Every published version of a module, oldest build first, with what its
 * release.json says (built at, commit).
 */
export function listVersions(mod) {
  const dir = join(STORE_DIR, mod.pkg);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((version) => isPublished(mod, version))
    .map((version) => {
      const info = readJson(join(dir, version, 'release.json'), {});
      const builtAt = info.builtAt ?? statSync(join(dir, version)).mtime.toISOString();
      return { version, builtAt, commit: info.commit ?? null, dirty: info.dirty === true };
    })
    .sort((a, b) => a.builtAt.localeCompare(b.builtAt) || a.version.localeCompare(b.version));
}

/** The version built just before `version` (what a rollback goes back to), or null. */
export function versionBefore(mod, version) {
  const versions = listVersions(mod);
  const at = versions.findIndex((v) => v.version === version);
  return at > 0 ? versions[at - 1].version : null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` holding the store's lock, so two teams releasing at once cannot
 * lose each other's line of remotes.json (read, change, write). A lock older
 * than 30 s is a crashed release's and is taken over.
 */
export async function withStoreLock(fn) {
  mkdirSync(STORE_DIR, { recursive: true });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      closeSync(openSync(lockFile(), 'wx'));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let age = 0;
      try {
        age = Date.now() - statSync(lockFile()).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > 30_000) rmSync(lockFile(), { force: true });
      else if (Date.now() > deadline) throw new Error(`the deployment store is locked by another release (${lockFile()})`, { cause: err });
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockFile(), { force: true });
  }
}

/**
 * Makes `version` of `mod` live by rewriting remotes.json or shell.json
 * atomically, under the store's lock, and records it in history.jsonl.
 * Returns the version that was live before.
 */
export async function makeLive(mod, version, action = 'release') {
  if (!isPublished(mod, version)) throw new Error(`${mod.pkg} ${version} is not in the store (${join(STORE_DIR, mod.pkg)})`);
  return withStoreLock(() => {
    const previous = liveVersion(mod);
    if (mod.remote) {
      const registry = readJson(remotesFile(), {});
      registry[mod.remote] = { version, entry: `/store/${mod.pkg}/${version}/mf-manifest.json` };
      writeJsonAtomic(remotesFile(), registry);
    } else {
      writeJsonAtomic(shellFile(), { version });
    }
    const line = { at: new Date().toISOString(), action, module: mod.pkg, version, previous, by: whoami() };
    appendFileSync(historyFile(), `${JSON.stringify(line)}\n`);
    return previous;
  });
}

function whoami() {
  try {
    return process.env.RELEASED_BY ?? userInfo().username;
  } catch {
    return 'unknown';
  }
}

export function gitShortSha() {
  try {
    return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'nogit';
  }
}

/** True when the module's or shared's source differs from the commit (the build is of uncommitted work). */
export function isDirty(mod) {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '--', mod.pkg, 'shared'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    return out.toString().trim() !== '';
  } catch {
    return false;
  }
}

/** A unique version: package version plus build id (UTC time and commit). */
export function newVersion(mod) {
  const { version } = readJson(join(ROOT, mod.pkg, 'package.json'), { version: '0.0.0' });
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${version}-${stamp}-${gitShortSha()}`;
}

/** Runs a command, streaming its output; rejects on a non-zero exit. */
export function run(cmd, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

export const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
