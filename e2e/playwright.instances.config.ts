import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { BROWSER_USE, E2E_DATA_DIR, E2E_TOKEN_SECRET, INSTANCES_DATA_DIR, INSTANCES_PORT } from './support/env.ts';

/**
 * The two-instance suite: two API processes on one PostgreSQL database behind a load balancer that spreads requests
 * between them (scripts/instances-server.mjs). Needs TEST_DATABASE_URL (a PostgreSQL server); `npm run test -w
 * @roomnest/e2e` runs it after the main suite when that is set.
 */
const baseURL = `http://localhost:${INSTANCES_PORT}`;
// The store the main suite has just built, when it is there: no second build of every module.
const mainStore = join(E2E_DATA_DIR, 'store');

export default defineConfig({
  testDir: './instances',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    ...BROWSER_USE,
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node scripts/instances-server.mjs',
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 600_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(INSTANCES_PORT),
      DATA_DIR: INSTANCES_DATA_DIR,
      ...(existsSync(join(mainStore, 'remotes.json')) ? { STORE_DIR: mainStore } : {}),
      TOKEN_SECRET: E2E_TOKEN_SECRET,
      LOG_LEVEL: 'warn',
      // The suite signs up its accounts from this one address (see playwright.config.ts).
      RATE_LIMIT_REGISTER: '5000/1h',
      // The demo accounts and a few rooms: the specs make their own, and a smaller seed starts the suite sooner in CI.
      SEED_LISTINGS: '200',
    },
  },
});
