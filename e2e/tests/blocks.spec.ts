import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { TRUST_TEXTS } from '@roomnest/shared';
import { bearer, logInWithStorage, mainNav, member, toast, type Member } from '../support/app.ts';

async function signedIn(browser: Browser, request: APIRequestContext, who: Member, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInWithStorage(page, request, who, path);
  return page;
}

const messagesLink = (page: Page) => mainNav(page).getByRole('link', { name: /^Messages/ });

async function sendThroughApi(request: APIRequestContext, from: Member, to: Member, text: string) {
  return request.post('/api/messages', { headers: bearer(from), data: { ReceiverID: to.id, MessageContent: text } });
}

test.describe('blocking someone in a chat', () => {
  test('a block stops messages both ways in both open chats, the blocker’s list drops the conversation, and unblocking restores it', async ({ browser, request }) => {
    const tenant = await member(request, 'Tenant', 'Tara Tenant');
    const landlord = await member(request, 'Landlord', 'Bram Landlord');
    // Someone else who writes to both: their messages arriving live prove each stream is delivering.
    const other = await member(request, 'Tenant', 'Cleo Other');
    expect((await sendThroughApi(request, tenant, landlord, 'Hello, is the room still free?')).status()).toBe(201);
    expect((await sendThroughApi(request, landlord, tenant, 'Yes, it is.')).status()).toBe(201);

    const tPage = await signedIn(browser, request, tenant, `/messages/chat/${landlord.id}`);
    const lPage = await signedIn(browser, request, landlord, `/messages/chat/${tenant.id}`);
    await expect(tPage.getByRole('log').getByText('Yes, it is.')).toBeVisible();
    await expect(lPage.getByRole('log').getByText('Hello, is the room still free?')).toBeVisible();

    // The landlord blocks the tenant, after a confirmation.
    await lPage.getByRole('button', { name: 'Block Tara Tenant' }).click();
    const dialog = lPage.getByRole('dialog', { name: TRUST_TEXTS.blockConfirmTitle('Tara Tenant') });
    await expect(dialog).toContainText('is not told');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expect(toast(lPage, TRUST_TEXTS.blockDone)).toBeVisible();
    await expect(lPage.getByText(TRUST_TEXTS.youBlocked('Tara Tenant'))).toBeVisible();
    await expect(lPage.getByRole('textbox', { name: 'Message to Tara Tenant' })).toHaveCount(0);
    // The history stays readable.
    await expect(lPage.getByRole('log').getByText('Hello, is the room still free?')).toBeVisible();

    // The tenant's message is refused with the plain sentence, and the text stays in the box.
    const tBox = tPage.getByRole('textbox', { name: 'Message to Bram Landlord' });
    await tBox.fill('Can I see it on Saturday?');
    await tPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(tPage.getByRole('alert')).toHaveText(TRUST_TEXTS.blockedYou);
    await expect(tBox).toHaveValue('Can I see it on Saturday?');
    // The landlord cannot write either (the API refuses what the screen no longer offers).
    const refused = await sendThroughApi(request, landlord, tenant, 'A message after the block');
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(TRUST_TEXTS.blocked);

    // Later messages from someone else reach both live; nothing of the blocked pair ever did.
    expect((await sendThroughApi(request, other, landlord, 'Is your room free?')).status()).toBe(201);
    expect((await sendThroughApi(request, other, tenant, 'Are you still looking?')).status()).toBe(201);
    await expect(messagesLink(lPage)).toContainText('1');
    await expect(messagesLink(tPage)).toContainText('1');
    await expect(lPage.getByRole('log').getByText('Can I see it on Saturday?')).toHaveCount(0);
    await expect(tPage.getByRole('log').getByText('A message after the block')).toHaveCount(0);

    // The landlord's conversation list no longer shows the tenant; the tenant's still shows the landlord.
    await messagesLink(lPage).click();
    await expect(lPage.getByRole('link', { name: /Conversation with Cleo Other/ })).toBeVisible();
    await expect(lPage.getByRole('link', { name: /Conversation with Tara Tenant/ })).toHaveCount(0);
    await messagesLink(tPage).click();
    await expect(tPage.getByRole('link', { name: /Conversation with Bram Landlord/ })).toBeVisible();

    // Unblocked from My Profile's Blocked people: the conversation is back and messages flow live again.
    await lPage.goto('/my-flatmate-profile');
    const blocked = lPage.getByRole('region', { name: 'Blocked people' });
    await blocked.getByRole('button', { name: 'Unblock Tara Tenant' }).click();
    await expect(toast(lPage, TRUST_TEXTS.unblockDone)).toBeVisible();
    await expect(blocked.getByText(TRUST_TEXTS.blockedPeopleEmpty)).toBeVisible();
    await messagesLink(lPage).click();
    await lPage.getByRole('link', { name: /Conversation with Tara Tenant/ }).click();
    await tPage.getByRole('link', { name: /Conversation with Bram Landlord/ }).click();
    const lBox = lPage.getByRole('textbox', { name: 'Message to Tara Tenant' });
    await lBox.fill('Sorry, blocked you by mistake. Saturday is fine.');
    await lPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(tPage.getByRole('log').getByText('Sorry, blocked you by mistake. Saturday is fine.')).toBeVisible();
    const tBoxAgain = tPage.getByRole('textbox', { name: 'Message to Bram Landlord' });
    await tBoxAgain.fill('Great, see you then.');
    await tPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(lPage.getByRole('log').getByText('Great, see you then.')).toBeVisible();
  });
});
