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

  /** The person's chat with `other`, open in a browser pinned to `instance`, its live stream answered by that instance. */
  async function chatOn(instance: Instance, who: typeof landlord, other: typeof landlord): Promise<Page> {
    const page = await (await pinnedContext(browser, instance)).newPage();
    const stream = page.waitForResponse((res) => res.url().includes('/api/messages/stream'));
    await logInWithStorage(page, page.context().request, who, `/messages/chat/${other.id}`);
    expect(instanceOf(await stream)).toBe(instance);
    await expect(page.getByRole('heading', { level: 1, name: other.name })).toBeVisible();
    return page;
  }
  const landlordPage = await chatOn('b', landlord, tenant);
  const tenantPage = await chatOn('a', tenant, landlord);

  const box = tenantPage.getByRole('textbox', { name: `Message to ${landlord.name}` });
  await box.fill('Hello from instance a: is the room still free?');
  const sent = tenantPage.waitForResponse((res) => res.url().endsWith('/api/messages') && res.request().method() === 'POST');
  await box.press('Enter');
  expect(instanceOf(await sent)).toBe('a');
  await expect(landlordPage.getByRole('log').getByText('Hello from instance a: is the room still free?')).toBeVisible({ timeout: 1_000 });

  const reply = landlordPage.getByRole('textbox', { name: `Message to ${tenant.name}` });
  await reply.fill('Yes, from instance b. Come on Saturday?');
  await landlordPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(tenantPage.getByRole('log').getByText('Yes, from instance b. Come on Saturday?')).toBeVisible({ timeout: 1_000 });
  // The tenant has the chat open on a: the reply is marked read there, and the landlord sees "Read" live on b.
  await expect(landlordPage.getByRole('log').getByText('Read')).toBeVisible({ timeout: 2_000 });
});
