/**
 * An enquiry end to end: a tenant opens a room, contacts its landlord with the room attached, edits the drafted
 * message and sends it; the landlord sees the room in the conversation list and the chat, and the enquiry and
 * the tenant's view in My Listings' figures and chart. The landlord's own visit to the room does not count.
 */
import { expect, test } from '@playwright/test';
import { ENQUIRY_DRAFT } from '@roomnest/shared';
import { logInWithStorage, member, postRoom } from '../support/app.ts';

test('a tenant’s enquiry about a room reaches the landlord with the room, and counts in My Listings', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const landlord = await member(request, 'Landlord', 'Priya Landlord');
  const tenant = await member(request, 'Tenant', 'Oliver Tenant');
  const title = `Garden double in Walthamstow ${Date.now().toString(36)}`;
  const roomId = await postRoom(request, landlord, { Title: title, Address: '8 Orford Road, Walthamstow', ZipCode: 'E17 9NJ' });

  // The tenant, on the room page.
  const tPage = await (await browser.newContext()).newPage();
  await logInWithStorage(tPage, request, tenant, `/rooms/${roomId}`);
  await expect(tPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await tPage.getByRole('button', { name: 'Contact Landlord' }).click();
  await expect(tPage).toHaveURL(new RegExp(`/messages/chat/${landlord.id}\\?listing=${roomId}$`));
  const bar = tPage.getByRole('group', { name: 'The room you are asking about' });
  await expect(bar.getByRole('link', { name: title })).toHaveAttribute('href', `/rooms/${roomId}`);
  const box = tPage.getByRole('textbox', { name: 'Message to Priya Landlord' });
  await expect(box).toHaveValue(ENQUIRY_DRAFT);
  await box.fill(`${ENQUIRY_DRAFT} I could move in on 1 March.`);
  await tPage.getByRole('button', { name: 'Send', exact: true }).click();
  const tThread = tPage.getByRole('log', { name: 'Messages with Priya Landlord' });
  await expect(tThread.getByText(`${ENQUIRY_DRAFT} I could move in on 1 March.`)).toBeVisible();
  await expect(tThread.getByRole('link', { name: title })).toHaveAttribute('href', `/rooms/${roomId}`);
  await expect(box).toHaveValue('');

  // The landlord: the room in the conversation list and in the chat.
  const lPage = await (await browser.newContext()).newPage();
  await logInWithStorage(lPage, request, landlord, '/messages');
  const row = lPage.getByRole('link', { name: /^Conversation with Oliver Tenant/ });
  await expect(row).toContainText(`About: ${title}`);
  await row.click();
  const lThread = lPage.getByRole('log', { name: 'Messages with Oliver Tenant' });
  await expect(lThread.getByText(`About ${title}`)).toBeVisible();
  await expect(lThread.getByText('I could move in on 1 March.', { exact: false })).toBeVisible();

  // The landlord's own look at the room does not count; the tenant's does, once.
  await lPage.goto(`/rooms/${roomId}`);
  await expect(lPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await lPage.goto('/my-listings');
  const card = lPage.getByRole('article', { name: title });
  await expect(card.getByTestId('listing-figures')).toHaveText('1 view · 1 enquiry');
  const chart = card.getByRole('figure');
  await expect(chart).toContainText('Last 30 days: 1 view, 1 enquiry.');
  await chart.getByText('Figures by day').click();
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: '2-digit', month: '2-digit' }).format(new Date());
  await expect(chart.getByRole('row').last()).toHaveText(`${today}11`);
});
