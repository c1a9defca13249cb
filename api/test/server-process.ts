/**
 * Test support: the real server process (`node --import tsx api/src/main.ts`) on a fresh database of its own
 * (PGlite in a temporary data folder, or a PostgreSQL database created for it when TEST_DATABASE_URL is set), and the
 * generic crash case of the job queue: a change made through HTTP enqueues a job due a little later, the server is
 * killed with SIGKILL before it is due, restarted on the same data, and the job's email must appear in the outbox
 * exactly once. Each case says how to cause its job and whom the email is for; the rest is the same for every kind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runStatement } from '../src/db/admin.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { readOutbox, waitForOutbox, type OutboxEmail } from './email-support.ts';

const API_DIR = resolve(import.meta.dirname, '..');
export const SERVER_TOKEN_SECRET = 'server-process-test-secret-0123456789abcdef';
export const SERVER_PASSWORD = 'Sup3r-secret';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the real server; resolves once /api/health answers (rejects if it exits first, or after two minutes).
 * With `waitUntilUp: false` it resolves at once (a start expected to fail: watch `exited` and `output`).
 */
export async function startServer(env: Record<string, string>, { waitUntilUp = true } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TOKEN_SECRET: SERVER_TOKEN_SECRET, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  const server = { proc, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  if (!waitUntilUp) return server;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${output}`);
    const ok = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not answer within 120 s: ${output}`);
}

/** SIGTERM: the server drains, stops its job runner (finishing the jobs running) and closes the database. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.proc.exitCode === null) server.proc.kill('SIGTERM');
  return server.exited;
}

/** kill -9: nothing is finished, flushed or released. */
export async function killServer(server: ServerProcess): Promise<void> {
  server.proc.kill('SIGKILL');
  await server.exited;
}

export interface Member {
  id: number;
  token: string;
  email: string;
}

export async function registerMember(base: string, userType: 'Tenant' | 'Landlord', name: string): Promise<Member> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(4).toString('hex')}@example.co.uk`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name, Email: email, Password: SERVER_PASSWORD, UserType: userType }),
  });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  return logInMember(base, email);
}

/** Logs a member in again (a new token), e.g. on a restarted server. */
export async function logInMember(base: string, email: string): Promise<Member> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: SERVER_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const body = (await res.json()) as { token: string; user: { userId: number } };
  return { id: body.user.userId, token: body.token, email };
}

export const authHeader = (m: Member) => ({ authorization: `Bearer ${m.token}` });

export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  /** The server environment of a fresh database and data folder; `open` opens that database here (only while no server runs on PGlite); `drop` removes it all. */
  create(): Promise<{ env: Record<string, string>; dataDir: string; open(): Promise<Database>; drop(): Promise<void> }>;
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'roomnest-server-'));
}

export const BACKENDS: Backend[] = [
  {
    name: 'PGlite',
    async create() {
      const dataDir = tempDir();
      return {
        env: { DATA_DIR: dataDir },
        dataDir,
        open: () => openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') }),
        drop: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
];
const pgUrl = process.env.TEST_DATABASE_URL?.trim();
if (pgUrl) {
  BACKENDS.push({
    name: 'PostgreSQL',
    async create() {
      const name = `server_${process.pid}_${randomBytes(4).toString('hex')}`;
      await runStatement(pgUrl, `create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      const dataDir = tempDir();
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
        dataDir,
        open: () => openDatabase({ kind: 'postgres', url: url.href }),
        drop: async () => {
          await runStatement(pgUrl, `drop database if exists ${name} with (force)`);
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  });
}

export interface CrashCase {
  /** Server settings making the job due within seconds (e.g. MESSAGE_EMAIL_DELAY_SECONDS=2). */
  env: Record<string, string>;
  /** On the first server, through HTTP: the change that enqueues the job. Answers whom its email goes to. */
  cause(base: string): Promise<{ to: string }>;
}

export interface CrashOutcome {
  /** Every notification email to the case's address in the outbox (not the registration's verification email), after the restarted server has stopped. */
  emails: OutboxEmail[];
  /** The jobs table, read after the restarted server has stopped. */
  jobs: { kind: string; key: string | null; attempts: number; done_at: Date | null; failed_at: Date | null }[];
  /** Both servers' output. */
  output: string;
}

/**
 * The crash case: cause the job, kill -9 before it is due (no email yet), restart on the same data, wait for the email
 * (polling the outbox), stop the server gracefully, and answer what was sent and what the jobs table holds.
 */
export async function runCrashCase(backend: Backend, crashCase: CrashCase): Promise<CrashOutcome> {
  const db = await backend.create();
  const env = { ...db.env, ...crashCase.env };
  const outbox = join(db.dataDir, 'outbox');
  try {
    const first = await startServer(env);
    let output = '';
    let to: string;
    try {
      ({ to } = await crashCase.cause(first.base));
    } finally {
      await killServer(first);
      output += first.output();
    }
    if (readOutbox(outbox, to, true).length > 0) throw new Error('the email went out before the kill: make the case’s delay longer');
    const second = await startServer(env);
    try {
      await waitForOutbox(outbox, { to, notifications: true, timeoutMs: 60_000 });
    } finally {
      await stopServer(second);
      output += second.output();
    }
    const database = await db.open();
    try {
      const jobs = await database.db.selectFrom('jobs').select(['kind', 'key', 'attempts', 'done_at', 'failed_at']).orderBy('id').execute();
      return { emails: readOutbox(outbox, to, true), jobs, output };
    } finally {
      await database.close();
    }
  } finally {
    await db.drop();
  }
}
