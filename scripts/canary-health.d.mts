/** Types of canary-health.mjs, for the API (its guard reads a canary's health with the same query). */
export interface VersionFigures {
  /** Page loads: the weighted successful loads plus the failures (rounded to a whole number). */
  pageLoads: number;
  failures: number;
  /** failures / pageLoads as a percentage (0 without page loads); unrounded, so a threshold is compared exactly. */
  failureRate: number;
}

export type Query = (text: string, values: unknown[]) => Promise<{ rows: readonly unknown[] }>;

export function readCanaryHealth(
  query: Query,
  canary: { remote: string; stableVersion: string; canaryVersion: string; since: string | Date },
): Promise<{ canary: VersionFigures; stable: VersionFigures }>;

export function canaryHealthFromDatabase(
  databaseUrl: string | null | undefined,
  canaries: { remote: string; stableVersion: string; canaryVersion: string; since: string }[],
): Promise<{ byRemote: Record<string, { canary: VersionFigures; stable: VersionFigures }> } | { unavailable: string }>;

export function describeHealth(health: { canary: VersionFigures; stable: VersionFigures }): string;
