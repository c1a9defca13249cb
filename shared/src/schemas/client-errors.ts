/**
 * What the browser reports of remote pages: one that failed to load, timed
 * out or threw while rendering (the shell's remote boundary; the API writes
 * one warn line and counts it), and one that rendered (counted: the canary
 * guard compares failure rates). The API answers 204; anything malformed is
 * a 400, anything oversized a 413.
 */
import { z } from './zod.ts';
import { REMOTE_FAILURE_KINDS, REMOTE_FAILURE_LIMITS } from '../remote-failure-constants.ts';

// The constants live in a zod-free module (the shell's first load needs them, not zod).
export {
  DEFAULT_REMOTE_LOAD_SAMPLE_RATE,
  REMOTE_FAILURE_BODY_LIMIT,
  REMOTE_FAILURE_KINDS,
  REMOTE_FAILURE_LIMITS,
  REMOTE_FAILURE_REPORTS_PATH,
  REMOTE_LOAD_BODY_LIMIT,
  REMOTE_LOAD_REPORTS_PATH,
  REMOTE_LOAD_SAMPLE_HEADER,
  type RemoteFailureReportKind,
} from '../remote-failure-constants.ts';

const bounded = (label: string, max: number, min = 1) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .min(min, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * POST /api/client-errors/remote-failures. Unknown fields are dropped (a newer
 * shell may send more), so only these reach the log.
 */
export const remoteFailureReportSchema = z.object({
  /** The remote's name, e.g. mf_search. */
  remote: bounded('remote', REMOTE_FAILURE_LIMITS.remote).regex(/^[A-Za-z_$][\w$]*$/, 'remote must be a remote name such as mf_search.'),
  /** The exposed module, e.g. RoomSearchPage. */
  module: bounded('module', REMOTE_FAILURE_LIMITS.module),
  /** The remote's live version from remotes.json, or 'unknown'. */
  version: bounded('version', REMOTE_FAILURE_LIMITS.version),
  kind: z.enum(REMOTE_FAILURE_KINDS, { error: `kind must be one of: ${REMOTE_FAILURE_KINDS.join(', ')}.` }),
  /** The error's message (may be empty). */
  message: bounded('message', REMOTE_FAILURE_LIMITS.message, 0),
  /** The page's pathname (no query string or hash). */
  path: bounded('path', REMOTE_FAILURE_LIMITS.path).startsWith('/', 'path must start with /.'),
  /** The shell's own version. */
  shellVersion: bounded('shellVersion', REMOTE_FAILURE_LIMITS.version),
});
export type RemoteFailureReport = z.output<typeof remoteFailureReportSchema>;

/**
 * POST /api/client-errors/remote-loads: a remote page rendered (every load of a canary version, a sample of the
 * stable ones). The same fields as a failure report, without what only a failure has.
 */
export const remoteLoadReportSchema = remoteFailureReportSchema.pick({ remote: true, module: true, version: true, shellVersion: true });
export type RemoteLoadReport = z.output<typeof remoteLoadReportSchema>;
