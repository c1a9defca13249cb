/**
 * Runs in the 375 px touch "phone" project: the Report action on the room page, on a flatmate card and in a chat is
 * finger-sized, and its dialog fits the screen (nothing sideways), scrolls to its buttons and sends.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TRUST_TEXTS } from '@roomnest/shared';
import { bearer, logInWithStorage, member, postRoom } from '../support/app.ts';

const MIN = 44;

async function expectTappable(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(MIN);
  expect(box.width).toBeGreaterThanOrEqual(MIN);
}

const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('on a phone, Report is finger-sized in all three places and its dialog fits the screen and sends', async ({ page, request }) => {
  const landlord = await member(request, 'Landlord', 'Pat Phone');
  const tenant = await member(request, 'Tenant', 'Pip Pocket');
  const roomId = await postRoom(request, landlord, { Title: `Phone report room ${Date.now()}` });
  const sent = await request.post('/api/messages', { headers: bearer(landlord), data: { ReceiverID: tenant.id, MessageContent: 'Hello from the landlord' } });
  expect(sent.status()).toBe(201);

  await logInWithStorage(page, request, tenant, `/rooms/${roomId}`);
  const report = page.getByRole('button', { name: 'Report this listing' });
  await expectTappable(report);
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await noSideways(page);
  for (const radio of await dialog.locator('label').filter({ has: page.getByRole('radio') }).all()) await expectTappable(radio);
  await dialog.getByRole('radio', { name: /^Spam/ }).check();
  const send = dialog.getByRole('button', { name: 'Send report' });
  await send.scrollIntoViewIfNeeded();
  await expectTappable(send);
  await send.click();
  const thanks = page.getByRole('dialog', { name: 'Report sent' });
  await expect(thanks.getByText(TRUST_TEXTS.reportThanks)).toBeVisible();
  await expectTappable(thanks.getByRole('button', { name: 'Close' }));
  await thanks.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/messages/chat/${landlord.id}`);
  await expectTappable(page.getByRole('button', { name: 'Report Pat Phone' }));
  await noSideways(page);

  await page.goto('/flatmates');
  await expectTappable(page.getByRole('main').getByRole('article').first().getByRole('button', { name: /^Report/ }));
  await noSideways(page);
});
