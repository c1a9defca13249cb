#!/usr/bin/env node
/**
 * Independent delivery of one module (the shell or a remote) to the deployment store.
 *
 *   npm run release  -- <module>                      build this module alone, publish it as a new version, make it live
 *   npm run release  -- <module> --canary <percent>   the same, but live for that share of browsers only (a remote)
 *   npm run promote  -- <module>                      make the running canary live for everyone
 *   npm run rollback -- <module> [version]            end the running canary; with none, make the version built
 *                                                     before the live one (or the named one) live
 *   npm run releases [-- <module>]                    the versions in the store, which one is live, canaries and their health
 *
 * <module> is a package folder (mf-search) or a federation name (mf_search).
 * Nothing but the named module is built, and nothing is written but its new
 * version folder, one line of remotes.json (or shell.json) and history.jsonl
 * (scripts/deployment-store.mjs). The change reaches browsers on their next
 * page load: the API serves remotes.json and the shell's page with no-store.
 */
import { parseArgs } from 'node:util';
import { buildVersion } from './build-store.mjs';
import { canaryHealthFromDatabase, describeHealth } from './canary-health.mjs';
import { parsePercent } from './deployment-store.mjs';
import { STORE_DIR, MODULES, canaryOf, endCanary, findModule, listVersions, liveVersion, makeLive, promote, readHistory, setCanary, versionBefore } from './lib.mjs';

const USAGE = `Usage:
  npm run release  -- <module> [--canary <percent>]
  npm run promote  -- <module>
  npm run rollback -- <module> [version]
  npm run releases [-- <module>]
Modules: ${MODULES.map((m) => m.pkg).join(', ')}`;

/** A mistake in the command line: said in a sentence, with the usage, and exit code 2. */
class UsageError extends Error {}

const when = (iso) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' }).format(new Date(iso));

function moduleNamed(name) {
  try {
    return findModule(name);
  } catch (err) {
    throw new UsageError(err.message, { cause: err });
  }
}

async function release(name, canaryText) {
  const mod = moduleNamed(name);
  const canary = canaryText === undefined ? null : checkCanary(mod, canaryText);
  const running = canaryOf(mod);
  // Said before building, which takes minutes: a release for everyone while a canary runs is refused by the store.
  if (running && canary === null) {
    throw new Error(`${mod.pkg} has a canary running (${running.version} for ${running.percent}% of browsers): promote it with npm run promote -- ${mod.pkg}, or end it with npm run rollback -- ${mod.pkg}, first`);
  }
  if (canary !== null && !liveVersion(mod)) throw new Error(`${mod.pkg} has no live version for the canary to be compared with: release it for everyone first (npm run release -- ${mod.pkg})`);
  const started = Date.now();
  console.info(`[release] building ${mod.pkg} alone`);
  const version = await buildVersion(mod);
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (canary !== null) {
    const replaced = await setCanary(mod, version, canary);
    console.info(`[release] ${mod.pkg} ${version} is the canary for ${canary}% of browsers; the others keep ${liveVersion(mod)} (${took})`);
    if (replaced) console.info(`[release] it replaces the canary ${replaced.version}`);
    console.info(`[release] make it live for everyone with: npm run promote -- ${mod.pkg}; end it with: npm run rollback -- ${mod.pkg}`);
    return;
  }
  const previous = await makeLive(mod, version, 'release');
  console.info(`[release] ${mod.pkg} ${version} is live (was ${previous ?? 'none'}; ${took})`);
  console.info(`[release] roll back with: npm run rollback -- ${mod.pkg}`);
}

/** The share of a canary release, checked before anything is built. */
function checkCanary(mod, text) {
  if (!mod.remote) {
    throw new UsageError(
      'The shell cannot be released as a canary: it is the page itself, served before any remote loads, and a broken shell could not report its own failures to the automatic guard. Release it for everyone and roll it back if need be.',
    );
  }
  try {
    return parsePercent(text);
  } catch (err) {
    throw new UsageError(err.message, { cause: err });
  }
}

async function promoteCanary(name) {
  const mod = moduleNamed(name);
  const { version, previous } = await promote(mod);
  console.info(`[promote] ${mod.pkg} ${version} is live for everyone (was ${previous})`);
  console.info(`[promote] roll back with: npm run rollback -- ${mod.pkg}`);
}

async function rollback(name, wanted) {
  const mod = moduleNamed(name);
  const canary = canaryOf(mod);
  if (canary) {
    if (wanted) throw new Error(`${mod.pkg} has a canary running (${canary.version}): end it first with npm run rollback -- ${mod.pkg}, then roll back to ${wanted}`);
    await endCanary(mod);
    console.info(`[rollback] ${mod.pkg} canary ${canary.version} ended; every browser gets ${liveVersion(mod)} again`);
    return;
  }
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

async function releases(name) {
  const mods = name ? [moduleNamed(name)] : MODULES;
  console.info(`Deployment store: ${STORE_DIR}`);
  const canaries = mods.flatMap((mod) => {
    const canary = canaryOf(mod);
    const stable = liveVersion(mod);
    return canary && stable ? [{ mod, canary, stable }] : [];
  });
  const health = await canaryHealthFromDatabase(
    process.env.DATABASE_URL?.trim() || null,
    canaries.map(({ mod, canary, stable }) => ({ remote: mod.remote, stableVersion: stable, canaryVersion: canary.version, since: canary.since })),
  );
  for (const mod of mods) {
    const live = liveVersion(mod);
    const canary = canaryOf(mod);
    const versions = listVersions(mod);
    console.info(`\n${mod.pkg}${mod.remote ? ` (${mod.remote})` : ''}: ${versions.length} version(s)`);
    for (const v of versions.toReversed()) {
      const marks = [v.commit ? `commit ${v.commit}` : null, v.dirty ? 'uncommitted changes' : null].filter(Boolean).join(', ');
      const state = v.version === live ? (canary ? '  LIVE (stable)' : '  LIVE') : v.version === canary?.version ? `  CANARY ${canary.percent}%` : '';
      console.info(`  ${v.version === live || v.version === canary?.version ? '*' : ' '} ${v.version.padEnd(34)} built ${when(v.builtAt)}${marks ? `  ${marks}` : ''}${state}`);
    }
    if (canary) {
      console.info(`  Canary: ${canary.version} for ${canary.percent}% of browsers since ${when(canary.since)}; the others get ${live}.`);
      const figures = health.byRemote?.[mod.remote];
      console.info(`  ${figures ? `Health since then: ${describeHealth(figures)}.` : health.unavailable}`);
    }
  }
  const recent = readHistory()
    .filter((h) => !name || h.module === mods[0].pkg)
    .slice(-10);
  if (recent.length) {
    console.info('\nRecent changes (history.jsonl):');
    for (const h of recent) {
      const share = h.percent !== undefined && h.action === 'canary' ? ` for ${h.percent}%` : '';
      const reason = h.reason ? `: ${h.reason}` : '';
      console.info(`  ${when(h.at)}  ${String(h.action).padEnd(13)} ${String(h.module).padEnd(13)} ${h.version}${share}  (was ${h.previous ?? 'none'}, by ${h.by}${reason})`);
    }
  }
}

/** The command line: `<command> <module> [version] [--canary <percent>]`, strictly. */
function parseCommandLine(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { canary: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${err.message.replace(/\.?$/, '.')}`, { cause: err });
  }
  const [command, ...rest] = parsed.positionals;
  const canary = parsed.values.canary;
  const arity = { release: [1, 1], promote: [1, 1], rollback: [1, 2], releases: [0, 1] }[command];
  if (!arity) throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
  if (rest.length < arity[0]) throw new UsageError(`npm run ${command} needs the module to act on.`);
  if (rest.length > arity[1]) throw new UsageError(`npm run ${command} takes ${arity[1] === 1 ? 'one module' : 'a module and a version'}; "${rest.slice(arity[1]).join(' ')}" is one argument too many.`);
  if (canary !== undefined && command !== 'release') throw new UsageError(`--canary belongs to npm run release, not to npm run ${command}.`);
  return { command, name: rest[0], version: rest[1], canary };
}

const argv = process.argv.slice(2);
let command = argv[0] ?? 'release';
try {
  const args = parseCommandLine(argv);
  command = args.command;
  if (command === 'release') await release(args.name, args.canary);
  else if (command === 'promote') await promoteCanary(args.name);
  else if (command === 'rollback') await rollback(args.name, args.version);
  else await releases(args.name);
} catch (err) {
  console.error(`[${command}] ${err.message}`);
  if (err instanceof UsageError) {
    console.error(USAGE);
    process.exit(2);
  }
  process.exit(1);
}
