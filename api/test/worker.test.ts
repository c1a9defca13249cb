/**
 * `npm run worker` (api/src/worker.ts) as real processes: without DATABASE_URL it refuses with one clear sentence
 * (PGlite lives in one process); on PostgreSQL, with the API not running jobs (RUN_JOBS=0), two workers at once send
 * a message's email exactly once, and SIGTERM stops each cleanly (exit 0).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKER_NEEDS_DATABASE_URL } from '../src/config.ts';
import { readOutbox, waitForOutbox } from './email-support.ts';
import { authHeader, BACKENDS, registerMember, SERVER_TOKEN_SECRET, startServer, stopServer } from './server-process.ts';

const API_DIR = resolve(import.meta.dirname, '..');

function startWorker(env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: API_DIR,
    env: { ...process.env, TOKEN_SECRET: SERVER_TOKEN_SECRET, PUBLIC_URL: 'https://roomnest.example', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  /** Resolves once the worker has logged that it runs. */
  const running = new Promise<void>((done, fail) => {
    proc.stdout.on('data', () => output.includes('job worker running') && done());
    void exited.then((code) => fail(new Error(`worker exited with ${code}: ${output}`)));
  });
  // Awaited only where the worker is meant to run.
  running.catch(() => undefined);
  return { proc, exited, running, output: () => output };
}

describe('npm run worker', () => {
  it('refuses to run on the embedded PGlite database, saying to set DATABASE_URL or let the API run the jobs', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-worker-'));
    try {
      const worker = startWorker({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(await worker.exited).toBe(1);
      expect(worker.output().trim()).toBe(`[worker] ${WORKER_NEEDS_DATABASE_URL}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const postgres = BACKENDS.filter((b) => b.name === 'PostgreSQL');
  it.skipIf(postgres.length === 0)('two workers beside an API that runs no jobs send a message’s email once, and stop cleanly on SIGTERM', { timeout: 240_000 }, async () => {
    const db = await postgres[0]!.create();
    const env = { ...db.env, RUN_JOBS: '0', MESSAGE_EMAIL_DELAY_SECONDS: '1' };
    const workers: ReturnType<typeof startWorker>[] = [];
    try {
      const api = await startServer(env);
      let to: string;
      try {
        const [sender, receiver] = [await registerMember(api.base, 'Tenant', 'Worker Sender'), await registerMember(api.base, 'Landlord', 'Worker Receiver')];
        to = receiver.email;
        const res = await fetch(`${api.base}/api/messages`, {
          method: 'POST',
          headers: { ...authHeader(sender), 'content-type': 'application/json' },
          body: JSON.stringify({ ReceiverID: receiver.id, MessageContent: 'Sent while workers run the jobs' }),
        });
        expect(res.status).toBe(201);
        workers.push(startWorker(env), startWorker(env));
        await Promise.all(workers.map((w) => w.running));
        const outbox = join(db.dataDir, 'outbox');
        await waitForOutbox(outbox, { to, notifications: true, timeoutMs: 60_000 });
      } finally {
        await stopServer(api);
      }
      for (const w of workers) w.proc.kill('SIGTERM');
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
      const emails = readOutbox(join(db.dataDir, 'outbox'), to, true);
      expect(emails).toHaveLength(1);
      expect(emails[0]!.body).toContain('Sent while workers run the jobs');
      expect(workers.every((w) => w.output().includes('worker stopped'))).toBe(true);
    } finally {
      for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGKILL');
      await db.drop();
    }
  });
});
