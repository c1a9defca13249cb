/**
 * Runs in the 375 px touch "phone" project: the page a notification email's unsubscribe link opens. It says what
 * will stop, changes nothing until its button is tapped, then the emails about unread messages are off for that
 * account (no login needed: the signed token is the authority), and it links to the email settings. A forged link
 * gets the server's sentence.
 */
import { expect, test, type Page } from '@playwright/test';
import { UNSUBSCRIBE_TEXTS } from '@roomnest/shared';
import { notificationToken } from '../../api/src/features/notifications/tokens.ts';
import { bearer, member } from '../support/app.ts';
import { E2E_TOKEN_SECRET } from '../support/env.ts';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The token the server puts in a messages email's unsubscribe links. */
const messagesToken = (userId: number, secret = E2E_TOKEN_SECRET) => notificationToken(new TextEncoder().encode(secret), { kind: 'messages', id: userId });

test('on a phone, an email’s unsubscribe link stops the emails about unread messages after one tap, without logging in', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Imogen Fairweather');
  const profile = async () => (await (await request.get('/api/users/profile', { headers: bearer(tenant) })).json()) as { EmailOnMessage: boolean };
  expect((await profile()).EmailOnMessage).toBe(true);

  await page.goto(`/email/unsubscribe?token=${encodeURIComponent(messagesToken(tenant.id))}`);
  await expect(page.getByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.pageTitle })).toBeVisible();
  await expect(page.getByText(UNSUBSCRIBE_TEXTS.explainMessages)).toBeVisible();
  await expect(page).toHaveTitle(`${UNSUBSCRIBE_TEXTS.pageTitle} | RoomNest`);
  // Opening the page changed nothing.
  expect((await profile()).EmailOnMessage).toBe(true);
  const stop = page.getByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm });
  expect((await stop.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await overflow(page)).toBeLessThanOrEqual(0);

  await stop.tap();
  await expect(page.getByRole('status')).toHaveText(UNSUBSCRIBE_TEXTS.messagesOff);
  await expect(stop).toHaveCount(0);
  expect((await profile()).EmailOnMessage).toBe(false);
  await expect(page.getByRole('link', { name: UNSUBSCRIBE_TEXTS.settingsLink })).toHaveAttribute('href', '/my-flatmate-profile#notifications');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test('on a phone, a forged unsubscribe link gets the server’s sentence and changes nothing', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Oliver Pembridge');
  await page.goto(`/email/unsubscribe?token=${encodeURIComponent(messagesToken(tenant.id, 'not-the-server-secret-0123456789abcdef'))}`);
  await page.getByRole('button', { name: UNSUBSCRIBE_TEXTS.confirm }).tap();
  await expect(page.getByRole('alert')).toHaveText(UNSUBSCRIBE_TEXTS.invalidToken);
  const profile = (await (await request.get('/api/users/profile', { headers: bearer(tenant) })).json()) as { EmailOnMessage: boolean };
  expect(profile.EmailOnMessage).toBe(true);
});
