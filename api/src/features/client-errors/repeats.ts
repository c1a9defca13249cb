/**
 * Repeated failure reports: the same remote, version, kind and message from
 * the same client (IP address) within REPEAT_WINDOW_MS are logged once. The
 * first is logged at once; those that follow in its window are only counted,
 * and when the window closes (checked every minute, and when the server
 * closes) one more line says how many there were. A browser stuck on a broken
 * page, or a script, then costs two lines per window instead of one a report.
 *
 * Memory is bounded: at most REPEAT_KEYS_KEPT reports are remembered, each by
 * a hash of its key; the oldest is forgotten first (its count logged if any).
 */
import { createHash } from 'node:crypto';

export const REPEAT_WINDOW_MS = 10 * 60 * 1000;
export const REPEAT_KEYS_KEPT = 10_000;

export interface RepeatCount<T> {
  /** The first report of the window, as it was logged. */
  first: T;
  /** Reports like it received after it, within its window. */
  repeats: number;
  firstAt: number;
  lastAt: number;
}

interface Entry<T> extends RepeatCount<T> {
  until: number;
}

export function createRepeatFilter<T>({
  windowMs = REPEAT_WINDOW_MS,
  keysKept = REPEAT_KEYS_KEPT,
  now = Date.now,
  onRepeated,
}: {
  windowMs?: number;
  keysKept?: number;
  now?: () => number;
  /** Called once for a window that had repeats, when it closes. */
  onRepeated: (count: RepeatCount<T>) => void;
}) {
  /** In the order first seen: the oldest first. */
  const entries = new Map<string, Entry<T>>();

  const report = (entry: Entry<T>) => {
    if (entry.repeats > 0) onRepeated({ first: entry.first, repeats: entry.repeats, firstAt: entry.firstAt, lastAt: entry.lastAt });
  };

  /** Logs the counts of every window that has closed. */
  function sweep(at = now()): void {
    for (const [key, entry] of entries) {
      if (entry.until > at) continue;
      entries.delete(key);
      report(entry);
    }
  }

  return {
    /** True for the first report of its window (log it); false for a repeat (counted). */
    admit(key: readonly string[], item: T): boolean {
      const at = now();
      const hash = createHash('sha256').update(key.join('\u0000')).digest('base64url');
      const entry = entries.get(hash);
      if (entry && entry.until > at) {
        entry.repeats += 1;
        entry.lastAt = at;
        return false;
      }
      if (entry) {
        entries.delete(hash);
        report(entry);
      }
      entries.set(hash, { first: item, repeats: 0, firstAt: at, lastAt: at, until: at + windowMs });
      for (const [oldKey, oldest] of entries) {
        if (entries.size <= keysKept) break;
        entries.delete(oldKey);
        report(oldest);
      }
      return true;
    },
    sweep,
    /** Logs every count still open (the server is closing). */
    flush(): void {
      for (const entry of entries.values()) report(entry);
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
