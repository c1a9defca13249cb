/**
 * The runtime module registry (docs/architecture.md, Federation contract). At start
 * the shell reads `/remotes.json` (never cached) and registers every remote
 * with the Module Federation runtime. No remote URL is built into the shell:
 * releasing or rolling back a remote is a change of that file.
 *
 *   { "mf_search": { "version": "1.0.0-abc", "entry": "/store/mf-search/1.0.0-abc/mf-manifest.json" }, ... }
 *
 * An entry ending in `.js` is a remoteEntry.js (ES module; the dev servers
 * serve these); anything else is an mf-manifest.json.
 */
import { registerRemotes } from '@module-federation/runtime';
import { REMOTE_COHORT_HEADER, REMOTE_LOAD_SAMPLE_HEADER, parseCohortHeader } from '@roomnest/shared';
import type { RemoteRegistryEntry } from '@roomnest/shared/client';
import { announceVersions, publishVersions, type CohortDiagnostics } from './diagnostics.ts';
import { setLoadSampleRate } from './load-reports.ts';

export const REMOTES_URL = '/remotes.json';

export type LiveRegistry = Record<string, RemoteRegistryEntry>;

let live: LiveRegistry = {};
/** This browser's canary bucket, as the last /remotes.json answer named it (the server keeps it in a cookie). */
let bucket: number | null = null;
let loading: Promise<LiveRegistry> | null = null;

/** Keeps the well-formed entries of a remotes.json body. */
export function parseRegistry(body: unknown): LiveRegistry {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error(`${REMOTES_URL} is not a JSON object`);
  const out: LiveRegistry = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name) || !value || typeof value !== 'object') continue;
    const { version, entry, cohort } = value as Partial<RemoteRegistryEntry>;
    if (typeof version === 'string' && typeof entry === 'string' && entry) out[name] = { version, entry, ...(cohort === 'canary' || cohort === 'stable' ? { cohort } : {}) };
  }
  return out;
}

/** The runtime's description of one remote. */
export function federationRemote(name: string, { entry }: RemoteRegistryEntry) {
  const url = new URL(entry, window.location.href).href;
  const isScript = /\.m?js(?:[?#].*)?$/.test(new URL(url).pathname);
  return isScript ? { name, entry: url, type: 'module' as const } : { name, entry: url };
}

/** The /remotes.json request index.html started before the shell's scripts arrived (early-preload.ts), once. */
function takeEarlyRegistry(): Promise<Response> | null {
  const early = window.roomnestEarlyRegistry ?? null;
  window.roomnestEarlyRegistry = undefined;
  return early;
}

async function fetchRegistry(): Promise<LiveRegistry> {
  // A hand-written fetch (with the failure reports): everything else goes through RTK Query.
  // On the first load index.html has started it already; a failure of that one is tried again here.
  const early = takeEarlyRegistry();
  const response = (early && (await early.catch(() => null))) || (await fetch(REMOTES_URL, { cache: 'no-store', headers: { accept: 'application/json' } }));
  bucket = parseCohortHeader(response.headers.get(REMOTE_COHORT_HEADER)) ?? bucket;
  if (!response.ok) throw new Error(`${REMOTES_URL} answered ${response.status}`);
  // The share of stable loads to report to the canary guard comes with the versions it is about.
  setLoadSampleRate(response.headers.get(REMOTE_LOAD_SAMPLE_HEADER));
  return parseRegistry(await response.json());
}

const versionsOf = (registry: LiveRegistry) => Object.fromEntries(Object.entries(registry).map(([name, e]) => [name, e.version]));
const cohortOf = (registry: LiveRegistry): CohortDiagnostics => ({
  cohort: bucket,
  canaries: Object.entries(registry)
    .filter(([, e]) => e.cohort === 'canary')
    .map(([name]) => name),
});

/**
 * Reads remotes.json and registers the remotes, once. A failure is not kept:
 * the next call (a Retry in a remote's error view) reads the file again.
 */
export function loadRegistry(): Promise<LiveRegistry> {
  loading ??= fetchRegistry().then(
    (registry) => {
      registerRemotes(
        Object.entries(registry).map(([name, entry]) => federationRemote(name, entry)),
        { force: true },
      );
      live = registry;
      publishVersions(versionsOf(registry), cohortOf(registry));
      announceVersions(versionsOf(registry), cohortOf(registry));
      return registry;
    },
    (error: unknown) => {
      loading = null;
      console.error(`[remote] ${REMOTES_URL} could not be loaded; remote pages are unavailable:`, error);
      throw error;
    },
  );
  return loading;
}

/**
 * Reads remotes.json again, for a Retry: a remote released or rolled back
 * since the page started is registered afresh (force), so the next load of
 * it gets the version now live. Answers the names whose entry changed. When
 * the file cannot be read, the registry stays as it was (the load that
 * follows fails or not on its own); before a first successful read there is
 * nothing to compare, and the next load reads the file anyway.
 */
export async function reloadRegistry(): Promise<Set<string>> {
  if (loading) await loading.catch(() => undefined);
  if (!loading) return new Set();
  let registry: LiveRegistry;
  try {
    registry = await fetchRegistry();
  } catch (error) {
    console.error(`[remote] ${REMOTES_URL} could not be read again; keeping the versions loaded:`, error);
    return new Set();
  }
  const changed = new Set(Object.keys(registry).filter((name) => live[name]?.entry !== registry[name]!.entry));
  if (changed.size > 0) registerRemotes([...changed].map((name) => federationRemote(name, registry[name]!)), { force: true });
  live = registry;
  loading = Promise.resolve(registry);
  publishVersions(versionsOf(registry), cohortOf(registry));
  if (changed.size > 0) announceVersions(versionsOf(registry), cohortOf(registry));
  return changed;
}

/**
 * Registers one remote again (force), which drops the runtime's cached
 * manifest and entry for it: a retry after a failure starts from scratch.
 */
export function refreshRemote(name: string) {
  const entry = live[name];
  if (entry) registerRemotes([federationRemote(name, entry)], { force: true });
}

/** The live version of a remote, or 'unknown' before remotes.json has been read. */
export function remoteVersion(name: string): string {
  return live[name]?.version ?? 'unknown';
}

/** Whether this browser gets the canary of a remote ('canary'), its stable version beside a canary ('stable'), or neither runs. */
export function remoteCohort(name: string): 'canary' | 'stable' | undefined {
  return live[name]?.cohort;
}

/** For tests: forget what was loaded. */
export function resetRegistry() {
  live = {};
  bucket = null;
  loading = null;
}
