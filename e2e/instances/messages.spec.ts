/**
 * Live messages across instances: each person's browser talks to one instance only, so the message a tenant sends
 * through instance a reaches the landlord's chat, open on instance b, through PostgreSQL's LISTEN/NOTIFY, and the
 * answer comes back the other way, each within a second.
 */
import { expect, test, type Page } from '@playwright/test';
import { logInWithStorage, member, postRoom } from '../support/app.ts';
import { instanceOf, pinnedContext, type Instance } from './support.ts';

test('a message sent through one instance reaches a chat open through the other at once, both ways', async ({ browser, request }) => {
  const landlord = await member(request, 'Landlord', 'Linh Landlord');
  const tenant = await member(request, 'Tenant', 'Tariq Tenant');
  // A landlord with a room in search is someone a tenant may write to first.
  await postRoom(request, landlord);

  /** A page of the person's, in a browser pinned to `instance`, its live stream answered by that instance. */
  async function openOn(instance: Instance, who: typeof landlord, path: string): Promise<Page> {
    const page = await (await pinnedContext(browser, instance)).newPage();
    const stream = page.waitForResponse((res) => res.url().includes('/api/messages/stream'));
    await logInWithStorage(page, page.context().request, who, path);
    expect(instanceOf(await stream)).toBe(instance);
    return page;
  }
  // The landlord waits on their conversations, on b; the tenant writes from a chat, on a.
  const landlordPage = await openOn('b', landlord, '/messages');
  await expect(landlordPage.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  const tenantPage = await openOn('a', tenant, `/messages/chat/${landlord.id}`);
  await expect(tenantPage.getByRole('heading', { level: 1, name: landlord.name })).toBeVisible();

  const box = tenantPage.getByRole('textbox', { name: `Message to ${landlord.name}` });
  await box.fill('Hello from instance a: is the room still free?');
  const sent = tenantPage.waitForResponse((res) => res.url().endsWith('/api/messages') && res.request().method() === 'POST');
  await box.press('Enter');
  expect(instanceOf(await sent)).toBe('a');
  const row = landlordPage.getByRole('link', { name: new RegExp(`Conversation with ${tenant.name}, 1 unread`) });
  await expect(row).toBeVisible({ timeout: 1_000 });
  await expect(row).toContainText('Hello from instance a: is the room still free?');

  await row.click();
  await expect(landlordPage.getByRole('heading', { level: 1, name: tenant.name })).toBeVisible();
  // The landlord read it on b: the tenant's chat on a says so, live.
  await expect(tenantPage.getByRole('log').getByText('Read')).toBeVisible({ timeout: 2_000 });

  const reply = landlordPage.getByRole('textbox', { name: `Message to ${tenant.name}` });
  await reply.fill('Yes, from instance b. Come on Saturday?');
  await landlordPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(tenantPage.getByRole('log').getByText('Yes, from instance b. Come on Saturday?')).toBeVisible({ timeout: 1_000 });
});
