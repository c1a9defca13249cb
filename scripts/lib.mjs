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
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as store from './deployment-store.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = resolve(ROOT, process.env.DATA_DIR ?? '.data');
export const STORE_DIR = resolve(ROOT, process.env.STORE_DIR ?? join(DATA_DIR, 'store'));

// The store's reading and writing is scripts/deployment-store.mjs (shared with the API); these are
// the same functions bound to this checkout's STORE_DIR, for the commands.
export { MODULES, findModule, readJson, writeJsonAtomic, whoami } from './deployment-store.mjs';
export const remotesFile = () => store.remotesFile(STORE_DIR);
export const shellFile = () => store.shellFile(STORE_DIR);
export const historyFile = () => store.historyFile(STORE_DIR);
export const liveVersion = (mod) => store.liveVersion(STORE_DIR, mod);
export const canaryOf = (mod) => store.canaryOf(STORE_DIR, mod);
export const isPublished = (mod, version) => store.isPublished(STORE_DIR, mod, version);
export const listVersions = (mod) => store.listVersions(STORE_DIR, mod);
export const versionBefore = (mod, version) => store.versionBefore(STORE_DIR, mod, version);
export const withStoreLock = (fn) => store.withStoreLock(STORE_DIR, fn);
export const readHistory = () => store.readHistory(STORE_DIR);
/** Makes `version` of `mod` live for everyone; returns the version live before. */
export const makeLive = (mod, version, action = 'release') => store.makeLive(STORE_DIR, mod, version, { action });
export const setCanary = (mod, version, percent) => store.setCanary(STORE_DIR, mod, version, percent);
export const promote = (mod) => store.promote(STORE_DIR, mod);
export const endCanary = (mod) => store.endCanary(STORE_DIR, mod, { action: 'end-canary' });

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
  const { version } = store.readJson(join(ROOT, mod.pkg, 'package.json'), { version: '0.0.0' });
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
