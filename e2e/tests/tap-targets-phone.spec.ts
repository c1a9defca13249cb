/**
 * Runs in the 375 px touch "phone" project: what a finger has to hit is at least 44 by 44 px (the
 * design tokens' --control-height; WCAG 2.5.5), on the controls people use on every page or every day.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LoginResponse } from '@roomnest/shared';
import { DEMO_ACCOUNTS, logInWithStorage } from '../support/app.ts';

const MIN = 44;

async function expectTappable(targets: Locator, what: string): Promise<void> {
  await expect(targets.first()).toBeVisible();
  const count = await targets.count();
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    const box = (await target.boundingBox())!;
    const name = (await target.textContent())?.trim() || (await target.getAttribute('aria-label'));
    expect(box.height, `${what} "${name}" is ${Math.round(box.height)} px tall`).toBeGreaterThanOrEqual(MIN);
    expect(box.width, `${what} "${name}" is ${Math.round(box.width)} px wide`).toBeGreaterThanOrEqual(MIN);
  }
}

const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('the header’s home link, the Menu button and footer links are finger-sized', async ({ page }) => {
  await page.goto('/about-us');
  await expectTappable(page.getByRole('banner').getByRole('link', { name: 'RoomNest home' }), 'Home link');
  await expectTappable(page.getByRole('banner').getByRole('button', { name: 'Menu' }), 'Button');
  await expectTappable(page.getByRole('contentinfo').getByRole('link'), 'Footer link');
  await noSideways(page);
});

test('the listing manager: status select, Update, View, Edit and Delete are finger-sized', async ({ page, request }) => {
  await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord2, '/my-listings');
  const row = page.getByRole('main').getByRole('article').first();
  await expectTappable(row.getByRole('combobox'), 'Status select');
  await expectTappable(row.getByRole('button'), 'Button');
  await expectTappable(row.getByRole('link'), 'Link');
  await noSideways(page);
});

test('the chat’s way back to all conversations is finger-sized', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', { data: { Email: DEMO_ACCOUNTS.landlord2.email, Password: DEMO_ACCOUNTS.landlord2.password } });
  const landlord = ((await res.json()) as LoginResponse).user;
  await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, `/messages/chat/${landlord.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: landlord.name })).toBeVisible();
  await expectTappable(page.getByRole('link', { name: 'Back to all conversations' }), 'Back link');
});

test('content pages: breadcrumb, contents links and Show all answers are finger-sized', async ({ page }) => {
  await page.goto('/blog/understanding-tenancy-agreement');
  await expectTappable(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link'), 'Breadcrumb link');
  await page.goto('/faq');
  await expectTappable(page.getByRole('navigation', { name: 'On this page' }).getByRole('link'), 'Contents link');
  await expectTappable(page.getByRole('button', { name: 'Show all answers' }), 'Button');
  await noSideways(page);
});

test('Home: the Rooms/Flatmates switch, Pause background and Compare plans are finger-sized', async ({ page }) => {
  await page.goto('/');
  await expectTappable(page.getByRole('group').filter({ has: page.getByRole('radio', { name: 'Flatmates' }) }).locator('label'), 'Search switch');
  await expectTappable(page.getByRole('button', { name: /Pause background/ }), 'Button');
  await expectTappable(page.getByRole('link', { name: 'Compare plans' }), 'Link');
});
