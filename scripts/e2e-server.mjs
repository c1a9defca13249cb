#!/usr/bin/env node
/**
 * The server the end-to-end tests run against: a fresh data folder, the
 * deployment store filled with two releases of every module, then exactly
 * what `npm start` runs.
 *   1. the previous release (the commit named in e2e/skew-baseline.json),
 *      built from its own source, for the version-skew tests;
 *   2. the current source, built and made live.
 * `${DATA_DIR}/skew.json` says which version is which.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const { DATA_DIR, ROOT, STORE_DIR, readJson, remotesFile, run, shellFile, writeJsonAtomic } = await import('./lib.mjs');
if (!/e2e/.test(DATA_DIR)) {
  console.error(`[e2e] refusing to wipe ${DATA_DIR}: DATA_DIR must name an e2e folder`);
  process.exit(1);
}
rmSync(DATA_DIR, { recursive: true, force: true });

const liveVersions = () => ({
  shell: readJson(shellFile(), {}).version,
  remotes: Object.fromEntries(Object.entries(readJson(remotesFile(), {})).map(([name, entry]) => [name, entry.version])),
});

const { commit } = readJson(join(ROOT, 'e2e', 'skew-baseline.json'), {});
if (typeof commit !== 'string') {
  console.error('[e2e] e2e/skew-baseline.json must name the previous release: { "commit": "<sha>" }');
  process.exit(1);
}
const { exportCommit } = await import('./source-tree.mjs');
const baselineSource = exportCommit(commit, join(DATA_DIR, 'baseline-source'));
console.info(`[e2e] building the previous release (${commit}) for the version-skew tests`);
// GIT_DIR: its versions must not take the checkout's commit id (the copy lives inside the checkout).
await run(process.execPath, ['scripts/build-store.mjs', '--all'], { cwd: baselineSource, env: { STORE_DIR, GIT_DIR: join(baselineSource, '.git') } });
const previous = liveVersions();
rmSync(baselineSource, { recursive: true, force: true });

const { buildModules } = await import('./build-store.mjs');
await buildModules({ all: true });
writeJsonAtomic(join(DATA_DIR, 'skew.json'), { baseline: commit, previous, current: liveVersions() });

await import('./start.mjs');
