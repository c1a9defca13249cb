/**
 * The Report action through the real UI and server: a tenant reports a listing from its room page and a person from
 * a chat, is thanked with what happens next, and reporting the same again says the earlier report was updated; a
 * visitor's Report is carried through logging in.
 */
import { expect, test } from '@playwright/test';
import { TRUST_TEXTS } from '@roomnest/shared';
import { bearer, logInThroughUi, logInWithStorage, member, postRoom, toast } from '../support/app.ts';
import { sendReport } from '../support/reports.ts';

test('a tenant reports a listing from its page, is thanked, and a second report updates the first', async ({ page, request }) => {
  const landlord = await member(request, 'Landlord', 'Larry Lister');
  const tenant = await member(request, 'Tenant', 'Tess Reporter');
  const title = `Too good to be true ${Date.now()}`;
  const roomId = await postRoom(request, landlord, { Title: title });

  await logInWithStorage(page, request, tenant, `/rooms/${roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const report = page.getByRole('button', { name: 'Report this listing' });
  await report.click();
  const sent = await sendReport(page, 'Report this listing', /^Scam or fraud/, 'Asked for a deposit by bank transfer before any viewing.');
  await expect(sent.getByText(TRUST_TEXTS.reportThanks)).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Close' })).toBeFocused();
  await sent.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(report).toBeFocused();

  // Again, from the keyboard: the same report, updated.
  await page.keyboard.press('Enter');
  const again = await sendReport(page, 'Report this listing', /^Room already let/, 'Now says it is let but is still advertised.');
  await expect(again.getByText(TRUST_TEXTS.reportUpdated)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The landlord sees no Report on their own room.
  await page.context().clearCookies();
  await logInWithStorage(page, request, landlord, `/rooms/${roomId}`);
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report this listing' })).toHaveCount(0);
});

test('a tenant reports a person from their chat, and again: the report is updated', async ({ page, request }) => {
  const landlord = await member(request, 'Landlord', 'Wanda Wire');
  const tenant = await member(request, 'Tenant', 'Tom Careful');
  const sent = await request.post('/api/messages', {
    headers: bearer(landlord),
    data: { ReceiverID: tenant.id, MessageContent: 'Send the deposit by Western Union and I will post you the keys.' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await logInWithStorage(page, request, tenant, `/messages/chat/${landlord.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wanda Wire' })).toBeVisible();
  await page.getByRole('button', { name: 'Report Wanda Wire' }).click();
  const thanks = await sendReport(page, 'Report Wanda Wire', /^Scam or fraud/, 'Wants money before any viewing.');
  await expect(thanks.getByText(TRUST_TEXTS.reportThanks)).toBeVisible();
  await thanks.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Report Wanda Wire' }).click();
  const updated = await sendReport(page, 'Report Wanda Wire', /^Spam/, 'And the same message again.');
  await expect(updated.getByText(TRUST_TEXTS.reportUpdated)).toBeVisible();
});

test('a visitor who presses Report logs in and comes back to the room with the dialog open', async ({ page, request }) => {
  const landlord = await member(request, 'Landlord', 'Vic Vendor');
  const tenant = await member(request, 'Tenant', 'Val Visitor');
  const roomId = await postRoom(request, landlord, { Title: `Room for a visitor ${Date.now()}` });

  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('button', { name: 'Report this listing' }).click();
  await expect(toast(page, TRUST_TEXTS.loginToReport)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughUi(page, tenant);

  await expect(page.getByRole('dialog', { name: 'Report this listing' })).toBeVisible();
  // The intent is used once: it has left the address.
  await expect(page).toHaveURL(new RegExp(`/rooms/${roomId}$`));
  const thanks = await sendReport(page, 'Report this listing', /^Something else/, 'The photos are of another flat.');
  await expect(thanks.getByText(TRUST_TEXTS.reportThanks)).toBeVisible();
});
