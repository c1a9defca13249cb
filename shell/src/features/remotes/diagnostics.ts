/**
 * What operations can see of the running modules: `window.__ROOMNEST__`
 * (shell version, the version of each remote this page runs, the browser's
 * canary cohort and the remotes it gets as canary), a one-line
 * `console.info` at start, and per remote failure one `console.error` line
 * and a report to the API's log (failure-reports.ts).
 */
import type { ShellDispatch } from '../../api/shell-api.ts';
import { failureReport, sendFailureReport } from './failure-reports.ts';

export interface RoomNestDiagnostics {
  shell: string;
  remotes: Record<string, string>;
  /** This browser's bucket (0-9999) from /remotes.json's X-RoomNest-Cohort header; null before it answered. */
  cohort: number | null;
  /** The remotes this browser gets as canary (their versions are in `remotes`). */
  canaries: string[];
}

/** Which canaries a browser is in: its bucket and the remotes it gets as canary. */
export interface CohortDiagnostics {
  cohort: number | null;
  canaries: string[];
}

declare global {
  interface Window {
    __ROOMNEST__?: RoomNestDiagnostics;
  }
}

const NO_COHORT: CohortDiagnostics = { cohort: null, canaries: [] };

export function publishVersions(remotes: Record<string, string>, { cohort, canaries }: CohortDiagnostics = NO_COHORT) {
  window.__ROOMNEST__ = { shell: __MODULE_VERSION__, remotes: { ...remotes }, cohort, canaries: [...canaries] };
}

/** `RoomNest shell <version>; remotes: <name> <version>, …` and, when the server named one, `; cohort <bucket>, canaries: <names>`. */
export function announceVersions(remotes: Record<string, string>, { cohort, canaries }: CohortDiagnostics = NO_COHORT) {
  const list = Object.entries(remotes)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  const cohortPart = cohort === null ? '' : `; cohort ${cohort}, canaries: ${canaries.join(', ') || 'none'}`;
  console.info(`RoomNest shell ${__MODULE_VERSION__}; remotes: ${list || 'none'}${cohortPart}`);
}

export type RemoteFailureKind = 'timeout' | 'load' | 'render';

export interface RemoteFailure {
  remote: string;
  module: string;
  /** The live version from remotes.json, or 'unknown' when it could not be read. */
  version: string;
  kind: RemoteFailureKind;
  error: unknown;
  /** The pathname of the page that failed (default: window.location's). */
  path?: string;
}

/** The error's message; never throws (a thrown value may be anything, even an object without toString). */
function describeError(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'unprintable error';
  }
}

/**
 * One console line per failure, with the remote's name and version, and a
 * report to the API's log (throttled per remote and kind; never throws).
 */
export function reportRemoteFailure(failure: RemoteFailure, dispatch: ShellDispatch) {
  const what = failure.kind === 'render' ? 'failed while rendering' : failure.kind === 'timeout' ? 'timed out while loading' : 'failed to load';
  const reason = describeError(failure.error);
  console.error(`[remote] ${failure.remote}/${failure.module} (version ${failure.version}) ${what}: ${reason}`, failure.error);
  sendFailureReport(failureReport({ remote: failure.remote, module: failure.module, version: failure.version, kind: failure.kind, message: reason }, failure.path), dispatch);
}
