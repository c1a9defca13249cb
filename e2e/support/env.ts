import { resolve } from 'node:path';

/** Where the e2e server runs and the secret it signs tokens with (so a test can mint an expired one). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_TOKEN_SECRET = 'e2e-only-token-secret-0123456789abcdef';
/** The e2e server's data folder (database, uploads, deployment store); E2E_DATA_DIR moves it so two suites can run side by side. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? resolve(import.meta.dirname, '../../.data/e2e');
/** The two-instance suite's load balancer (playwright.instances.config.ts); its instances take the next two ports. */
export const INSTANCES_PORT = Number(process.env.E2E_INSTANCES_PORT ?? E2E_PORT + 5);
/** The two-instance suite's data folder (scripts/instances-server.mjs): each instance's folder and instances.json. */
export const INSTANCES_DATA_DIR = `${E2E_DATA_DIR}-instances`;
