/**
 * Canary releases, as a team and operations run them: mf-content changed and
 * released with `npm run release -- mf-content --canary 50` (a real build), seen
 * by some fresh browsers and not others, each keeping its version across reloads
 * (what the page shows, window.__ROOMNEST__ and the cohort cookie agree); then
 * `npm run promote` gives it to everyone and `npm run rollback` takes everyone
 * back.
 *
 * Like release.spec.ts it runs on its own server, store (a copy of the e2e
 * server's, so every module is already published) and source copy, so the
 * rest of the suite never sees these releases.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../support/env.ts';
import { privateServer } from '../support/private-server.ts';

const server = privateServer('canary-test', E2E_PORT + 12, { source: true });
const { source: SOURCE, store: STORE, base: BASE } = server;
const PAGE = '/about-us';
const FILE = 'mf-content/src/features/pages/static/AboutUsPage.tsx';
const OLD_TEXT = 'About RoomNest';
const NEW_TEXT = 'About RoomNest, the canary';

interface Diagnostics {
  remotes: Record<string, string>;
  cohort: number | null;
  canaries: string[];
}


/** Runs a release command in the source copy, against the test's store. */
function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/release.mjs', ...args], { cwd: SOURCE, env: { ...process.env, STORE_DIR: STORE, DATABASE_URL: '' }, encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const registry = () => JSON.parse(readFileSync(join(STORE, 'remotes.json'), 'utf8')) as Record<string, { version: string; canary?: { version: string; percent: number } }>;

const diagnostics = (page: Page) => page.evaluate(() => (window as unknown as { __ROOMNEST__: Diagnostics }).__ROOMNEST__);

/** A fresh browser (no cookie yet), on the test page. */
interface Visitor {
  context: BrowserContext;
  page: Page;
  /** Set-Cookie headers seen on /remotes.json answers: none, when the page answer set the cookie first. */
  registryCookies: string[];
}

async function newVisitor(browser: Browser): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const registryCookies: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/remotes.json') {
      const cookie = response.headers()['set-cookie'];
      if (cookie) registryCookies.push(cookie);
    }
  });
  return { context, page, registryCookies };
}

/** The heading, diagnostics and cookie of one load of the page; the three must agree on the cohort. */
async function look(visitor: Visitor, reload: boolean) {
  if (reload) await visitor.page.reload();
  else await visitor.page.goto(PAGE);
  const heading = visitor.page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^About RoomNest/);
  const seen = await diagnostics(visitor.page);
  const cookies = (await visitor.context.cookies(BASE)).filter((c) => c.name === 'roomnest_cohort');
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(seen.cohort).toBe(Number(cookies[0]!.value));
  return { heading: await heading.textContent(), ...seen };
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
});

test.afterAll(() => server.stop());

test('a 50% canary of mf-content reaches some browsers and not others, each keeping its version; promote and rollback', async ({ browser }) => {
  // One build of mf-content, up to a minute on a busy 2-core runner, and a few dozen page loads.
  test.setTimeout(300_000);
  const stable = registry().mf_content!.version;

  const file = join(SOURCE, FILE);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(`"${OLD_TEXT}"`);
  writeFileSync(file, text.replaceAll(`"${OLD_TEXT}"`, `"${NEW_TEXT}"`));
  const release = cli('release', 'mf-content', '--canary', '50');
  expect(release.status, release.out).toBe(0);
  expect(release.out.match(/building (\S+)/g)).toEqual(['building mf-content']);
  const canary = registry().mf_content!.canary!;
  expect(canary.percent).toBe(50);
  expect(registry().mf_content!.version).toBe(stable);
  expect(release.out).toContain(`mf-content ${canary.version} is the canary for 50% of browsers; the others keep ${stable}`);

  // Fresh browsers until both cohorts are seen (each is a coin toss: 30 the same would be a broken split).
  const visitors: Array<Visitor & { inCanary: boolean }> = [];
  while (visitors.length < 30 && !(visitors.some((v) => v.inCanary) && visitors.some((v) => !v.inCanary))) {
    const visitor = await newVisitor(browser);
    const first = await look(visitor, false);
    const inCanary = first.remotes.mf_content === canary.version;
    expect(first.heading).toBe(inCanary ? NEW_TEXT : OLD_TEXT);
    expect(first.remotes.mf_content).toBe(inCanary ? canary.version : stable);
    expect(first.canaries).toEqual(inCanary ? ['mf_content'] : []);
    // The page answer set the cookie, and the page's own /remotes.json request carried it.
    expect(visitor.registryCookies).toEqual([]);
    visitors.push({ ...visitor, inCanary });
  }
  expect(visitors.filter((v) => v.inCanary).length).toBeGreaterThan(0);
  expect(visitors.filter((v) => !v.inCanary).length).toBeGreaterThan(0);

  // Each keeps its cohort and version across reloads.
  for (const visitor of visitors) {
    const cohort = (await diagnostics(visitor.page)).cohort;
    for (let i = 0; i < 2; i += 1) {
      const again = await look(visitor, true);
      expect(again.cohort).toBe(cohort);
      expect(again.heading).toBe(visitor.inCanary ? NEW_TEXT : OLD_TEXT);
    }
  }

  const listed = cli('releases', 'mf-content');
  expect(listed.out).toMatch(new RegExp(`\\* ${canary.version}\\s.*CANARY 50%`));
  expect(listed.out).toContain(`Canary: ${canary.version} for 50% of browsers since `);

  // Promoted: everyone gets it on the next load.
  const promote = cli('promote', 'mf-content');
  expect(promote.status, promote.out).toBe(0);
  expect(registry().mf_content).toEqual({ version: canary.version, entry: `/store/mf-content/${canary.version}/mf-manifest.json` });
  for (const visitor of visitors) {
    const after = await look(visitor, true);
    expect(after.heading).toBe(NEW_TEXT);
    expect(after.canaries).toEqual([]);
  }

  // Rolled back: everyone gets the version before it again.
  const rollback = cli('rollback', 'mf-content');
  expect(rollback.status, rollback.out).toBe(0);
  expect(registry().mf_content!.version).toBe(stable);
  for (const visitor of visitors) {
    expect((await look(visitor, true)).heading).toBe(OLD_TEXT);
    await visitor.context.close();
  }

  const history = readFileSync(join(STORE, 'history.jsonl'), 'utf8').trim().split('\n').slice(-3).map((line) => JSON.parse(line) as { action: string; version: string });
  expect(history.map((h) => `${h.action} ${h.version}`)).toEqual([`canary ${canary.version}`, `promote ${canary.version}`, `rollback ${stable}`]);
});

test('a canary ended by rollback takes its browsers back to the stable version', async ({ browser }) => {
  test.setTimeout(300_000);
  const stable = registry().mf_content!.version;
  const release = cli('release', 'mf-content', '--canary', '100');
  expect(release.status, release.out).toBe(0);
  const canary = registry().mf_content!.canary!;
  const visitor = await newVisitor(browser);
  const first = await look(visitor, false);
  expect(first.remotes.mf_content).toBe(canary.version);
  expect(first.canaries).toEqual(['mf_content']);

  const rollback = cli('rollback', 'mf-content');
  expect(rollback.status, rollback.out).toBe(0);
  expect(rollback.out).toContain(`canary ${canary.version} ended; every browser gets ${stable} again`);
  const after = await look(visitor, true);
  expect(after.remotes.mf_content).toBe(stable);
  expect(after.canaries).toEqual([]);
  expect(after.cohort).toBe(first.cohort);
  await visitor.context.close();
});
