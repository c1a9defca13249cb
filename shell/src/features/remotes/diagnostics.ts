/**
 * What operations can see of the running modules: `window.__ROOMNEST__`
 * (shell version and the live version of each remote), a one-line
 * `console.info` at start, and one `console.error` line per remote failure.
 */

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
}

/** One line per failure, with the remote's name and version (the error reporter of issue 7 hooks in here). */
export function reportRemoteFailure(failure: RemoteFailure) {
  const what = failure.kind === 'render' ? 'failed while rendering' : failure.kind === 'timeout' ? 'timed out while loading' : 'failed to load';
  const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
  console.error(`[remote] ${failure.remote}/${failure.module} (version ${failure.version}) ${what}: ${reason}`, failure.error);
}
