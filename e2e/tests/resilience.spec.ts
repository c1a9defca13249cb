/**
 * The shell around its remotes: without remotes.json, version diagnostics and
 * caching. One remote failing (404, refused, hanging, throwing) while the rest
 * works is isolation.spec.ts, for every remote.
 */
import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '@roomnest/shared';

const errorView = (page: Page) => page.getByRole('main').getByText(TEXTS.remoteUnavailable);

test('a missing remotes.json still renders the frame, login and the 404 page', async ({ page }) => {
  await page.route('**/remotes.json', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found."}' }));
  await page.goto('/');
  await expect(errorView(page)).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await page.goto('/definitely-missing');
  await expect(page.getByText(TEXTS.notFound)).toBeVisible();
});

test('operations can see which version of each module the page runs', async ({ page, request }) => {
  const registry = (await (await request.get('/remotes.json')).json()) as Record<string, { version: string }>;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { __ROOMNEST__: { shell: string; remotes: Record<string, string> } }).__ROOMNEST__);
  expect(seen.shell).toMatch(/^1\.0\.0-/);
  for (const [name, entry] of Object.entries(registry)) expect(seen.remotes[name]).toBe(entry.version);
});

test('remotes.json and the shell page are not cached; versioned files are immutable', async ({ request }) => {
  const registry = await request.get('/remotes.json');
  expect(registry.headers()['cache-control']).toContain('no-store');
  const html = await request.get('/rooms/123', { headers: { accept: 'text/html' } });
  expect(html.headers()['cache-control']).toContain('no-store');
  const { mf_content } = (await registry.json()) as Record<string, { entry: string }>;
  const manifest = await request.get(mf_content!.entry);
  expect(manifest.headers()['cache-control']).toContain('immutable');
});

test('after a release that fails, Retry picks up the rollback without reloading the page', async ({ page, request }) => {
  const registry = (await (await request.get('/remotes.json')).json()) as Record<string, { version: string; entry: string }>;
  const good = registry.mf_content!;
  // A release of mf-content whose files are not there (the store answers 404), as remotes.json names it.
  const broken = { version: '9.9.9-broken', entry: good.entry.replace(good.version, '9.9.9-broken') };
  await page.route('**/remotes.json', (route) => route.fulfill({ json: { ...registry, mf_content: broken }, headers: { 'cache-control': 'no-store' } }));
  await page.goto('/pricing');
  await expect(errorView(page)).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const versions = () => page.evaluate(() => (window as unknown as { __ROOMNEST__: { remotes: Record<string, string> } }).__ROOMNEST__.remotes);
  expect((await versions()).mf_content).toBe('9.9.9-broken');

  // Operations roll mf-content back: remotes.json names the good version again.
  await page.unroute('**/remotes.json');
  await page.getByRole('main').getByRole('button', { name: TEXTS.retry }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Plans and pricing' })).toBeVisible();
  await expect(errorView(page)).toHaveCount(0);
  expect((await versions()).mf_content).toBe(good.version);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
