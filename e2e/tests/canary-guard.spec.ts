/**
 * The automatic canary guard, end to end: a broken version of mf-content (every page it exposes throws while
 * rendering) is made a 50% canary. Browsers in the canary cohort see the error view with Retry, browsers in the
 * stable cohort never see an error; the shell reports the failures, and once the canary has enough page loads the
 * server ends it by itself (history.jsonl: auto-rollback by the automatic guard). A canary browser's Retry, and a
 * reload, then get the stable version.
 *
 * It runs on its own server (guard thresholds low: 5 page loads, a check every second, every report counted, as all
 * the browsers here share one address, and every stable load reported) and its own copy of the e2e store, so no
 * other test sees the canary.
 */
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { TEXTS } from '@roomnest/shared';
import { COHORT_COOKIE, findModule, inCanary, parseBucket, readHistory, readRegistrySync, setCanary } from '../../scripts/deployment-store.mjs';
import { E2E_PORT } from '../support/env.ts';
import { privateServer } from '../support/private-server.ts';

const MODULE = findModule('mf-content');
const REMOTE = 'mf_content';
/** An mf-content page, and its heading when it renders. */
const PATH = '/about-us';
const HEADING = 'About RoomNest';
const MIN_LOADS = 5;
const server = privateServer('canary-guard-test', E2E_PORT + 13, {
  env: {
    CANARY_MIN_LOADS: String(MIN_LOADS),
    CANARY_CHECK_SECONDS: '1',
    REMOTE_LOAD_REPORT_SECONDS: '0',
    // Every stable load reported too, so the stable browsers' loads are seen in the guard's figures.
    REMOTE_LOAD_SAMPLE_RATE: '1',
  },
});
const { work: WORK, store: STORE, base: BASE } = server;

let stable = '';
let broken = '';

/**
 * Publishes a copy of mf-content's live version as a new version whose exposed pages all throw while rendering
 * (each exposed module's chunk replaced; its precompressed copies removed so the server serves the new one).
 */
function publishBrokenVersion(version: string): string {
  const name = `${version}-broken`;
  const folder = join(STORE, MODULE.pkg, name);
  cpSync(join(STORE, MODULE.pkg, version), folder, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')) as { exposes: { name: string }[] };
  const entry = readFileSync(join(folder, 'remoteEntry.js'), 'utf8');
  for (const { name: exposed } of manifest.exposes) {
    const loader = new RegExp(`["'\`]\\./${exposed}["'\`]\\s*:[\\s\\S]{0,600}?import\\(\\s*["'\`]\\./(assets/${exposed}-[\\w-]+\\.js)["'\`]`).exec(entry);
    if (!loader?.[1]) throw new Error(`remoteEntry.js of ${MODULE.pkg} ${version} does not import an assets/${exposed}-*.js chunk`);
    const chunk = join(folder, loader[1]);
    writeFileSync(chunk, `export default function BrokenCanaryPage() {\n  throw new Error('A broken canary of ${REMOTE}/${exposed}');\n}\n`);
    for (const compressed of [`${chunk}.br`, `${chunk}.gz`]) rmSync(compressed, { force: true });
  }
  expect(readdirSync(folder)).toContain('mf-manifest.json');
  return name;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await server.start();
  stable = readRegistrySync(STORE)[REMOTE]!.version;
  broken = publishBrokenVersion(stable);
});

test.afterAll(() => server.stop());

interface Visitor {
  context: BrowserContext;
  page: Page;
  bucket: number;
  /** Failure reports this browser sent (the shell's POST /api/client-errors/remote-failures). */
  failures: string[];
}

/** A new browser (no cookie yet) opening the page: the server assigns its bucket on the first answer. */
async function visit(browser: Browser): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/client-errors/remote-failures')) failures.push(request.postData() ?? '');
  });
  await page.goto(PATH);
  const cookie = (await context.cookies()).find((c) => c.name === COHORT_COOKIE);
  const bucket = parseBucket(cookie?.value);
  if (bucket === null) throw new Error(`no ${COHORT_COOKIE} cookie after the first page`);
  return { context, page, bucket, failures };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: HEADING, exact: true });
const errorView = (page: Page) => page.getByText(TEXTS.remoteUnavailable);
const autoRollbacks = () => readHistory(STORE).filter((line) => line.action === 'auto-rollback' && line.module === MODULE.pkg);

test('a broken 50% canary fails only its own browsers and is rolled back by the automatic guard', async ({ browser }) => {
  test.setTimeout(120_000);
  await setCanary(STORE, MODULE, broken, 50, 'e2e');
  expect(readRegistrySync(STORE)[REMOTE]!.canary).toMatchObject({ version: broken, percent: 50 });

  // New browsers until there are two of each cohort; the canary's have one failed page load each, fewer than the guard needs.
  const canary: Visitor[] = [];
  const stableOnes: Visitor[] = [];
  for (let i = 0; i < 40 && (canary.length < 2 || stableOnes.length < 2); i++) {
    const visitor = await visit(browser);
    if (inCanary(visitor.bucket, REMOTE, 50) && canary.length >= 2) {
      // A third canary browser is not needed (its failed load still counts towards the guard's minimum).
      await visitor.context.close();
    } else if (inCanary(visitor.bucket, REMOTE, 50)) {
      canary.push(visitor);
      await expect(errorView(visitor.page)).toBeVisible();
      await expect(visitor.page.getByRole('button', { name: TEXTS.retry })).toBeVisible();
    } else {
      stableOnes.push(visitor);
      await expect(heading(visitor.page)).toBeVisible();
    }
  }
  expect(canary).toHaveLength(2);
  expect(stableOnes.length).toBeGreaterThanOrEqual(2);
  expect(autoRollbacks()).toEqual([]);

  // The first canary browser keeps its cohort across reloads, failing each time, until the guard has seen enough.
  const [first, second] = canary as [Visitor, Visitor];
  for (let reload = 0; reload < 3 * MIN_LOADS && autoRollbacks().length === 0; reload++) {
    await first.page.reload();
    await expect(errorView(first.page).or(heading(first.page))).toBeVisible();
    // Still the canary while the guard has not ended it (it may end it between this load and this look).
    if (autoRollbacks().length === 0) await expect(errorView(first.page)).toBeVisible();
    if (await heading(first.page).isVisible()) break;
    // Its failure report has gone out before the next reload.
    await expect.poll(() => first.failures.length).toBe(reload + 2);
  }
  await expect.poll(() => autoRollbacks().length, { timeout: 15_000 }).toBe(1);
  expect(autoRollbacks()[0]).toMatchObject({ action: 'auto-rollback', by: 'automatic guard', version: stable, previous: broken });
  // Judged against the stable browsers' reported loads, none of which failed.
  const stableLoads = Number(/stable version's 0\.0% over (\d+)/.exec(String(autoRollbacks()[0]!.reason))?.[1]);
  expect(stableLoads).toBeGreaterThanOrEqual(stableOnes.length);
  expect(readRegistrySync(STORE)[REMOTE]!.canary).toBeUndefined();
  expect(readFileSync(join(WORK, 'server.log'), 'utf8')).toContain('canary rolled back automatically');

  // The second canary browser, still on its error view, gets the stable version with Retry; the first with a reload.
  await second.page.getByRole('button', { name: TEXTS.retry }).click();
  await expect(heading(second.page)).toBeVisible();
  await first.page.reload();
  await expect(heading(first.page)).toBeVisible();

  // The stable browsers never saw an error, before or after.
  for (const visitor of stableOnes) {
    await visitor.page.reload();
    await expect(heading(visitor.page)).toBeVisible();
    expect(visitor.failures).toEqual([]);
    await visitor.context.close();
  }
  expect(existsSync(join(STORE, MODULE.pkg, broken))).toBe(true);
  await first.context.close();
  await second.context.close();
});
