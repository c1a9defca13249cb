/**
 * The Content Security Policy against the real build: every main
 * page is served with the policy and renders without a single violation
 * (the federation runtime, the remotes' scripts and stylesheets, uploaded
 * images, photo previews, toasts and the live message stream all fit it),
 * and a remote from an origin the policy does not name is refused.
 */
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { TEXTS, type ListingsPage } from '@roomnest/shared';
import { DEMO_ACCOUNTS, logInThroughUi, logInWithStorage, toast } from '../support/app.ts';

const VIOLATIONS = '__cspViolations';

/** Collects CSP violations (the DOM event and the console message) from before the page's first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  await page.addInitScript((key) => {
    const seen: string[] = [];
    Object.defineProperty(window, key, { value: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  }, VIOLATIONS);
  return async () => [...consoleReports, ...(await page.evaluate((key) => (window as unknown as Record<string, string[]>)[key] ?? [], VIOLATIONS))];
}

/** The policy of a page, as a map of directive to sources. */
function policyOf(response: Response | null): Map<string, string[]> {
  const header = response?.headers()['content-security-policy'];
  expect(header, 'the page has a Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

async function firstRoomId(request: APIRequestContext): Promise<number> {
  const { listings } = (await (await request.get('/api/listings?pageSize=1')).json()) as ListingsPage;
  return listings[0]!.ListingID;
}

/** Opens `path`, checks its policy, and waits until its main heading is there. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  const csp = policyOf(response);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  for (const sources of csp.values()) expect(sources.filter((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'")).toEqual([]);
  // A cold remote on a busy runner may take a while.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(TEXTS.remoteUnavailable)).toHaveCount(0);
}

test.describe('Content Security Policy', () => {
  test.setTimeout(120_000);

  test('the public pages render under the policy with no violation', async ({ page, request }) => {
    const violations = await watchViolations(page);
    const roomId = await firstRoomId(request);
    for (const path of ['/', '/rooms', `/rooms/${roomId}`, '/flatmates', '/pricing', '/blog', '/about-us', '/login', '/register', '/forgot-password', '/no-such-page']) {
      await visit(page, path);
      // Pictures (uploads, data: icons) have loaded.
      await page.waitForLoadState('load');
    }
    expect(await violations()).toEqual([]);
  });

  test('a tenant’s pages, a toast and the live message stream work under the policy with no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await logInThroughUi(page, DEMO_ACCOUNTS.tenant);
    // react-toastify's styles come from the stylesheet file: a styled toast, and no inline <style> was needed.
    const greeting = toast(page, TEXTS.loginGreeting(DEMO_ACCOUNTS.tenant.name));
    await expect(greeting).toBeVisible();
    expect(await page.locator('.Toastify__toast-container').first().evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    for (const path of ['/messages', '/my-flatmate-profile', '/flatmates']) await visit(page, path);
    // The shell's live stream (EventSource to /api/messages/stream) is open.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/messages/stream')))).toBe(true);
    expect(await violations()).toEqual([]);
  });

  test('a landlord’s pages, with a photo preview (blob:), work under the policy with no violation', async ({ page, request }) => {
    const violations = await watchViolations(page);
    await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, '/my-listings');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await visit(page, '/post-ad');
    const photo = page.getByRole('form', { name: 'Post a room' }).getByLabel('Add photos');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');
    await photo.setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('button', { name: 'Photo 1 of 1: room.png, the cover' }).locator('img');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await violations()).toEqual([]);
  });

  test('the OpenAPI page works under the same policy', async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/api/docs/');
    expect(policyOf(response).get('script-src')).toEqual(["'self'"]);
    await expect(page.locator('.swagger-ui').getByText('/api/auth/login', { exact: true }).first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('a remote from an origin the policy does not name is refused, and the page says so', async ({ page, baseURL }) => {
    const violations = await watchViolations(page);
    await page.addInitScript(() => Object.assign(window, { roomnestRemoteLoadTimeoutMs: 5000 }));
    const registry = (await (await page.request.get('/remotes.json')).json()) as Record<string, { version: string; entry: string }>;
    // The same files, but named by another origin (127.0.0.1 instead of localhost): not in the policy.
    const foreign = new URL(baseURL!).port;
    const entry = `http://127.0.0.1:${foreign}${registry.mf_content!.entry}`;
    await page.route('**/remotes.json', (route) => route.fulfill({ json: { ...registry, mf_content: { ...registry.mf_content, entry } }, headers: { 'cache-control': 'no-store' } }));
    await page.goto('/');
    await expect(page.getByRole('main').getByText(TEXTS.remoteUnavailable)).toBeVisible({ timeout: 15_000 });
    expect((await violations()).some((v) => v.includes('connect-src') && v.includes(`http://127.0.0.1:${foreign}`))).toBe(true);
  });
});
