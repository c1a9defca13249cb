import { resolve } from 'node:path';
import type { PlaywrightTestOptions, PlaywrightWorkerOptions } from '@playwright/test';

/** Where the e2e server runs and the secret it signs tokens with (so a test can mint an expired one). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_TOKEN_SECRET = 'e2e-only-token-secret-0123456789abcdef';
/** The e2e server's data folder (database, uploads, deployment store); E2E_DATA_DIR moves it so two suites can run side by side. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? resolve(import.meta.dirname, '../../.data/e2e');
/** The two-instance suite's load balancer (playwright.instances.config.ts); its instances take the next two ports. */
export const INSTANCES_PORT = Number(process.env.E2E_INSTANCES_PORT ?? E2E_PORT + 5);
/** The two-instance suite's data folder (scripts/instances-server.mjs): each instance's folder and instances.json. */
export const INSTANCES_DATA_DIR = `${E2E_DATA_DIR}-instances`;

/** What every suite's browser is: en-GB in London, traces of failures, Debian's Chromium with the flags it needs here. */
export const BROWSER_USE: Partial<PlaywrightTestOptions & PlaywrightWorkerOptions> = {
  locale: 'en-GB',
  timezoneId: 'Europe/London',
  trace: 'retain-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  },
};
