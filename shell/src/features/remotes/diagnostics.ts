/**
 * What operations can see of the running modules: `window.__ROOMNEST__`
 * (shell version and the live version of each remote), a one-line
 * `console.info` at start, and per remote failure one `console.error` line
 * and a report to the API's log (failure-reports.ts).
 */
import type { ShellDispatch } from '../../api/shell-api.ts';
import { failureReport, sendFailureReport } from './failure-reports.ts';

export interface RoomNestDiagnostics {
  shell: string;
  remotes: Record<string, string>;
}

declare global {
  interface Window {
    __ROOMNEST__?: RoomNestDiagnostics;
  }
}

export function publishVersions(remotes: Record<string, string>) {
  window.__ROOMNEST__ = { shell: __MODULE_VERSION__, remotes: { ...remotes } };
}

export function announceVersions(remotes: Record<string, string>) {
  const list = Object.entries(remotes)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ');
  console.info(`RoomNest shell ${__MODULE_VERSION__}; remotes: ${list || 'none'}`);
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
