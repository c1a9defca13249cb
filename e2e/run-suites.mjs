#!/usr/bin/env node
/**
 * `npm run test -w @roomnest/e2e`: the main suite (playwright.config.ts, arguments passed on to it), then, with no
 * arguments, the two-instance suite (playwright.instances.config.ts: two API processes on one PostgreSQL database
 * behind a load balancer), which needs TEST_DATABASE_URL. It serves the store the main suite has just built.
 */
import { spawnSync } from 'node:child_process';

const playwright = (args) => spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', cwd: import.meta.dirname }).status ?? 1;

const args = process.argv.slice(2);
const main = playwright(args);
if (main !== 0 || args.length > 0) process.exit(main);
if (!process.env.TEST_DATABASE_URL?.trim()) {
  console.info('[e2e] the two-instance suite (e2e/instances) does not run: it needs TEST_DATABASE_URL, a PostgreSQL server for the two API instances to share.');
  process.exit(0);
}
console.info('\n[e2e] the two-instance suite: two API instances on one PostgreSQL database behind a load balancer');
process.exit(playwright(['-c', 'playwright.instances.config.ts']));
