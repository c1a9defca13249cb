/**
 * The moderation module on a 375 px phone: a report card with its listing and a chat's conversation, the action
 * dialog and the audit log fit the screen's width (nothing scrolls sideways) and every control is a 44 px target.
 */
import { expect, test, type Page } from '@playwright/test';
import { bearer, logInWithStorage, member, postRoom } from '../support/app.ts';
import { moderatorMember } from '../support/moderators.ts';

/** The page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

/** Every visible button and link in main is at least 44 px tall (and wide). */
async function expectTapTargets(page: Page) {
  const small = await page.getByRole('main').locator('button:visible, a:visible').evaluateAll((els) =>
    els
      .map((el) => ({ text: (el.textContent ?? '').trim(), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(({ text, box }) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
  expect(small).toEqual([]);
}

test('the queue, its dialog and the audit log fit a 375 px phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const landlord = await member(request, 'Landlord', 'Phone Landlord');
  const roomId = await postRoom(request, landlord, { Title: `A room with a very long title that has to wrap on a phone ${Date.now()}` });
  const tenant = await member(request, 'Tenant', 'Phone Tenant');
  const sent = await request.post(`/api/messages`, { headers: bearer(tenant), data: { ReceiverID: landlord.id, MessageContent: 'Hello, can I view the room this weekend?' } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  for (const data of [
    { TargetType: 'listing', TargetID: roomId, Reason: 'scam', Details: 'Deposit first.', Source: 'listing' },
    { TargetType: 'user', TargetID: landlord.id, Reason: 'spam', Details: 'Keeps messaging me.', Source: 'chat' },
  ]) {
    const res = await request.post('/api/reports', { headers: bearer(tenant), data });
    expect(res.status(), await res.text()).toBe(201);
  }
  const moderator = await moderatorMember(request, 'Phone Moderator');

  await logInWithStorage(page, request, moderator, '/moderation');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('region', { name: /^The conversation, \d+ message/ }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectTapTargets(page);

  await page.getByRole('main').getByRole('button', { name: 'Suspend person' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('main').getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
