#!/usr/bin/env node
/**
 * Builds modules into the deployment store and makes them live.
 *   node scripts/build-store.mjs --all             every module (`npm run build`)
 *   node scripts/build-store.mjs --missing         only modules with no live version (`npm start`)
 *   node scripts/build-store.mjs mf-search shell   the named modules
 * Each build goes to store/<package>/<package version>-<build id>/; no other
 * module is built or touched. Every text file of a build gets precompressed
 * .br and .gz copies (scripts/precompress.mjs). `npm run release` (scripts/release.mjs) is the
 * same build for one module, with what operations need around it.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULES, STORE_DIR, bin, findModule, gitShortSha, isDirty, liveVersion, makeLive, newVersion, run } from './lib.mjs';
import { precompressDir } from './precompress.mjs';

/**
 * Builds one module into a new version folder of the store; does not make it
 * live. The build is written to a hidden folder and renamed into place when
 * complete, so a failed or interrupted build never leaves a half version.
 */
export async function buildVersion(mod) {
  const version = newVersion(mod);
  const finalDir = join(STORE_DIR, mod.pkg, version);
  const outDir = join(STORE_DIR, mod.pkg, `.building-${version}`);
  try {
    await run(bin('vite'), ['build', '--logLevel', 'warn', '--config', join(mod.pkg, 'vite.config.ts')], {
      env: {
        NODE_ENV: 'production',
        OUT_DIR: outDir,
        MODULE_VERSION: version,
        ...(mod.remote ? {} : { SHELL_BASE: `/store/${mod.pkg}/${version}/` }),
      },
    });
    // Brotli and gzip copies beside each file, served by the API as they are (no compression per request).
    await precompressDir(outDir);
    const release = { module: mod.pkg, version, builtAt: new Date().toISOString(), commit: gitShortSha(), dirty: isDirty(mod) };
    writeFileSync(join(outDir, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
    renameSync(outDir, finalDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return version;
}

/** Builds one module and makes it live. */
export async function buildModule(mod) {
  const started = Date.now();
  console.info(`[build] ${mod.pkg}`);
  const version = await buildVersion(mod);
  await makeLive(mod, version, 'build');
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
