import { defineConfig } from '@playwright/test';
import { resolve } from 'node:path';

import { BROWSER_USE, E2E_DATA_DIR, E2E_PORT, E2E_TOKEN_SECRET } from './support/env.ts';

/** The e2e server: the production build served exactly as `npm start` serves it, on a fresh data folder. */
const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    ...BROWSER_USE,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: /phone\.spec/ },
    { name: 'phone', use: { viewport: { width: 375, height: 740 }, hasTouch: true }, testMatch: /phone\.spec/ },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    // E2E_REUSE_SERVER=1: run specs against an e2e server already started (node scripts/e2e-server.mjs with the same PORT and DATA_DIR), to iterate on a spec without rebuilding the store.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      TOKEN_SECRET: E2E_TOKEN_SECRET,
      LOG_LEVEL: 'warn',
      // Saved search alerts go out a second after a room is posted (e2e/tests/saved-search-alerts.spec.ts), not a minute.
      ALERT_DELAY_SECONDS: '1',
      // The suites sign up a few hundred accounts from this one address in well under an hour; the limit itself is
      // tested against the API (api/test/rate-limits.test.ts), not by running into it here.
      RATE_LIMIT_REGISTER: '5000/1h',
    },
  },
});
