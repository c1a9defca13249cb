/**
 * /moderation in the browser: the shell's 'moderator' guard (a visitor is sent to log in and comes back; a
 * signed-in person without the role is told, at the same address, and the module is never fetched for them), the
 * server's noindex, and a moderator's day: a tenant's report in the queue, a suspension with its reason, the report
 * in Resolved with Restore, and both actions in the audit log. Moderators are made by the command line
 * (support/moderators.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { MODERATION_ACTION_LABELS, TEXTS, TRUST_TEXTS } from '@roomnest/shared';
import { axeViolations, describeViolations } from '../support/a11y.ts';
import { bearer, DEMO_ACCOUNTS, logInThroughUi, logInWithStorage, mainNav, member, postRoom, registerAccount, toast } from '../support/app.ts';
import { makeModerator, moderatorMember } from '../support/moderators.ts';

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) => main(page).getByRole('heading', { level: 1, name, exact: true });

test.describe('the moderator guard', () => {
  test('a signed-in person who is not a moderator is told so at /moderation, and the module is never fetched', async ({ page, request }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/store/mf-moderation/')) fetched.push(r.url());
    });
    await logInWithStorage(page, request, DEMO_ACCOUNTS.tenant, '/moderation');
    await expect(heading(page, 'Moderation')).toBeVisible();
    await expect(main(page).getByText(TRUST_TEXTS.moderatorsPage)).toBeVisible();
    await expect(page).toHaveURL(/\/moderation$/);
    await expect(page).toHaveTitle('Moderation | RoomNest');
    await expect(mainNav(page).getByRole('link', { name: 'Moderation' })).toHaveCount(0);
    expect(fetched).toEqual([]);
  });

  test('the server answers /moderation as a page search engines must not list', async ({ request }) => {
    const res = await request.get('/moderation', { headers: { accept: 'text/html' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Moderation | RoomNest</title>');
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
  });

  test('a visitor is sent to log in and, as a moderator, comes back to the module, which the nav links to', async ({ page, request }) => {
    const account = await registerAccount(request, 'Tenant', 'Guard Moderator');
    makeModerator(account.email);
    await page.goto('/moderation?tab=audit');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, TEXTS.loginRequired)).toBeVisible();
    await logInThroughUi(page, account);
    await expect(page).toHaveURL(/\/moderation\?tab=audit$/);
    await expect(heading(page, 'Moderation')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    await expect(mainNav(page).getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/moderation');
  });
});

test('a moderator suspends a reported landlord with a reason, sees it resolved and logged, and can restore them', async ({ page, request }) => {
  test.setTimeout(90_000);
  const landlord = await member(request, 'Landlord', 'Suspect Landlord');
  const title = `Too good to be true ${Date.now().toString(36)}`;
  const roomId = await postRoom(request, landlord, { Title: title });
  const tenant = await member(request, 'Tenant', 'Careful Tenant');
  const reported = await request.post('/api/reports', {
    headers: bearer(tenant),
    data: { TargetType: 'listing', TargetID: roomId, Reason: 'scam', Details: 'Wants a deposit by bank transfer before any viewing.', Source: 'listing' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const moderator = await moderatorMember(request, 'Day Moderator');

  await logInWithStorage(page, request, moderator, '/moderation');
  await expect(heading(page, 'Moderation')).toBeVisible();
  const card = main(page).getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: `Scam or fraud: ${title}` }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Wants a deposit by bank transfer before any viewing.')).toBeVisible();
  await expect(card.getByRole('region', { name: 'The reported person' }).getByText(landlord.email)).toBeVisible();
  await expect(card.getByRole('region', { name: 'The listing when reported' }).getByText('£950')).toBeVisible();
  // The queue with a report in it passes axe-core (the route check sees only the refusal and the empty queue).
  const queueViolations = await axeViolations(page);
  expect(queueViolations, describeViolations(queueViolations)).toEqual([]);

  // A suspension needs its reason.
  await card.getByRole('button', { name: 'Suspend person' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Suspend person' }).click();
  await expect(dialog.getByText(TRUST_TEXTS.suspendReasonRequired)).toBeVisible();
  const dialogViolations = await axeViolations(page);
  expect(dialogViolations, describeViolations(dialogViolations)).toEqual([]);
  await dialog.getByLabel('Reason').fill('Advance fee fraud: deposit before viewing.');
  await dialog.getByRole('button', { name: 'Suspend person' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);

  // The landlord cannot log in, and the room has left search.
  const login = await request.post('/api/auth/login', { data: { Email: landlord.email, Password: landlord.password } });
  expect(login.status()).toBe(403);
  expect(((await login.json()) as { message: string }).message).toBe(TRUST_TEXTS.suspendedLogin);
  expect((await request.get(`/api/listings/${roomId}`)).status()).toBe(404);

  // Resolved: the resolution, and Restore person.
  await main(page).getByRole('link', { name: 'Resolved' }).click();
  await expect(page).toHaveURL(/\/moderation\?tab=resolved$/);
  const resolved = main(page).getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: `Scam or fraud: ${title}` }) });
  await expect(resolved.getByRole('region', { name: 'Resolution' })).toContainText(`${MODERATION_ACTION_LABELS['suspend-user']} by Day Moderator`);
  await resolved.getByRole('button', { name: 'Restore person' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore person' }).click();
  await expect(resolved.getByRole('button', { name: 'Restore person' })).toHaveCount(0);
  expect((await request.post('/api/auth/login', { data: { Email: landlord.email, Password: landlord.password } })).status()).toBe(200);

  // The audit log: both actions, newest first.
  await main(page).getByRole('link', { name: 'Audit log' }).click();
  const entries = main(page).getByRole('list', { name: 'Audit log, newest first' }).getByRole('listitem').filter({ hasText: 'Day Moderator' });
  await expect(entries.nth(0)).toContainText(MODERATION_ACTION_LABELS['restore-user']);
  await expect(entries.nth(1)).toContainText(MODERATION_ACTION_LABELS['suspend-user']);
  await expect(entries.nth(1)).toContainText('Advance fee fraud: deposit before viewing.');
  const logViolations = await axeViolations(page);
  expect(logViolations, describeViolations(logViolations)).toEqual([]);
});
