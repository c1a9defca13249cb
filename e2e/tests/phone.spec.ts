import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, logInWithStorage, mainNav, registerAccount } from '../support/app.ts';

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

test('the Menu button shows unread messages; the open menu closes on a tap outside it and on Escape', async ({ page, request }) => {
  // A landlord with 12 unread messages from a tenant.
  const landlord = await registerAccount(request, 'Landlord', 'Lena Landlord');
  const tenant = await registerAccount(request, 'Tenant', 'Tomas Tenant');
  const tenantLogin = await request.post('/api/auth/login', { data: { Email: tenant.email, Password: tenant.password } });
  const { token } = (await tenantLogin.json()) as { token: string };
  const { user } = await logInWithStorage(page, request, landlord, '/pricing');
  for (let i = 1; i <= 12; i++) {
    const sent = await request.post('/api/messages', { headers: { authorization: `Bearer ${token}` }, data: { ReceiverID: user.userId, MessageContent: `Is the room free? (${i})` } });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.reload();

  const nav = mainNav(page);
  const menu = nav.getByRole('button', { name: 'Menu (12 unread messages)', exact: true });
  await expect(menu).toBeVisible();
  await expect(menu.getByText('9+')).toBeVisible();
  await expect(nav.getByRole('link', { name: /Messages/ })).toBeHidden();

  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Messages (12 unread)' })).toBeVisible();
  // A tap on the page below the menu, on nothing that acts.
  const spot = await page.evaluate(() => {
    for (let y = window.innerHeight - 8; y > 0; y -= 8) {
      const el = document.elementFromPoint(8, y);
      if (el && !el.closest('a, button, input, select, textarea, label, summary, nav')) return { x: 8, y };
    }
    return null;
  });
  expect(spot, 'a spot outside the menu').not.toBeNull();
  await page.touchscreen.tap(spot!.x, spot!.y);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/pricing$/);

  await menu.tap();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
});
