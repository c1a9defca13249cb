/**
 * Which remote and version a browser may report a failure of: the remotes of
 * the deployment store's live `remotes.json` (what the shell loads), with the
 * version live now (the stable one, or the canary a share of browsers gets)
 * or one that was live within RECENTLY_LIVE_MS (from the
 * store's `history.jsonl`: a page opened before a release or rollback keeps
 * running the version it started with, and its failures are the interesting
 * ones). `unknown` is accepted for a live remote: the shell says that when it
 * could not read remotes.json itself. Everything else is refused, so reports
 * cannot fill the log under made-up names.
 *
 * Both files are read again only when they were replaced or grew (one stat of
 * each per report), so a release or rollback counts at once, on every
 * instance that shares the store.
 */
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A version replaced less than this long ago is still reported by pages opened before the change. */
export const RECENTLY_LIVE_MS = 60 * 60 * 1000;
/** The version the shell reports before it has read remotes.json. */
export const UNKNOWN_VERSION = 'unknown';
/** Only the end of the history is read: an hour of releases fits many times over. */
const HISTORY_TAIL_BYTES = 64 * 1024;

export type RemoteCheck = 'live' | 'unknown-remote' | 'unknown-version';

/** Which part a version plays now: the remote's canary, or anything else (its stable version, a recent one). */
export type VersionRole = 'canary' | 'stable';

interface HistoryLine {
  /** When `version` became live and `previous` stopped being live. */
  at: number;
  remote: string;
  version?: string;
  previous?: string;
}

/** The signature of a file, to tell whether it changed since it was read ('' when it cannot be read). */
async function signature(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.ino}:${info.mtimeMs}:${info.size}`;
  } catch {
    return '';
  }
}

async function readTail(file: string, bytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    await handle.read(buffer, 0, buffer.length, start);
    const text = buffer.toString('utf8');
    // A tail that starts inside a line drops that line.
    return start > 0 ? text.slice(text.indexOf('\n') + 1) : text;
  } finally {
    await handle.close();
  }
}

/** The store names modules by folder (`mf-search`); the shell by federation name (`mf_search`). */
const remoteOfModule = (module: string) => module.replaceAll('-', '_');

function parseHistory(text: string): HistoryLine[] {
  const lines: HistoryLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const line = JSON.parse(raw) as { at?: unknown; module?: unknown; version?: unknown; previous?: unknown };
      const at = typeof line.at === 'string' ? Date.parse(line.at) : NaN;
      if (!Number.isFinite(at) || typeof line.module !== 'string') continue;
      lines.push({
        at,
        remote: remoteOfModule(line.module),
        ...(typeof line.version === 'string' ? { version: line.version } : {}),
        ...(typeof line.previous === 'string' ? { previous: line.previous } : {}),
      });
    } catch {
      // A line being written, or damaged: the others still count.
    }
  }
  return lines;
}

export function createLiveRemotes(storeDir: string, now: () => number = Date.now) {
  const remotesFile = join(storeDir, 'remotes.json');
  const historyFile = join(storeDir, 'history.jsonl');
  let seen = '';
  let live = new Map<string, string>();
  /** The canary version of each remote in canary. */
  let canaries = new Map<string, string>();
  let history: HistoryLine[] = [];

  async function refresh(): Promise<void> {
    const next = `${await signature(remotesFile)}|${await signature(historyFile)}`;
    if (next === seen) return;
    seen = next;
    live = new Map();
    canaries = new Map();
    try {
      const registry = JSON.parse(await readFile(remotesFile, 'utf8')) as Record<string, { version?: unknown; canary?: { version?: unknown } }>;
      for (const [remote, entry] of Object.entries(registry ?? {})) {
        if (typeof entry?.version !== 'string') continue;
        live.set(remote, entry.version);
        if (typeof entry.canary?.version === 'string') canaries.set(remote, entry.canary.version);
      }
    } catch {
      // No remotes.json (nothing published yet) or one being replaced: no remote is live until it is readable.
    }
    try {
      history = parseHistory(await readTail(historyFile, HISTORY_TAIL_BYTES));
    } catch {
      history = [];
    }
  }

  return {
    /** Whether `remote` is live and `version` is its live version, a recently live one, or 'unknown'. */
    async check(remote: string, version: string): Promise<RemoteCheck> {
      await refresh();
      const current = live.get(remote);
      if (current === undefined) return 'unknown-remote';
      if (version === current || version === UNKNOWN_VERSION || version === canaries.get(remote)) return 'live';
      const since = now() - RECENTLY_LIVE_MS;
      const recent = history.some((line) => line.remote === remote && line.at >= since && (line.version === version || line.previous === version));
      return recent ? 'live' : 'unknown-version';
    },
    /** Whether `version` is the canary of `remote` now (as of the last check). */
    role(remote: string, version: string): VersionRole {
      return canaries.get(remote) === version ? 'canary' : 'stable';
    },
  };
}
