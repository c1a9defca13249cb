/**
 * Runs in the 375 px touch "phone" project: the conversation list and the chat as a phone shows them.
 */
import { expect, test } from '@playwright/test';
import { bearer, logInWithStorage, member } from '../support/app.ts';

test('a conversation row shows the partner’s whole name; the time goes below it when both do not fit', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Harriet Lawson');
  const landlord = await member(request, 'Landlord', 'Alexandra Montgomery');
  const sent = await request.post('/api/messages', {
    headers: bearer(tenant),
    data: { ReceiverID: landlord.id, MessageContent: 'Hello, is the room still free?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await logInWithStorage(page, request, tenant, '/messages');
  const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link');
  await expect(row).toHaveCount(1);
  const name = row.getByText(landlord.name, { exact: true });
  await expect(name).toBeVisible();
  const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut, `"${landlord.name}" is cut off`).toBe(false);
  await expect(row.locator('time')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test('on a touch screen Enter starts a new line, Send sends, and the placeholder fits the box', async ({ page, request }) => {
  const tenant = await member(request, 'Tenant', 'Harriet Lawson');
  const landlord = await member(request, 'Landlord', 'Alexandra Montgomery');
  // A landlord with a room in search is someone a tenant may start a chat with.
  const listed = await request.post('/api/listings', {
    headers: bearer(landlord),
    multipart: {
      Title: 'Double room by London Fields',
      Address: '9 Mentmore Terrace, Hackney',
      City: 'London',
      State: 'Greater London',
      ZipCode: 'E8 3PN',
      RoomType: 'Double',
      Rent: '900',
      AvailableDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  await logInWithStorage(page, request, tenant, `/messages/chat/${landlord.id}`);
  const box = page.getByRole('textbox', { name: `Message to ${landlord.name}` });
  await expect(box).toBeVisible();
  // The placeholder, in the box's own font and width, takes no more lines than the box shows.
  const fits = await box.evaluate((el: HTMLTextAreaElement) => {
    const probe = el.cloneNode() as HTMLTextAreaElement;
    probe.value = el.placeholder;
    probe.removeAttribute('id');
    Object.assign(probe.style, { position: 'absolute', flex: 'none', width: `${el.offsetWidth}px`, height: '0' });
    el.parentElement!.append(probe);
    const needed = probe.scrollHeight;
    probe.remove();
    return needed <= el.clientHeight;
  });
  expect(fits, 'the placeholder is cut off').toBe(true);
  // No physical keyboard: Enter is the soft keyboard's new line, not Send.
  await box.pressSequentially('Hello Alexandra,');
  await box.press('Enter');
  await box.pressSequentially('is the room still free?');
  await expect(box).toHaveValue('Hello Alexandra,\nis the room still free?');
  await expect(page.getByRole('log').getByRole('listitem').filter({ hasText: 'Hello Alexandra' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('log').getByRole('listitem').filter({ hasText: 'is the room still free?' })).toBeVisible();
  await expect(box).toHaveValue('');
});
