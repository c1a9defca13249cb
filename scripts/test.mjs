#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, unit and API tests (PGlite, plus PostgreSQL when
 * TEST_DATABASE_URL is set), then Playwright end-to-end tests in Debian's
 * Chromium against the production build served as `npm start` serves it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run, bin } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing: run "sudo apt-get update && sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then npm test again.`);
    process.exit(1);
  }
  console.info('[test] installing Debian chromium (once)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { stdio: 'inherit', env });
}

const steps = [
  ['typecheck', () => run('npm', ['run', 'typecheck', '--silent'])],
  ['lint', () => run('npm', ['run', 'lint', '--silent'])],
  ['unit and API tests', () => run(bin('vitest'), ['run'])],
  ['end-to-end tests', () => run('npm', ['run', 'test', '-w', '@roomnest/e2e'], { env: { CHROMIUM_PATH: CHROMIUM } })],
];

ensureChromium();
const started = Date.now();
for (const [name, step] of steps) {
  const t = Date.now();
  console.info(`\n[test] ── ${name} ──`);
  try {
    await step();
  } catch (err) {
    console.error(`\n[test] ${name} FAILED: ${err.message}`);
    process.exit(1);
  }
  console.info(`[test] ${name} passed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
console.info(`\n[test] all steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
