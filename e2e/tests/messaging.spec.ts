import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { TEXTS } from '@roomnest/shared';
import { bearer, logInWithStorage, mainNav, member, postRoom, type Member } from '../support/app.ts';

/** A room of the landlord's in search (someone with a room is found by those they have not written to). */
const listingOf = (request: APIRequestContext, landlord: Member) =>
  postRoom(request, landlord, { Title: 'Sunny double room by Victoria Park', Address: '3 Lauriston Road, Hackney', ZipCode: 'E9 7ES', Rent: '850' });

const messagesLink = (page: Page) => mainNav(page).getByRole('link', { name: /^Messages/ });

async function signedIn(browser: Browser, request: APIRequestContext, who: Member, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInWithStorage(page, request, who, path);
  return page;
}

test.describe('messaging between two people, live', () => {
  test('a tenant contacts a landlord from a listing; both see each other live; badges count, cap at 9+ and clear', async ({ browser, request }) => {
    const landlord = await member(request, 'Landlord', 'Larissa Landlord');
    const tenant = await member(request, 'Tenant', 'Tomasz Tenant');
    const listingId = await listingOf(request, landlord);

    const lPage = await signedIn(browser, request, landlord, '/messages');
    await expect(lPage.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
    await expect(messagesLink(lPage)).toHaveText('Messages');

    const tPage = await signedIn(browser, request, tenant, `/rooms/${listingId}`);
    await tPage.getByRole('button', { name: 'Contact Landlord' }).click();
    await expect(tPage).toHaveURL(new RegExp(`/messages/chat/${landlord.id}\\?listing=${listingId}$`));
    await expect(tPage.getByRole('heading', { level: 1, name: 'Larissa Landlord' })).toBeVisible();
    await expect(tPage.getByText(/No messages yet/)).toBeVisible();
    // Give the shell's stream a moment to be open on the landlord's side (it is opened at page load).
    await lPage.waitForTimeout(300);

    const box = tPage.getByRole('textbox', { name: 'Message to Larissa Landlord' });
    await box.fill('Hello! Is the room by Victoria Park still free?');
    await box.press('Enter');
    const thread = tPage.getByRole('log');
    await expect(thread.getByText('Hello! Is the room by Victoria Park still free?')).toBeVisible();
    await expect(box).toHaveValue('');
    const sentAt = Date.now();

    // The landlord, already on /messages, sees the conversation and the badge without reloading, within a second.
    const row = lPage.getByRole('link', { name: /Conversation with Tomasz Tenant, 1 unread/ });
    await expect(row).toBeVisible({ timeout: 1_000 });
    await expect(messagesLink(lPage)).toContainText('1', { timeout: 1_000 });
    console.info(`[e2e] landlord saw the new conversation ${Date.now() - sentAt} ms after the tenant saw it sent`);
    await expect(row).toContainText('Hello! Is the room by Victoria Park still free?');

    // Opening the thread clears the badge; the tenant sees "Read" live.
    await row.click();
    await expect(lPage.getByRole('heading', { level: 1, name: 'Tomasz Tenant' })).toBeVisible();
    await expect(messagesLink(lPage)).toHaveText('Messages');
    await expect(thread.getByText('Read')).toBeVisible({ timeout: 1_000 });

    const lBox = lPage.getByRole('textbox', { name: 'Message to Tomasz Tenant' });
    await lBox.fill('Yes it is. Come and see it on Saturday?');
    await lPage.getByRole('button', { name: 'Send', exact: true }).click();
    const replyAt = Date.now();
    await expect(thread.getByText('Yes it is. Come and see it on Saturday?')).toBeVisible({ timeout: 1_000 });
    console.info(`[e2e] tenant saw the reply ${Date.now() - replyAt} ms after the landlord clicked Send`);
    // The tenant has the chat open: the reply is read at once and their badge stays clear.
    await expect(lPage.getByRole('log').getByText('Read')).toBeVisible({ timeout: 2_000 });
    await expect(messagesLink(tPage)).toHaveText('Messages');

    // Ten messages while the tenant is on another page: the badge shows 9+ there (the shell's stream).
    await tPage.getByRole('link', { name: 'Find a Room', exact: true }).first().click();
    await expect(tPage).not.toHaveURL(/\/messages/);
    for (let i = 1; i <= 10; i++) {
      const res = await request.post('/api/messages', { headers: bearer(landlord), data: { ReceiverID: tenant.id, MessageContent: `Detail number ${i}` } });
      expect(res.status()).toBe(201);
    }
    await expect(messagesLink(tPage)).toContainText('9+', { timeout: 2_000 });
    await messagesLink(tPage).click();
    const tRow = tPage.getByRole('link', { name: /Conversation with Larissa Landlord, 10 unread/ });
    await expect(tRow).toContainText('Detail number 10');
    await tRow.click();
    await expect(tPage.getByRole('log').getByText('Detail number 10')).toBeVisible();
    await expect(messagesLink(tPage)).toHaveText('Messages');
    await tPage.getByRole('link', { name: /all conversations/i }).click();
    await expect(tPage.getByRole('link', { name: 'Conversation with Larissa Landlord' })).toBeVisible();
  });

  test('empty and whitespace messages cannot be sent; a failed send keeps the text', async ({ browser, request }) => {
    const landlord = await member(request, 'Landlord', 'Lena Landlord');
    // A landlord with a room in search is someone a tenant may write to first (a private account is not found).
    await listingOf(request, landlord);
    const tenant = await member(request, 'Tenant', 'Theo Tenant');
    const page = await signedIn(browser, request, tenant, `/messages/chat/${landlord.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lena Landlord' })).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Message to Lena Landlord' });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    await box.fill('   \n   ');
    await expect(send).toBeDisabled();
    await box.press('Enter');
    await expect(page.getByRole('log').getByRole('listitem')).toHaveText(/No messages yet/);

    await page.route('**/api/messages', (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await box.fill('Please do not lose this message');
    await send.click();
    await expect(page.getByText(TEXTS.sendFailed)).toBeVisible();
    await expect(box).toHaveValue('Please do not lose this message');

    await page.unroute('**/api/messages');
    await send.click();
    await expect(page.getByRole('log').getByText('Please do not lose this message')).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(page.getByText(TEXTS.sendFailed)).toBeHidden();
  });
});
