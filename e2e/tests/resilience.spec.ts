import { expect, test, type Page } from '@playwright/test';
import { TEXTS } from '@roomnest/shared';
import { DEMO_ACCOUNTS, logInThroughUi, mainNav, toast } from '../support/app.ts';

const CONTENT = '**/store/mf-content/**';
const errorView = (page: Page) => page.getByRole('main').getByText(TEXTS.remoteUnavailable);

test('a remote that refuses connections leaves the rest of the app working, and Retry recovers without a reload', async ({ page }) => {
  await page.route(CONTENT, (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(errorView(page)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXTS.retry })).toBeVisible();

  // Nav, footer and another remote's route still work.
  await expect(mainNav(page).getByRole('link', { name: 'Find a Room' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Find a Room' }).click();
  await expect(page).toHaveURL(/\/find-a-room$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(errorView(page)).toHaveCount(0);

  // Login and toasts still work.
  await logInThroughUi(page, DEMO_ACCOUNTS.tenant);
  await expect(toast(page, TEXTS.loginGreeting(DEMO_ACCOUNTS.tenant.name))).toBeVisible();
  // /pricing belongs to the remote that is down: its area says so, the frame stays.
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(errorView(page)).toBeVisible();

  // The remote comes back: Retry loads it in the same document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.unroute(CONTENT);
  await page.getByRole('button', { name: TEXTS.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: /pricing|plan/i })).toBeVisible();
  await expect(errorView(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('a remote whose server hangs shows the error view after the load timeout', async ({ page }) => {
  await page.addInitScript(() => Object.assign(window, { roomnestRemoteLoadTimeoutMs: 1500 }));
  // Accept the request and never answer.
  await page.route(CONTENT, () => undefined);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /loading/i }).first()).toBeVisible();
  await expect(errorView(page)).toBeVisible({ timeout: 5000 });
  // Another remote still loads while that request hangs (the short timeout was
  // for the hanging one: a cold load on a busy 2-core runner can take longer).
  await page.evaluate(() => Object.assign(window, { roomnestRemoteLoadTimeoutMs: 15_000 }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Flatmates' }).first().click();
  await expect(page).toHaveURL(/\/flatmates$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

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
