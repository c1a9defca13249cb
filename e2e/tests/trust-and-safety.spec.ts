/**
 * Trust and safety from end to end, every step through the real UI and server: a tenant finds a room in search and
 * reports it as a scam from its page; a moderator made with the command line (npm run moderators) sees the report
 * in /moderation with the listing as it was reported and suspends the landlord with a reason; the landlord can no
 * longer log in and is told why; the room has gone from search and from its own address.
 */
import { expect, test, type Page } from '@playwright/test';
import { TEXTS, TRUST_TEXTS } from '@roomnest/shared';
import { logInThroughUi, logInWithStorage, member, postRoom } from '../support/app.ts';
import { makeModerator } from '../support/moderators.ts';
import { sendReport } from '../support/reports.ts';

const main = (page: Page) => page.getByRole('main');
const roomCards = (page: Page) => page.getByRole('list', { name: 'Rooms' }).getByRole('article');
/** A street no other room has, so that searching it finds this test's room alone. */
const uniqueStreet = () => `Quillan ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)} Lane`;

test('a tenant reports a scam room; a moderator made on the command line suspends the landlord; the landlord is locked out and the room leaves search', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const street = uniqueStreet();
  const title = `Huge double, bills included, ${street}`;
  const landlord = await member(request, 'Landlord', 'Ivor Shady');
  const roomId = await postRoom(request, landlord, { Title: title, Address: `3 ${street}, Hackney`, Rent: '420' });
  const search = `/rooms?city=London&address=${encodeURIComponent(street)}`;

  // --- The tenant finds the room in search and reports it from its page.
  const tenant = await member(request, 'Tenant', 'Nadia Careful');
  await logInWithStorage(page, request, tenant, search);
  await expect(roomCards(page)).toHaveCount(1);
  await roomCards(page).getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Report this listing' }).click();
  const thanks = await sendReport(page, 'Report this listing', /^Scam or fraud/, 'Asks for the deposit by bank transfer before any viewing.');
  await expect(thanks.getByText(TRUST_TEXTS.reportThanks)).toBeVisible();
  await thanks.getByRole('button', { name: 'Close' }).click();

  // --- A moderator, made on the command line, logs in through the login page and finds the report in the queue.
  const moderator = await member(request, 'Tenant', 'Morag Review');
  makeModerator(moderator.email);
  const moderatorContext = await browser.newContext();
  const moderatorPage = await moderatorContext.newPage();
  await moderatorPage.goto('/login');
  await logInThroughUi(moderatorPage, moderator);
  await expect(moderatorPage.getByRole('navigation').first().getByRole('link', { name: 'Moderation' })).toBeVisible();
  await moderatorPage.getByRole('navigation').first().getByRole('link', { name: 'Moderation' }).click();
  const card = main(moderatorPage).getByRole('article').filter({ has: moderatorPage.getByRole('heading', { level: 2, name: `Scam or fraud: ${title}` }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Asks for the deposit by bank transfer before any viewing.')).toBeVisible();
  await expect(card.getByRole('region', { name: 'The listing when reported' }).getByText('£420')).toBeVisible();
  await expect(card.getByRole('region', { name: 'The reported person' }).getByText(landlord.email)).toBeVisible();

  // It suspends the landlord, with a reason.
  await card.getByRole('button', { name: 'Suspend person' }).click();
  const dialog = moderatorPage.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Advance fee fraud: deposit before viewing.');
  await dialog.getByRole('button', { name: 'Suspend person' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(0);
  await moderatorContext.close();

  // --- The landlord cannot log in, and the login page says why.
  const landlordContext = await browser.newContext();
  const landlordPage = await landlordContext.newPage();
  await landlordPage.goto('/login');
  await logInThroughUi(landlordPage, landlord);
  await expect(landlordPage.getByText(TRUST_TEXTS.suspendedLogin)).toBeVisible();
  await expect(landlordPage).toHaveURL(/\/login$/);
  await landlordContext.close();

  // --- The room has left search and its own address, for the tenant as for anyone.
  await page.goto(search);
  await expect(page.locator('#room-results-heading')).toHaveText('No rooms found');
  await expect(roomCards(page)).toHaveCount(0);
  await page.goto(`/rooms/${roomId}`);
  await expect(main(page).getByRole('heading', { level: 1, name: TEXTS.roomNotFound })).toBeVisible();
});
