/**
 * An exclusive lock on a data folder, held as a file holding the owner's pid.
 * PGlite has no multi-process protection: two processes on one data folder
 * silently lose committed rows, so the second one must refuse to start.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'roomnest.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Folders this process holds, so a second open in the same process fails too (and a stale file with our own pid, e.g. pid 1 in a restarted container, is taken over). */
const heldHere = new Set<string>();

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id runs (also the moderators command's test of a server's admin file). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An empty lock file younger than this may be one another process is writing its pid into. */
const WRITE_GRACE_MS = 10_000;

function isFresh(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < WRITE_GRACE_MS;
  } catch {
    return false;
  }
}

/**
 * Takes the lock on `dir` (which must exist) and returns its release function.
 * A lock left by a process that no longer runs is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  const folder = resolve(dir);
  const file = join(folder, LOCK_FILE_NAME);
  if (heldHere.has(folder)) {
    throw new DataDirLockedError(`The database folder ${folder} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(folder);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(folder);
        try {
          if (readPid(file) === process.pid) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readPid(file);
      if (pid !== null && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The database folder ${folder} is in use by another RoomNest server (pid ${pid}). ` +
            'Stop that server first, or start this one with another DATA_DIR (or a DATABASE_URL).',
        );
      }
      if (pid === null && isFresh(file)) {
        throw new DataDirLockedError(`The database folder ${folder} is being opened by another process right now.`);
      }
      // Stale (its owner is gone, or it was left empty long ago): take it over.
      try {
        unlinkSync(file);
      } catch (unlinkErr) {
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}: another process keeps creating it.`);
}
