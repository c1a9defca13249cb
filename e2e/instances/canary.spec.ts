/**
 * A canary's cohorts across instances: a browser's cohort is its cookie and the store both instances serve, so
 * whichever instance answers, a browser gets the same versions. The canary here is a copy of the live mf-content
 * version under a new name, made a 50% canary with the store module the release commands use, and ended afterwards.
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { canaryOf, endCanary, findModule, liveVersion, setCanary } from '../../scripts/deployment-store.mjs';
import { instanceOf, instancesSetup, pinTo, type Instance } from './support.ts';

const content = findModule('mf-content');
let storeDir = '';
let canaryVersion = '';

test.beforeAll(async () => {
  storeDir = instancesSetup().storeDir;
  const stable = liveVersion(storeDir, content);
  expect(stable).not.toBeNull();
  canaryVersion = `${stable}-instances-canary`;
  rmSync(join(storeDir, content.pkg, canaryVersion), { recursive: true, force: true });
  cpSync(join(storeDir, content.pkg, stable!), join(storeDir, content.pkg, canaryVersion), { recursive: true });
  await setCanary(storeDir, content, canaryVersion, 50, 'the two-instance suite');
  expect(canaryOf(storeDir, content)).toMatchObject({ version: canaryVersion, percent: 50 });
});

test.afterAll(async () => {
  await endCanary(storeDir, content, { action: 'end-canary', by: 'the two-instance suite', reason: 'test over', expectVersion: canaryVersion });
  rmSync(join(storeDir, content.pkg, canaryVersion), { recursive: true, force: true });
});

/** What one instance answers a browser holding `cookie` (or none): its cohort, mf-content's version and any new cookie. */
async function registryOn(request: APIRequestContext, instance: Instance, cookie?: string) {
  const res = await request.get('/remotes.json', { headers: { ...pinTo(instance), ...(cookie ? { cookie } : {}) } });
  expect(res.status()).toBe(200);
  expect(instanceOf(res)).toBe(instance);
  expect(res.headers()['vary']).toMatch(/cookie/i);
  const body = (await res.json()) as Record<string, { version: string; cohort?: string }>;
  return { cohort: res.headers()['x-roomnest-cohort'], content: body.mf_content!, setCookie: res.headers()['set-cookie'] };
}

test('a browser gets the same cohort and versions whichever instance answers', async ({ playwright }) => {
  // Fresh cookie-less clients, so the instance that answers first assigns the cohort.
  const seen = new Set<string>();
  for (let i = 0; i < 24; i += 1) {
    const request = await playwright.request.newContext({ baseURL: `http://localhost:${instancesSetup().proxy}` });
    const first = i % 2 === 0 ? 'a' : 'b';
    const other = first === 'a' ? 'b' : 'a';
    const assigned = await registryOn(request, first);
    const cookie = /^(roomnest_cohort=\d+)/.exec(assigned.setCookie ?? '')?.[1];
    expect(cookie, assigned.setCookie).toBeDefined();
    expect(assigned.content.cohort).toMatch(/^(canary|stable)$/);
    seen.add(assigned.content.version);
    // The other instance answers the same cohort and version, and sets no new cookie.
    for (const instance of [other, first, other] as Instance[]) {
      const again = await registryOn(request, instance, cookie);
      expect(again.cohort).toBe(assigned.cohort);
      expect(again.content).toEqual(assigned.content);
      expect(again.setCookie).toBeUndefined();
    }
    await request.dispose();
  }
  // Both cohorts among two dozen browsers (a fair coin gives one side 24 times once in eight million).
  expect(seen.size).toBe(2);
});

test('a browser keeps its cohort and version across reloads answered by either instance', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const versions: string[] = [];
  for (const [i, instance] of (['a', 'b', 'a', 'b'] as Instance[]).entries()) {
    // Every request of this load (the page, /remotes.json, the remote's files) goes to one instance.
    await context.setExtraHTTPHeaders(pinTo(instance));
    const registry = page.waitForResponse((res) => new URL(res.url()).pathname === '/remotes.json');
    if (i === 0) await page.goto('/about-us');
    else await page.reload();
    expect(instanceOf(await registry)).toBe(instance);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About RoomNest/);
    const diagnostics = await page.evaluate(() => (window as unknown as { __ROOMNEST__: { cohort: number; remotes: Record<string, string> } }).__ROOMNEST__);
    const cookies = (await context.cookies()).filter((c) => c.name === 'roomnest_cohort');
    expect(cookies).toHaveLength(1);
    expect(diagnostics.cohort).toBe(Number(cookies[0]!.value));
    versions.push(diagnostics.remotes.mf_content!);
  }
  expect(new Set(versions).size).toBe(1);
  await context.close();
});
