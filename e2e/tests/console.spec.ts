/**
 * A clean console: every route of the route table (docs/product.md, Routes and guards, with
 * /reset-password and the two redirects), opened by a page load, logs no
 * warning and no error, and throws nothing. Each route is opened by whoever
 * may see it (a landlord may see every one; visitors the public ones and the
 * guards' redirects), parameters filled with real ids.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { ROUTE_TABLE } from '../../shell/src/app/route-table.ts';
import { expect, mainHeading, settled, test, type People, type Role } from '../support/a11y.ts';

/** A route's pattern as a real URL. */
function urlOf(path: string, people: People, role: Role): string {
  const partner = role === 'landlord' ? people.tenant : people.landlord;
  const urls: Record<string, string> = {
    '/rooms/:id': `/rooms/${people.roomId}`,
    '/rooms/:id/edit': `/rooms/${people.roomId}/edit`,
    '/messages/chat/:otherUserId': `/messages/chat/${partner.user.userId}`,
    '/blog/:slug': '/blog/understanding-tenancy-agreement',
    '/news/:id': '/news/1',
    '/news/category/:slug': '/news/category/market-analysis',
    '/reset-password': '/reset-password?token=console-check',
    '*': '/no-such-page',
  };
  return urls[path] ?? path;
}

/** What the console and the page said while `url` loaded and settled. */
async function openAndListen(page: Page, url: string): Promise<{ messages: string[]; status: number | undefined }> {
  const messages: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') messages.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
  const response = await page.goto(url);
  // A cold remote on a busy runner may take a while.
  await expect(mainHeading(page).first()).toBeVisible({ timeout: 20_000 });
  await settled(page);
  await page.waitForLoadState('load');
  page.off('console', onConsole);
  return { messages, status: response?.status() };
}

for (const role of ['visitor', 'landlord'] as const) {
  test.describe(`the console stays clean on every route (${role})`, () => {
    test.use({ role });
    const routes = role === 'visitor' ? ROUTE_TABLE.filter((r) => r.guard === 'public') : ROUTE_TABLE;
    for (const { path } of routes) {
      test(path, async ({ page, people }) => {
        const url = urlOf(path, people, role);
        const { messages, status } = await openAndListen(page, url);
        if (path === '*') {
          // The one line a browser writes for a page answered 404 (its status is on purpose: see web.ts).
          expect(status).toBe(404);
          expect(messages).toEqual([expect.stringMatching(/^error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^/]+\/no-such-page\)$/)]);
        } else {
          expect(status).toBe(200);
          expect(messages).toEqual([]);
        }
      });
    }
  });
}
