/**
 * Runs in the 375 px touch "phone" project: Contact Landlord's chat with the room attached, the conversation
 * list's room, and My Listings' figures and chart, all within the screen's width.
 */
import { expect, test, type Page } from '@playwright/test';
import { ENQUIRY_DRAFT } from '@roomnest/shared';
import { logInWithStorage, member, postRoom } from '../support/app.ts';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('on a phone, an enquiry shows its room, fits the screen, and counts in My Listings', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const landlord = await member(request, 'Landlord', 'Alexandra Montgomery-Whitfield');
  const tenant = await member(request, 'Tenant', 'Harriet Lawson');
  const title = `Large bright double room with its own bathroom near Leytonstone station ${Date.now().toString(36)}`;
  const roomId = await postRoom(request, landlord, { Title: title, Address: '21 Church Lane, Leytonstone', ZipCode: 'E11 1HG' });
  const phone = { viewport: { width: 375, height: 740 }, hasTouch: true };

  const tPage = await (await browser.newContext(phone)).newPage();
  await logInWithStorage(tPage, request, tenant, `/rooms/${roomId}`);
  await tPage.getByRole('button', { name: 'Contact Landlord' }).click();
  const bar = tPage.getByRole('group', { name: 'The room you are asking about' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: title })).toBeVisible();
  const box = tPage.getByRole('textbox', { name: /^Message to/ });
  await expect(box).toHaveValue(ENQUIRY_DRAFT);
  expect(await overflow(tPage)).toBeLessThanOrEqual(0);
  // The bar's Remove button is a full touch target.
  const remove = bar.getByRole('button', { name: /^Remove the room/ });
  expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await tPage.getByRole('button', { name: 'Send', exact: true }).tap();
  await expect(tPage.getByRole('log').getByText(ENQUIRY_DRAFT)).toBeVisible();
  expect(await overflow(tPage)).toBeLessThanOrEqual(0);

  const lPage = await (await browser.newContext(phone)).newPage();
  await logInWithStorage(lPage, request, landlord, '/messages');
  await expect(lPage.getByRole('link', { name: /^Conversation with Harriet Lawson/ })).toContainText('About:');
  expect(await overflow(lPage)).toBeLessThanOrEqual(0);

  await lPage.goto('/my-listings');
  const card = lPage.getByRole('article', { name: title });
  await expect(card.getByTestId('listing-figures')).toHaveText('1 view · 1 enquiry');
  const chart = card.getByRole('figure');
  await expect(chart.locator('svg')).toBeVisible();
  const svg = (await chart.locator('svg').boundingBox())!;
  expect(svg.x).toBeGreaterThanOrEqual(0);
  expect(svg.x + svg.width).toBeLessThanOrEqual(375);
  await chart.getByText('Figures by day').tap();
  await expect(chart.getByRole('table')).toBeVisible();
  expect(await overflow(lPage)).toBeLessThanOrEqual(0);
});
