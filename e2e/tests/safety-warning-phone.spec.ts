/**
 * Runs in the 375 px touch "phone" project: the safety banner under a received message that asks for money before
 * a viewing, as a phone shows it, and its link to the safety advice.
 */
import { expect, test } from '@playwright/test';
import { ROUTES, TRUST_TEXTS } from '@roomnest/shared';
import { bearer, logInWithStorage, member } from '../support/app.ts';

test('a received message asking for money before a viewing carries a safety banner linking to /safety; the sender sees none', async ({ page, browser, request }) => {
  const tenant = await member(request, 'Tenant', 'Priya Tenant');
  const scammer = await member(request, 'Landlord', 'Steve Landlord');
  const scam = 'I am working abroad so cannot show you the room. Pay the £500 deposit by bank transfer today and I will post you the keys.';
  for (const [from, to, text] of [
    [tenant, scammer, 'Hello, is the double room still available?'],
    [scammer, tenant, scam],
  ] as const) {
    const sent = await request.post('/api/messages', { headers: bearer(from), data: { ReceiverID: to.id, MessageContent: text } });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await logInWithStorage(page, request, tenant, `/messages/chat/${scammer.id}`);
  const message = page.getByRole('log').getByRole('listitem').filter({ hasText: scam });
  const banner = message.getByRole('note', { name: 'Safety warning' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(TRUST_TEXTS.scamWarning);
  // Only under the message that asks for money.
  await expect(page.getByRole('note', { name: 'Safety warning' })).toHaveCount(1);
  // It fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await banner.getByRole('link', { name: TRUST_TEXTS.scamWarningLink }).click();
  await expect(page).toHaveURL(new RegExp(`${ROUTES.safety}$`));

  // The sender's own view of the same message has no banner.
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const senderPage = await context.newPage();
  await logInWithStorage(senderPage, request, scammer, `/messages/chat/${tenant.id}`);
  await expect(senderPage.getByRole('log').getByText(scam)).toBeVisible();
  await expect(senderPage.getByRole('note', { name: 'Safety warning' })).toHaveCount(0);
  await context.close();
});
