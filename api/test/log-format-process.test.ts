/**
 * The real server process (api/src/main.ts, as `npm start` runs it): JSON log lines when its output goes to a pipe,
 * readable lines when it runs in a terminal (a pseudo-terminal made by util-linux `script`, as a person's shell
 * would give it) or when LOG_FORMAT says so; and GET /metrics wired to METRICS_TOKEN.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRICS_TEXTS } from '../src/plugins/metrics.ts';
import { freePort, SERVER_TOKEN_SECRET, startServer, stopServer } from './server-process.ts';

const API_DIR = resolve(import.meta.dirname, '..');
const LISTENING = 'RoomNest API listening on port';
const METRICS_TOKEN = 'process-test-metrics-token-0123456789';
// Colours a terminal gets (the pretty lines are coloured there).
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Runs `check` on a fresh data folder, removed afterwards. */
async function withDataDir(check: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-logs-'));
  try {
    await check(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the server process’s log lines and metrics', () => {
  it('logs JSON to a pipe, and serves /metrics to METRICS_TOKEN only', { timeout: 180_000 }, async () => {
    await withDataDir(async (dataDir) => {
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', METRICS_TOKEN });
      try {
        expect((await fetch(`${server.base}/metrics`)).status).toBe(401);
        const refused = await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer not-the-metrics-token-at-all' } });
        expect(await refused.json()).toEqual({ message: METRICS_TEXTS.tokenWrong });
        const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}');
        expect(text).toContain('process_resident_memory_bytes');
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      // stdout and stderr together: the log's lines are JSON (Node's own warnings, if any, are not).
      const lines = server.output().trim().split('\n').filter((line) => line.startsWith('{'));
      expect(server.output()).toMatch(new RegExp(`^\\{"level":30,.*"msg":"${LISTENING}`, 'm'));
      const listening = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).find((line) => line.msg.startsWith(LISTENING));
      expect(listening?.level).toBe(30);
      // The token is a secret like any other: never in the log.
      expect(server.output()).not.toContain(METRICS_TOKEN);
    });
  });

  it('logs readable lines to a pipe when LOG_FORMAT=pretty', { timeout: 180_000 }, async () => {
    await withDataDir(async (dataDir) => {
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
      expect(await stopServer(server)).toBe(0);
      expect(server.output()).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: ${LISTENING} \\d+; docs at /api/docs \\{.*"database":"PGlite in `, 'm'));
      expect(server.output()).not.toContain('{"level"');
    });
  });

  it.runIf(existsSync('/usr/bin/script'))('logs readable lines in a terminal with LOG_FORMAT unset, as `npm start` does', { timeout: 180_000 }, async () => {
    await withDataDir(async (dataDir) => {
      const port = await freePort();
      const command = `'${process.execPath}' --import tsx src/main.ts`;
      // Its own process group, so that the test stops the server and the terminal around it together.
      const proc = spawn('script', ['-qefc', command, '/dev/null'], {
        cwd: API_DIR,
        detached: true,
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TOKEN_SECRET: SERVER_TOKEN_SECRET, SEED_DEMO: '0', LOG_LEVEL: 'info', LOG_FORMAT: '', TERM: 'xterm' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const listening = new Promise<void>((done, fail) => {
        proc.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes(LISTENING)) done();
        });
        proc.once('exit', (code) => fail(new Error(`the server exited with ${code}: ${output}`)));
      });
      const exited = new Promise<void>((done) => proc.once('exit', () => done()));
      try {
        await listening;
      } finally {
        process.kill(-proc.pid!, 'SIGTERM');
        await exited;
      }
      const plain = output.replace(ANSI, '').replaceAll('\r', '');
      expect(plain).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: ${LISTENING} ${port}; docs at /api/docs`, 'm'));
      expect(plain).not.toContain('{"level"');
    });
  });
});
