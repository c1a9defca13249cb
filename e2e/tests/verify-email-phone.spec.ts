/**
 * Runs in the 375 px touch "phone" project: the reminder banner of an unverified person fits the screen (its text
 * wraps, nothing scrolls sideways) with 44 px targets, and the verify page the emailed link opens works there too.
 */
import { expect, test, type Page } from '@playwright/test';
import { VERIFY_TEXTS } from '@roomnest/shared';
import { verificationToken } from '../../api/src/features/email-verification/tokens.ts';
import { logInWithStorage, member } from '../support/app.ts';
import { E2E_TOKEN_SECRET } from '../support/env.ts';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('on a phone, the banner fits with 44 px targets, and the link confirms the address', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Phoebe Phone');
  await logInWithStorage(page, request, tenant, '/flatmates');
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(banner).toContainText(VERIFY_TEXTS.banner(tenant.email));
  for (const name of [VERIFY_TEXTS.resendLabel, 'Dismiss this reminder']) {
    const box = (await banner.getByRole('button', { name }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  const token = verificationToken(new TextEncoder().encode(E2E_TOKEN_SECRET), tenant.id, tenant.email, new Date(Date.now() + 86_400_000));
  await page.goto(`/verify-email?token=${encodeURIComponent(token)}`);
  await expect(page.getByText(VERIFY_TEXTS.verified)).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('main').getByRole('link', { name: 'Find a room', exact: true }).tap();
  await expect(page).toHaveURL(/\/rooms$/);
  await expect(banner).toHaveCount(0);
});
