import { expect, test, type Page } from '@playwright/test';
import { EAST_LONDON_AREAS, HERO_ROTATE_MS, TEXTS } from '@roomnest/shared';
import { DEMO_ACCOUNTS, logInWithStorage, toast } from '../support/app.ts';

const activeSlide = (page: Page) => page.locator('img[data-active="true"]').getAttribute('data-slide');

test('the hero rotates among 4 images every 5 seconds', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find your next room in London' })).toBeVisible();
  await expect(page.locator('img[data-slide]')).toHaveCount(4);
  // Stop real time, then step in 100 ms until the first change to learn the phase.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
  const first = await activeSlide(page);
  let steps = 0;
  while ((await activeSlide(page)) === first) {
    expect(++steps).toBeLessThanOrEqual(HERO_ROTATE_MS / 100 + 1);
    await page.clock.runFor(100);
  }
  // From here each change comes exactly HERO_ROTATE_MS after the previous one.
  const seen = [await activeSlide(page)];
  for (let i = 0; i < 4; i += 1) {
    await page.clock.runFor(HERO_ROTATE_MS - 110);
    expect(await activeSlide(page)).toBe(seen.at(-1));
    await page.clock.runFor(110);
    await expect.poll(() => activeSlide(page)).not.toBe(seen.at(-1));
    seen.push(await activeSlide(page));
  }
  expect(new Set(seen.slice(0, 4)).size).toBe(4);
  expect(seen[4]).toBe(seen[0]);
});

test.describe('search box', () => {
  test('rooms: goes to /rooms with city, minPrice and maxPrice', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search rooms and flatmates' });
    await search.getByLabel('Location').fill('London');
    await search.getByLabel('Min rent (£/month)').fill('500');
    await search.getByLabel('Max rent (£/month)').fill('1200');
    await search.getByRole('button', { name: 'Search rooms' }).click();
    await expect(page).toHaveURL(/\/rooms\?city=London&minPrice=500&maxPrice=1200$/);
  });

  test('flatmates: hides rent and goes to /flatmates with the location', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search rooms and flatmates' });
    await search.getByRole('radio', { name: 'Flatmates' }).check();
    await expect(search.getByLabel('Min rent (£/month)')).toHaveCount(0);
    await expect(search.getByRole('link', { name: 'Advanced Search' })).toHaveAttribute('href', '/flatmates');
    await search.getByLabel('Location').fill('Stratford');
    await search.getByRole('button', { name: 'Search flatmates' }).click();
    await expect(page).toHaveURL(/\/flatmates\?city=Stratford/);
  });

  test('Advanced Search goes to /rooms', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Advanced Search' }).click();
    await expect(page).toHaveURL(/\/rooms$/);
  });
});

test.describe('List Your Room and Post Your Ad FREE', () => {
  for (const button of ['List Your Room', 'Post Your Ad FREE']) {
    test(`${button}: a visitor is asked to log in`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: button }).click();
      await expect(toast(page, TEXTS.loginToListRoom)).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('a tenant is told only landlords can list rooms', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, '/');
    await page.getByRole('button', { name: 'Post Your Ad FREE' }).click();
    await expect(toast(page, TEXTS.onlyLandlordsCanList)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a landlord goes to /post-ad', async ({ page, request }) => {
    await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, '/');
    await page.getByRole('button', { name: 'List Your Room' }).click();
    await expect(page).toHaveURL(/\/post-ad$/);
  });
});

test('how it works and testimonials are there', async ({ page }) => {
  await page.goto('/');
  for (const [i, step] of ['Search', 'Connect', 'Move In'].entries()) await expect(page.getByRole('heading', { name: `${i + 1}. ${step}`, exact: true })).toBeVisible();
  await expect(page.locator('blockquote')).toHaveCount(2);
});

test('ten East London location cards link to their room search, plus View More in London', async ({ page }) => {
  await page.goto('/');
  for (const area of EAST_LONDON_AREAS) {
    const link = page.getByRole('link', { name: `Rooms in ${area}` });
    await expect(link).toHaveAttribute('href', `/rooms?city=London&address=${encodeURIComponent(area).replace(/%20/g, '+')}`);
  }
  await page.getByRole('link', { name: 'View More in London' }).click();
  await expect(page).toHaveURL(/\/rooms\?city=London$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Rooms in Canary Wharf' }).click();
  await expect(page).toHaveURL(/\/rooms\?city=London&address=Canary\+Wharf$/);
});
