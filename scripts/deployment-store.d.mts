/** Types of deployment-store.mjs: the store's one reader and writer (see there). */

export interface StoreModule {
  /** The package folder: `shell`, `mf-search`, … */
  pkg: string;
  /** The federation name (`mf_search`), null for the shell. */
  remote: string | null;
}

export interface Canary {
  version: string;
  entry: string;
  /** A whole number from 1 to 100: the share of browsers that get the canary. */
  percent: number;
  /** When the canary started (ISO time). */
  since: string;
}

export interface RegistryEntry {
  version: string;
  entry: string;
  canary?: Canary;
}

/** The store's remotes.json: each remote's stable version and entry, and its canary if one is running. */
export type Registry = Record<string, RegistryEntry>;

/** What one browser gets for one remote. */
export interface CohortEntry {
  version: string;
  entry: string;
  /** Only on remotes with a canary running. */
  cohort?: 'canary' | 'stable';
}

export type CohortRegistry = Record<string, CohortEntry>;

export interface VersionInfo {
  version: string;
  builtAt: string;
  commit: string | null;
  dirty: boolean;
}

/** One line of history.jsonl. */
export interface HistoryLine {
  at: string;
  action: 'build' | 'release' | 'rollback' | 'canary' | 'promote' | 'end-canary' | 'auto-rollback' | (string & {});
  module: string;
  /** The version live (for everyone, or for the canary's share) after the change. */
  version: string;
  /** The version that stopped being live (for a canary: the stable version it is compared with). */
  previous: string | null;
  by: string;
  percent?: number;
  reason?: string;
  replaced?: string;
}

export const MODULES: StoreModule[];
export function findModule(name: string): StoreModule;

export const BUCKETS: number;
export const COHORT_COOKIE: 'roomnest_cohort';
export const MIN_PERCENT: number;
export const MAX_PERCENT: number;

export function readJson<T>(file: string, fallback: T): T;
export function writeJsonAtomic(file: string, value: unknown): void;
export function remotesFile(storeDir: string): string;
export function shellFile(storeDir: string): string;
export function historyFile(storeDir: string): string;
export function isPublished(storeDir: string, mod: StoreModule, version: unknown): boolean;
export function entryOf(mod: StoreModule, version: string): string;

export function normalizeRegistry(raw: unknown): Registry;
/** The store's remotes.json, or null when there is none yet or it cannot be read. */
export function readRegistry(storeDir: string): Promise<Registry | null>;
export function readRegistrySync(storeDir: string): Registry;
export function liveVersion(storeDir: string, mod: StoreModule): string | null;
export function canaryOf(storeDir: string, mod: StoreModule): Canary | null;
export function listVersions(storeDir: string, mod: StoreModule): VersionInfo[];
export function versionBefore(storeDir: string, mod: StoreModule, version: string | null): string | null;
export function withStoreLock<T>(storeDir: string, fn: () => T | Promise<T>): Promise<T>;
export function whoami(): string;
export function readHistory(storeDir: string): HistoryLine[];

export function makeLive(storeDir: string, mod: StoreModule, version: string, options?: { action?: string; by?: string }): Promise<string | null>;
export function parsePercent(text: unknown): number;
export function setCanary(storeDir: string, mod: StoreModule, version: string, percent: number, by?: string): Promise<Canary | null>;
export function promote(storeDir: string, mod: StoreModule, by?: string): Promise<{ version: string; previous: string }>;
export function endCanary(
  storeDir: string,
  mod: StoreModule,
  options?: { action?: 'end-canary' | 'auto-rollback'; by?: string; reason?: string; expectVersion?: string },
): Promise<boolean>;

export function assignBucket(): number;
export function parseBucket(value: unknown): number | null;
export function cohortOffset(remote: string): number;
export function inCanary(bucket: number, remote: string, percent: number): boolean;
export function cohortRegistry(registry: Registry, bucket: number): CohortRegistry;
