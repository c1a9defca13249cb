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
