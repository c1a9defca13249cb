/**
 * Sends remote failures to the API's log (POST /api/client-errors/remote-failures),
 * so that operations see a broken release from the server side too. At most one
 * report per remote and kind every REPORT_INTERVAL_MS, so a page that keeps
 * failing (Retry, StrictMode, many tabs of one user) does not flood the log.
 * Never throws and never waits: a reporter that fails must not make things worse.
 */
import { REMOTE_FAILURE_LIMITS, type RemoteFailureReport } from '@roomnest/shared';
import { shellApi, type ShellDispatch } from '../../api/shell-api.ts';

/** One report per remote and kind in this window. */
export const REPORT_INTERVAL_MS = 10_000;

const lastSent = new Map<string, number>();

/** For tests. */
export function resetFailureReports() {
  lastSent.clear();
}

/** `text` in at most `max` UTF-16 units, never splitting a surrogate pair (half an emoji is not text). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** The report of a failure, cut to the server's limits. */
export function failureReport(fields: Omit<RemoteFailureReport, 'path' | 'shellVersion'>, path = window.location.pathname): RemoteFailureReport {
  return {
    remote: cut(fields.remote, REMOTE_FAILURE_LIMITS.remote),
    module: cut(fields.module, REMOTE_FAILURE_LIMITS.module),
    version: cut(fields.version || 'unknown', REMOTE_FAILURE_LIMITS.version),
    kind: fields.kind,
    message: cut(fields.message, REMOTE_FAILURE_LIMITS.message),
    // The pathname only: a query string may hold a token or a search a user would not want logged.
    path: cut(path || '/', REMOTE_FAILURE_LIMITS.path),
    shellVersion: cut(__MODULE_VERSION__, REMOTE_FAILURE_LIMITS.version),
  };
}

/**
 * Sends the report unless one for the same remote and kind went out less than
 * REPORT_INTERVAL_MS ago. Answers whether it was sent.
 */
export function sendFailureReport(report: RemoteFailureReport, dispatch: ShellDispatch, now = Date.now()): boolean {
  const key = `${report.remote}\u0000${report.kind}`;
  const last = lastSent.get(key);
  if (last !== undefined && now - last < REPORT_INTERVAL_MS) return false;
  lastSent.set(key, now);
  // The mutation settles with an error result when the API is down too (never a rejection): the console line is all there is then.
  void dispatch(shellApi.endpoints.reportRemoteFailure.initiate(report));
  return true;
}
