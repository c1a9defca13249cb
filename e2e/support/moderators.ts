/**
 * Moderators for the end-to-end suites, made the one way the product allows: `npm run moderators -- add <email>`,
 * run against the e2e server's data folder. While that server runs, the command reaches it over the loopback
 * (PGlite's folder is the server's alone), exactly as an operator's would.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { member, type Member } from './app.ts';
import { E2E_DATA_DIR } from './env.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs `npm run moderators -- <args>` for the e2e server; answers its output. */
export function moderatorsCommand(...args: string[]): { status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: E2E_DATA_DIR };
  // The e2e server runs on PGlite in its data folder: never another database a developer's shell may name.
  delete env.DATABASE_URL;
  const run = spawnSync('npm', ['run', '--silent', 'moderators', '--', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, out: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}

/** Makes the account with `email` a moderator; it carries the role from its next login. */
export function makeModerator(email: string): void {
  const { status, out } = moderatorsCommand('add', email);
  expect(status, out).toBe(0);
}

/** A fresh account, made a moderator by the command line, then logged in through the API (so its session has the role). */
export async function moderatorMember(request: APIRequestContext, name = 'Moderator Tester'): Promise<Member> {
  const account = await member(request, 'Tenant', name);
  makeModerator(account.email);
  const res = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  const login = (await res.json()) as Member['login'];
  expect(login.user.roles).toContain('moderator');
  return { ...account, token: login.token, login };
}
