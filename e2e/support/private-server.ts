/**
 * A server of a spec's own, for the specs that release, canary or break modules (release, canary, canary guard):
 * `npm start`'s server on a port of its own, serving a copy of the e2e server's store (so every module is already
 * published) in a work folder, so the rest of the suite never sees what the spec does to its store. Optionally a
 * copy of the source tree, for the release commands to build from. The server's output goes to server.log beside the
 * store.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR, E2E_TOKEN_SECRET } from './env.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface PrivateServer {
  /** The work folder: store/, data/, server.log and, with `source`, source/. */
  work: string;
  store: string;
  /** The copy of the source tree (with `source: true`). */
  source: string;
  base: string;
  stop(): void;
}

/** The folders and address of the spec's server; start it in beforeAll with `start()`. */
export function privateServer(name: string, port: number, { source = false, env = {} }: { source?: boolean; env?: Record<string, string> } = {}) {
  const work = join(E2E_DATA_DIR, name);
  const store = join(work, 'store');
  let child: ChildProcess | undefined;
  const server: PrivateServer & { start(): Promise<void> } = {
    work,
    store,
    source: join(work, 'source'),
    base: `http://localhost:${port}`,
    async start() {
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      cpSync(join(E2E_DATA_DIR, 'store'), store, { recursive: true, preserveTimestamps: true });
      if (source) {
        const copied = spawnSync(process.execPath, ['scripts/source-tree.mjs', 'copy', server.source], { cwd: ROOT, encoding: 'utf8' });
        expect(copied.status, copied.stderr).toBe(0);
      }
      const log = join(work, 'server.log');
      // The pages these specs use need no data: no demo seed.
      child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['api/src/main.ts'], {
        cwd: ROOT,
        stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
        env: { ...process.env, PORT: String(port), DATA_DIR: join(work, 'data'), STORE_DIR: store, TOKEN_SECRET: E2E_TOKEN_SECRET, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
      });
      await expect
        .poll(async () => (await fetch(`${server.base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [250] })
        .toBe(200);
    },
    stop() {
      child?.kill('SIGTERM');
    },
  };
  return server;
}
