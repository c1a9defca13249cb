/**
 * Single-bundle stand-in for shell/src/features/remotes/registry.ts: every
 * remote is compiled in, so there is no remotes.json to read.
 */
import { REMOTE_NAMES, type RemoteRegistryEntry } from '@roomnest/shared/client';

export const REMOTES_URL = '/remotes.json';

export type LiveRegistry = Record<string, RemoteRegistryEntry>;

const VERSION = __MODULE_VERSION__;
const live: LiveRegistry = Object.fromEntries(REMOTE_NAMES.map((name) => [name, { version: VERSION, entry: 'bundled' }]));

export function parseRegistry(body: unknown): LiveRegistry {
  return body as LiveRegistry;
}

export function loadRegistry(): Promise<LiveRegistry> {
  return Promise.resolve(live);
}

export function refreshRemote(_name: string) {}

export function remoteVersion(name: string): string {
  return live[name]?.version ?? 'unknown';
}

export function resetRegistry() {}

/** Retry reads remotes.json again in the federated shell; compiled in, nothing can have changed. */
export function reloadRegistry(): Promise<Set<string>> {
  return Promise.resolve(new Set());
}
