#!/usr/bin/env node
/**
 * The server the end-to-end tests run against: a fresh data folder, every
 * module built anew from the current source into its deployment store, then
 * exactly what `npm start` runs.
 */
import { rmSync } from 'node:fs';

const { DATA_DIR } = await import('./lib.mjs');
if (!/e2e/.test(DATA_DIR)) {
  console.error(`[e2e] refusing to wipe ${DATA_DIR}: DATA_DIR must name an e2e folder`);
  process.exit(1);
}
rmSync(DATA_DIR, { recursive: true, force: true });
const { buildModules } = await import('./build-store.mjs');
await buildModules({ all: true });
await import('./start.mjs');
