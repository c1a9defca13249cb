/**
 * `npm run moderators -- add|remove|list [<email>]`: makes and unmakes moderators, the only way there is (the API
 * never grants a role). It finds the database exactly as the server with the same environment does (config.ts
 * `dataLocation`: DATA_DIR, DATABASE_URL).
 *
 * A running server is asked first, through its admin listener (features/moderation/admin-listener.ts): the address
 * and token are in `<DATA_DIR>/admin-<port>.json`. That is the only way in while the server runs on PGlite, whose
 * folder one process may open. When no server answers (no file, or one left by a server that was killed), the
 * command opens the database itself, runs the same statements and closes it.
 *
 * Prints plain lines; exits 0 when done, 1 when refused (no such account, not a moderator, database unavailable),
 * 2 on a usage error.
 */
import { existsSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { dataLocation } from './config.ts';
import { openDatabase } from './db/database.ts';
import { isAlive } from './db/dir-lock.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { readAdminFiles } from './features/moderation/admin-listener.ts';
import {
  describeModeratorsResult,
  MODERATORS_USAGE,
  parseModeratorsArgs,
  runModeratorsRequest,
  type ModeratorsRequest,
  type ModeratorsResult,
} from './features/moderation/moderators-command.ts';

/** How long a server whose file is there may take to answer before the command stops waiting for it. */
const SERVER_TIMEOUT_MS = 15_000;

/** The answer of any live server on this data folder; null when none answers. */
async function askRunningServer(dataDir: string, request: ModeratorsRequest): Promise<ModeratorsResult | null> {
  for (const { path, file } of readAdminFiles(dataDir)) {
    if (!file) continue;
    if (!isAlive(file.pid)) {
      // Left by a server that was killed: nobody will remove it otherwise.
      try {
        unlinkSync(path);
      } catch {
        // Another command took it away first.
      }
      continue;
    }
    const url = `http://127.0.0.1:${file.port}/moderators${request.command === 'list' ? '' : `/${request.command}`}`;
    try {
      const res = await fetch(url, {
        method: request.command === 'list' ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${file.token}`, 'content-type': 'application/json' },
        body: request.command === 'list' ? undefined : JSON.stringify({ email: request.email }),
        signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
      });
      if (res.status === 200 || res.status === 404) return (await res.json()) as ModeratorsResult;
    } catch {
      // Refused or no answer: the pid now belongs to another process, or the server is stopping. Try the next.
    }
  }
  return null;
}

async function runOnDatabase(dataDir: string, databaseUrl: string | null, request: ModeratorsRequest): Promise<ModeratorsResult | string> {
  const pgliteDir = join(dataDir, 'db');
  if (!databaseUrl && !existsSync(pgliteDir)) {
    return `No database in ${pgliteDir}: start the server once (npm start), or run this with the server's DATA_DIR or DATABASE_URL.`;
  }
  let database;
  try {
    database = await openDatabase(databaseUrl ? { kind: 'postgres', url: databaseUrl, poolSize: 1 } : { kind: 'pglite', dataDir: pgliteDir });
  } catch (err) {
    if (err instanceof Error && err.name === 'DataDirLockedError') return `${err.message} It did not answer this command: wait until it has started, then try again.`;
    return `Could not open the database: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    await migrateToLatest(database.db);
    return await runModeratorsRequest(database.db, request);
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const request = parseModeratorsArgs(process.argv.slice(2));
  if (typeof request === 'string') {
    console.error(request);
    console.error(MODERATORS_USAGE);
    return 2;
  }
  const { dataDir, databaseUrl } = dataLocation();
  const result = (await askRunningServer(dataDir, request)) ?? (await runOnDatabase(dataDir, databaseUrl, request));
  if (typeof result === 'string') {
    console.error(result);
    return 1;
  }
  const { lines, exitCode } = describeModeratorsResult(result);
  (exitCode === 0 ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[moderators] ${err instanceof Error && err.name === 'MigrationError' ? err.message : String((err as Error)?.stack ?? err)}`);
    process.exit(1);
  },
);
