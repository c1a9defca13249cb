/**
 * Tells the API that a remote page rendered (POST /api/client-errors/remote-loads), so that the automatic canary
 * guard can compare a canary's failure rate with the stable version's: the failures arrive as failure reports
 * (failure-reports.ts), the successes from here. Every load of a canary version is reported (a canary reaches few
 * browsers and each of its loads counts); of a stable version only a sample, at the share /remotes.json names in its
 * X-RoomNest-Load-Sample header (the server weights those reports to match). A page is reported once a document per
 * remote, module and version: a page visited again has not been loaded again. Never throws and never waits.
 */
import { DEFAULT_REMOTE_LOAD_SAMPLE_RATE, REMOTE_FAILURE_LIMITS, type RemoteLoadReport } from '@roomnest/shared';
import { shellApi, type ShellDispatch } from '../../api/shell-api.ts';

let sampleRate = DEFAULT_REMOTE_LOAD_SAMPLE_RATE;
const reported = new Set<string>();

/** Takes the share from /remotes.json's header; a missing or malformed one leaves the default. */
export function setLoadSampleRate(header: string | null): void {
  const rate = header === null || header.trim() === '' ? NaN : Number(header);
  sampleRate = Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : DEFAULT_REMOTE_LOAD_SAMPLE_RATE;
}

/** The share of stable loads reported now. */
export function loadSampleRate(): number {
  return sampleRate;
}

/** For tests. */
export function resetLoadReports(): void {
  reported.clear();
  sampleRate = DEFAULT_REMOTE_LOAD_SAMPLE_RATE;
}

export interface RemoteLoad {
  remote: string;
  module: string;
  /** The version from remotes.json. */
  version: string;
  /** The registry entry's cohort: 'canary' when this browser runs the remote's canary. */
  cohort: 'canary' | 'stable' | undefined;
}

/**
 * Reports a page that rendered: always for the canary cohort, else when `random()` falls within the sample share;
 * once a document per remote, module and version. Answers whether a report went out.
 */
export function reportRemoteLoad({ remote, module, version, cohort }: RemoteLoad, dispatch: ShellDispatch, random: () => number = Math.random): boolean {
  // Before remotes.json was read there is no version to count a load of (the page would not have loaded either).
  if (!version || version === 'unknown') return false;
  const key = `${remote}\u0000${module}\u0000${version}`;
  if (reported.has(key)) return false;
  reported.add(key);
  if (cohort !== 'canary' && !(random() < sampleRate)) return false;
  const report: RemoteLoadReport = {
    remote: remote.slice(0, REMOTE_FAILURE_LIMITS.remote),
    module: module.slice(0, REMOTE_FAILURE_LIMITS.module),
    version: version.slice(0, REMOTE_FAILURE_LIMITS.version),
    shellVersion: __MODULE_VERSION__.slice(0, REMOTE_FAILURE_LIMITS.version),
  };
  try {
    // The mutation settles with an error result when the API is down (never a rejection): a lost report is one load fewer.
    void dispatch(shellApi.endpoints.reportRemoteLoad.initiate(report));
  } catch {
    // A reporter that fails must not break the page it reports.
  }
  return true;
}
