/**
 * Room search on a 375 px phone (the "phone" project runs every *phone.spec
 * file): the filters fold behind their button, and the sort order stays in
 * sight beside the results and applies as soon as it is chosen.
 */
import { expect, test } from '@playwright/test';

test('the sort order is in sight with the filters folded, and applies at once', async ({ page }) => {
  await page.goto('/rooms?city=Hackney');
  await expect(page.getByRole('heading', { level: 1, name: 'Rooms in Hackney, London' })).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('search', { name: 'Filter rooms' })).toBeHidden();

  const sortBy = page.getByLabel('Sort by', { exact: true });
  await expect(sortBy).toBeVisible();
  await expect(sortBy).toBeInViewport();
  await sortBy.selectOption('rent_asc');
  await expect(page).toHaveURL(/\/rooms\?city=Hackney&sortBy=rent_asc$/);
  await expect(page.locator('section[aria-labelledby="room-results-heading"]')).toHaveAttribute('aria-busy', 'false');
  const rents = (await page.getByRole('list', { name: 'Rooms' }).getByRole('article').locator('strong').allInnerTexts()).map((t) => Number(t.replace(/[£,]/g, '')));
  expect(rents.length).toBeGreaterThan(5);
  expect(rents).toEqual([...rents].sort((a, b) => a - b));
  // Still folded: nothing had to be opened.
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
