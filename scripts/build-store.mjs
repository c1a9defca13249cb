#!/usr/bin/env node
/**
 * Builds modules into the deployment store and makes them live.
 *   node scripts/build-store.mjs --all             every module
 *   node scripts/build-store.mjs --missing         only modules with no live version (npm start)
 *   node scripts/build-store.mjs mf-search shell   the named modules
 * Each build goes to store/<package>/<package version>-<build id>/; no other module is touched.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULES, STORE_DIR, bin, findModule, liveVersion, makeLive, newVersion, run } from './lib.mjs';

export async function buildModule(mod) {
  const version = newVersion(mod);
  const outDir = join(STORE_DIR, mod.pkg, version);
  const started = Date.now();
  console.info(`[build] ${mod.pkg} ${version}`);
  await run(bin('vite'), ['build', '--logLevel', 'warn', '--config', join(mod.pkg, 'vite.config.ts')], {
    env: {
      NODE_ENV: 'production',
      OUT_DIR: outDir,
      MODULE_VERSION: version,
      ...(mod.remote ? {} : { SHELL_BASE: `/store/${mod.pkg}/${version}/` }),
    },
  });
  writeFileSync(join(outDir, 'release.json'), `${JSON.stringify({ module: mod.pkg, version, builtAt: new Date().toISOString() }, null, 2)}\n`);
  makeLive(mod, version);
  console.info(`[build] ${mod.pkg} ${version} is live (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return version;
}

export async function buildModules({ all = false, missing = false, names = [] } = {}) {
  const selected = all ? MODULES : missing ? MODULES.filter((m) => !liveVersion(m)) : names.map(findModule);
  for (const mod of selected) await buildModule(mod);
  return selected.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  const all = args.includes('--all');
  const missing = args.includes('--missing');
  if (!all && !missing && names.length === 0) {
    console.error('Usage: node scripts/build-store.mjs --all | --missing | <module>...');
    process.exit(2);
  }
  buildModules({ all, missing, names }).catch((err) => {
    console.error(`[build] failed: ${err.message}`);
    process.exit(1);
  });
}
