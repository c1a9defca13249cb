/**
 * Where a page opens: at the top when it is loaded or followed to, at the
 * position it was left at on Back, Forward and reload, once its content (a
 * remote page and its data, arriving after the load) is there.
 */
import { expect, test, type Page } from '@playwright/test';
import { mainNav } from '../support/app.ts';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the window to `y` (as far as the page goes) and waits for the scroll to happen. */
async function scrollTo(page: Page, y: number): Promise<number> {
  return page.evaluate(
    (target) =>
      new Promise<number>((resolve) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => resolve(Math.round(window.scrollY))), { once: true });
        window.scrollTo(0, target);
      }),
    y,
  );
}

/** /rooms with its results in (a cold remote on a busy runner may take a while). */
async function roomsLoaded(page: Page) {
  await expect(page.getByRole('list', { name: 'Rooms' }).getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('section[aria-labelledby="room-results-heading"]')).toHaveAttribute('aria-busy', 'false');
}

const h1 = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test.describe('scroll position', () => {
  test('a page load opens at the top, whatever an earlier page in the tab was scrolled to', async ({ page }) => {
    await page.goto('/rooms');
    await roomsLoaded(page);
    expect(await scrollTo(page, 100_000)).toBeGreaterThan(500);

    // Typed, bookmarked or opened from elsewhere: a new page load.
    await page.goto('/blog');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
    expect(await scrollY(page)).toBe(0);

    await scrollTo(page, 100_000);
    await page.goto('/pricing');
    await expect(h1(page)).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await scrollY(page)).toBe(0);
  });

  test('Back, Forward and reload return each page to where it was left, once its content is there', async ({ page }) => {
    // Nine page loads and navigations, each waiting for a remote page and its data.
    test.setTimeout(120_000);
    await page.goto('/rooms');
    await roomsLoaded(page);
    const rooms = await scrollTo(page, 1500);
    expect(rooms).toBeGreaterThan(1000);

    // A link opens its page at the top.
    await mainNav(page).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(h1(page)).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    const pricing = await scrollTo(page, 400);
    expect(pricing).toBeGreaterThan(100);

    await page.goBack();
    await roomsLoaded(page);
    await expect.poll(() => scrollY(page)).toBe(rooms);
    await page.goForward();
    await expect(h1(page)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(pricing);

    // A reload of /rooms: the remote page and its results arrive after the load, and the position waits for them.
    await page.goBack();
    await expect.poll(() => scrollY(page)).toBe(rooms);
    await page.reload();
    await roomsLoaded(page);
    await expect.poll(() => scrollY(page)).toBe(rooms);

    // Back into the page of another document.
    await page.goto('/about-us');
    await expect(h1(page)).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await roomsLoaded(page);
    await expect.poll(() => scrollY(page)).toBe(rooms);
  });
});
