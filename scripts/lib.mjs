/**
 * Helpers shared by the workspace scripts: paths, the deployment store and
 * child processes. The store is a folder (default .data/store):
 *   store/<package>/<version>/...   one immutable build of a module
 *   store/remotes.json              live remotes (what the browser reads)
 *   store/shell.json                live shell version
 */
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = resolve(ROOT, process.env.DATA_DIR ?? '.data');
export const STORE_DIR = resolve(ROOT, process.env.STORE_DIR ?? join(DATA_DIR, 'store'));

/** Every deployable module: the shell and the five remotes (federation name → package folder). */
export const MODULES = [
  { pkg: 'shell', remote: null },
  { pkg: 'mf-search', remote: 'mf_search' },
  { pkg: 'mf-listings', remote: 'mf_listings' },
  { pkg: 'mf-messaging', remote: 'mf_messaging' },
  { pkg: 'mf-profile', remote: 'mf_profile' },
  { pkg: 'mf-content', remote: 'mf_content' },
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
  if (!version) return null;
  const marker = mod.remote ? 'mf-manifest.json' : 'index.html';
  return existsSync(join(STORE_DIR, mod.pkg, version, marker)) ? version : null;
}

/** Makes `version` of `mod` live by rewriting remotes.json or shell.json atomically. */
export function makeLive(mod, version) {
  if (mod.remote) {
    const registry = readJson(remotesFile(), {});
    registry[mod.remote] = { version, entry: `/store/${mod.pkg}/${version}/mf-manifest.json` };
    writeJsonAtomic(remotesFile(), registry);
  } else {
    writeJsonAtomic(shellFile(), { version });
  }
}

function gitShortSha() {
  try {
    return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'nogit';
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
