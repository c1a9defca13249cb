#!/usr/bin/env node
/**
 * Independent delivery of one module (the shell or a remote) to the deployment store.
 *
 *   npm run release  -- <module>             build this module alone, publish it as a new version, make it live
 *   npm run rollback -- <module> [version]   make the version built before the live one (or the named one) live
 *   npm run releases [-- <module>]           list the versions in the store and which one is live
 *
 * <module> is a package folder (mf-search) or a federation name (mf_search).
 * Nothing but the named module is built, and nothing is written but its new
 * version folder, one line of remotes.json (or shell.json) and history.jsonl.
 * The change reaches browsers on their next page load: the API serves
 * remotes.json and the shell's page with no-store.
 */
import { STORE_DIR, MODULES, findModule, historyFile, listVersions, liveVersion, makeLive, versionBefore } from './lib.mjs';
import { existsSync, readFileSync } from 'node:fs';
import { buildVersion } from './build-store.mjs';

const USAGE = `Usage:
  npm run release  -- <module>
  npm run rollback -- <module> [version]
  npm run releases [-- <module>]
Modules: ${MODULES.map((m) => m.pkg).join(', ')}`;

const when = (iso) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' }).format(new Date(iso));

async function release(name) {
  const mod = findModule(name);
  const started = Date.now();
  console.info(`[release] building ${mod.pkg} alone`);
  const version = await buildVersion(mod);
  const previous = await makeLive(mod, version, 'release');
  console.info(`[release] ${mod.pkg} ${version} is live (was ${previous ?? 'none'}; ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.info(`[release] roll back with: npm run rollback -- ${mod.pkg}`);
}

async function rollback(name, wanted) {
  const mod = findModule(name);
  const versions = listVersions(mod);
  const live = liveVersion(mod);
  let target = wanted;
  if (!target) {
    target = versionBefore(mod, live);
    if (!target) throw new Error(`${mod.pkg} has no version built before the live one (${live ?? 'none'}); see npm run releases -- ${mod.pkg}`);
  } else if (!versions.some((v) => v.version === target)) {
    throw new Error(`${mod.pkg} has no version ${target} in the store; see npm run releases -- ${mod.pkg}`);
  }
  if (target === live) {
    console.info(`[rollback] ${mod.pkg} ${target} is already live`);
    return;
  }
  await makeLive(mod, target, 'rollback');
  console.info(`[rollback] ${mod.pkg} ${target} is live (was ${live ?? 'none'})`);
}

function releases(name) {
  const mods = name ? [findModule(name)] : MODULES;
  console.info(`Deployment store: ${STORE_DIR}`);
  for (const mod of mods) {
    const live = liveVersion(mod);
    const versions = listVersions(mod);
    console.info(`\n${mod.pkg}${mod.remote ? ` (${mod.remote})` : ''}: ${versions.length} version(s)`);
    for (const v of versions.toReversed()) {
      const marks = [v.commit ? `commit ${v.commit}` : null, v.dirty ? 'uncommitted changes' : null].filter(Boolean).join(', ');
      console.info(`  ${v.version === live ? '*' : ' '} ${v.version.padEnd(34)} built ${when(v.builtAt)}${marks ? `  ${marks}` : ''}${v.version === live ? '  LIVE' : ''}`);
    }
  }
  if (existsSync(historyFile())) {
    const lines = readFileSync(historyFile(), 'utf8').trim().split('\n').filter(Boolean);
    const recent = lines
      .flatMap((l) => {
        try {
          return [JSON.parse(l)];
        } catch {
          return []; // a line cut short by a crash: skip it
        }
      })
      .filter((h) => !name || h.module === findModule(name).pkg)
      .slice(-10);
    if (recent.length) {
      console.info('\nRecent changes (history.jsonl):');
      for (const h of recent) console.info(`  ${when(h.at)}  ${h.action.padEnd(8)} ${h.module.padEnd(12)} ${h.version}  (was ${h.previous ?? 'none'}, by ${h.by})`);
    }
  }
}

const [command, name, version] = process.argv.slice(2);
try {
  if (command === 'release' && name) await release(name);
  else if (command === 'rollback' && name) await rollback(name, version);
  else if (command === 'releases') releases(name);
  else {
    console.error(USAGE);
    process.exit(2);
  }
} catch (err) {
  console.error(`[${command}] ${err.message}`);
  process.exit(1);
}
