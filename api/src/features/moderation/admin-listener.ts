/**
 * The server's admin listener: how `npm run moderators` reaches the database while the server runs. The embedded
 * PGlite folder can be opened by one process only (db/dir-lock.ts), so the command cannot open it beside the
 * server; it asks the server instead.
 *
 * A plain node:http server, not the public Fastify app, so no public route, plugin or proxy can reach it; bound to
 * 127.0.0.1 on a port the system picks; and it answers only a caller presenting the token written, with the port
 * and the server's pid, to `<DATA_DIR>/admin-<public port>.json` (mode 0600: only the account running the server
 * can read it). The token is new on every start; the file is removed when the listener closes. Several servers on
 * one machine each write their own file.
 *
 *   GET  /moderators          → 200 { outcome: 'list', moderators }
 *   POST /moderators/add      { email } → 200 { outcome: 'added', … } or 404 { outcome: 'no-account' }
 *   POST /moderators/remove   { email } → 200 { outcome: 'removed', … } or 404 (no account, or not a moderator)
 *   A body that is not that JSON, or not an email address: 400; more than BODY_MAX bytes: 413. Each { message }.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { parseModeratorsArgs, runModeratorsRequest, type ModeratorsRequest } from './moderators-command.ts';

export const ADMIN_HOST = '127.0.0.1';
const ADMIN_FILE = /^admin-(\d+)\.json$/;
/** Largest request body: an email address in JSON. */
const BODY_MAX = 1024;

export interface AdminFile {
  pid: number;
  port: number;
  token: string;
}

export const adminFilePath = (dataDir: string, publicPort: number) => join(dataDir, `admin-${publicPort}.json`);

/** Every admin file in the data folder, readable or not (a file being written, or from a crashed server, may not be). */
export function readAdminFiles(dataDir: string): { path: string; file: AdminFile | null }[] {
  let names: string[];
  try {
    names = readdirSync(dataDir).filter((name) => ADMIN_FILE.test(name));
  } catch {
    return [];
  }
  return names.map((name) => {
    const path = join(dataDir, name);
    try {
      const file = JSON.parse(readFileSync(path, 'utf8')) as Partial<AdminFile>;
      const valid = Number.isInteger(file.pid) && Number.isInteger(file.port) && typeof file.token === 'string';
      return { path, file: valid ? (file as AdminFile) : null };
    } catch {
      return { path, file: null };
    }
  });
}

export interface AdminListener {
  port: number;
  file: string;
  /** Stops listening and removes the file. */
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

export async function startAdminListener({ db, dataDir, publicPort, log }: { db: Kysely<DB>; dataDir: string; publicPort: number; log: Logger }): Promise<AdminListener> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error({ err }, 'admin listener request failed');
      if (!res.headersSent) send(res, 500, { message: 'The request failed; see the server log.' });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      req.resume();
      return send(res, 401, { message: 'Wrong or missing admin token.' });
    }
    const route = `${req.method} ${req.url}`;
    let request: ModeratorsRequest | string;
    if (route === 'GET /moderators') request = { command: 'list' };
    else if (route === 'POST /moderators/add' || route === 'POST /moderators/remove') {
      const body = await readJson(req);
      if (body === 'too-large') return send(res, 413, { message: `The body is larger than ${BODY_MAX} bytes: send { "email": "…" } only.` });
      if (body === null || typeof body.email !== 'string') return send(res, 400, { message: 'The body must be JSON: { "email": "…" }.' });
      request = parseModeratorsArgs([route.endsWith('add') ? 'add' : 'remove', body.email]);
    } else {
      req.resume();
      return send(res, 404, { message: 'Not found.' });
    }
    if (typeof request === 'string') return send(res, 400, { message: request });
    const result = await runModeratorsRequest(db, request);
    send(res, result.outcome === 'no-account' || result.outcome === 'not-a-moderator' ? 404 : 200, result);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, ADMIN_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const file = adminFilePath(dataDir, publicPort);
  // The data folder may not exist yet: with uploads in a bucket, nothing else has made it.
  mkdirSync(dataDir, { recursive: true });
  // A file left by a crashed server on this port is replaced, not written through: a fresh file gets mode 0600.
  removeFile(file);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, port, token } satisfies AdminFile)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  // A start that fails later, or an exit without the graceful stop, still takes the file away.
  const onExit = () => removeFile(file);
  process.once('exit', onExit);

  let closed = false;
  return {
    port,
    file,
    async close() {
      if (closed) return;
      closed = true;
      process.removeListener('exit', onExit);
      removeFile(file);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The JSON object of the body; null when it is not one, 'too-large' past BODY_MAX bytes. The rest of a body too
 * large is read and thrown away rather than cut off, so the caller, still sending, gets the 413 and not a reset.
 */
function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_MAX) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).resume();
      resolve('too-large');
    };
    const onEnd = () => {
      try {
        // Decoded once, whole: a character split between two chunks stays one character.
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
      } catch {
        resolve(null);
      }
    };
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}
