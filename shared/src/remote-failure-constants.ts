/**
 * The remote-failure report's constants, without zod: the shell imports them
 * on its first load, and zod (about 22 KiB compressed) must not come along.
 * The report's schema is in schemas/client-errors.ts (the API's client-errors
 * endpoint), which re-exports these.
 */

/** The remote-failure endpoint, below the API base `/api`. */
export const REMOTE_FAILURE_REPORTS_PATH = '/client-errors/remote-failures';

export const REMOTE_FAILURE_KINDS = ['timeout', 'load', 'render'] as const;
export type RemoteFailureReportKind = (typeof REMOTE_FAILURE_KINDS)[number];

/** Longest values a report may carry; the shell cuts `message` and `path` to fit. */
export const REMOTE_FAILURE_LIMITS = {
  remote: 64,
  module: 100,
  version: 100,
  message: 1000,
  path: 2000,
} as const;

/** The largest request body the endpoint reads (well above a report at its limits); bigger is 413. */
export const REMOTE_FAILURE_BODY_LIMIT = 8 * 1024;

/**
 * The load-report endpoint, below the API base `/api`: the shell reports a remote page that rendered, so the
 * server can compare a canary's failure rate with the stable version's (the automatic canary guard).
 */
export const REMOTE_LOAD_REPORTS_PATH = '/client-errors/remote-loads';

/** The largest body the load-report endpoint reads (a report at its limits is under 500 bytes); bigger is 413. */
export const REMOTE_LOAD_BODY_LIMIT = 2 * 1024;

/** The header of `/remotes.json` that tells the shell the share of a stable version's loads to report (0 to 1). */
export const REMOTE_LOAD_SAMPLE_HEADER = 'X-RoomNest-Load-Sample';

/** The share the shell reports when `/remotes.json` does not say (the server's REMOTE_LOAD_SAMPLE_RATE default). */
export const DEFAULT_REMOTE_LOAD_SAMPLE_RATE = 0.1;
