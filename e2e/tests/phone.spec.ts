import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logInWithStorage, mainNav } from '../support/app.ts';

/** Runs in the 375 px "phone" project. */
for (const path of ['/', '/login', '/register', '/pricing', '/rooms', '/no-such-page']) {
  test(`${path} fits a 375 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the nav collapses behind a menu button that opens and closes', async ({ page, request }) => {
  await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, '/');
  const nav = mainNav(page);
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Manage My Ads' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Manage My Ads' }).click();
  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});
