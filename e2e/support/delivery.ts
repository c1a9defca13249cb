/**
 * The deployment store as the delivery tests see it: which versions the e2e
 * server built (the previous release and the current source, see
 * scripts/e2e-server.mjs), and a way to make one page run a chosen version of
 * the shell or of the remotes without changing what every other test sees.
 * The browser is pointed at real builds in the real store; only the choice of
 * version is made per page instead of by rewriting remotes.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env.ts';

export interface Versions {
  shell: string;
  remotes: Record<string, string>;
}

export interface SkewInfo {
  baseline: string;
  previous: Versions;
  current: Versions;
}

export function readSkew(): SkewInfo {
  return JSON.parse(readFileSync(join(E2E_DATA_DIR, 'skew.json'), 'utf8')) as SkewInfo;
}

/** The folder of a remote in the store: mf_search → mf-search. */
export const packageOf = (remote: string) => remote.replace(/_/g, '-');

/** Serves this page a remotes.json that names the given versions. */
export async function useRemotes(page: Page, remotes: Record<string, string>) {
  const registry = Object.fromEntries(
    Object.entries(remotes).map(([name, version]) => [name, { version, entry: `/store/${packageOf(name)}/${version}/mf-manifest.json` }]),
  );
  await page.route('**/remotes.json', (route) => route.fulfill({ json: registry, headers: { 'cache-control': 'no-store' } }));
}

/** Serves this page's documents from the given version of the shell (its index.html, as the server would). */
export async function useShell(page: Page, version: string) {
  const response = await page.request.get(`/store/shell/${version}/index.html`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  await page.route(
    (url) => !/^\/(api|store|uploads)\//.test(url.pathname) && url.pathname !== '/remotes.json',
    (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ body: html, contentType: 'text/html; charset=utf-8', headers: { 'cache-control': 'no-store' } })
        : route.fallback(),
  );
}

/** What the page reports it runs (window.__ROOMNEST__, set by the shell). */
export function runningVersions(page: Page): Promise<Versions> {
  return page.evaluate(() => (window as unknown as { __ROOMNEST__: Versions }).__ROOMNEST__);
}
