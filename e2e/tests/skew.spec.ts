/**
 * Version skew: the shell and the remotes are released on their own, so for a
 * while a page runs a shell and remotes built from different commits. These
 * tests run the main journeys with the current shell and the previous release
 * of every remote, and with the previous shell and the current remotes (the
 * previous release is the commit in e2e/skew-baseline.json, built by the e2e
 * server). They hold as long as both sides keep the contract in shared/.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TEXTS } from '@roomnest/shared';
import { readSkew, runningVersions, useRemotes, useShell, type Versions } from '../support/delivery.ts';
import { DEMO_ACCOUNTS, logInThroughUi, logInWithStorage, mainNav, registerAccount, toast } from '../support/app.ts';

const skew = readSkew();

async function expectRunning(page: Page, expected: Versions) {
  await expect.poll(async () => (await runningVersions(page)).remotes).toEqual(expected.remotes);
  expect((await runningVersions(page)).shell).toBe(expected.shell);
}

/** Home, room search and detail, login, pricing, contacting a landlord, messages, flatmates, a landlord's listings. */
async function mainJourneys(page: Page, request: APIRequestContext, expected: Versions) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectRunning(page, expected);

  // Room search (mf_search) and a room's page.
  await mainNav(page).getByRole('link', { name: 'Find a Room' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /rooms? found$/ })).toBeVisible();
  // A demo room (Manchester: no other suite posts there), not the newest one, which may be another test's and gone by the time it is contacted.
  await page.goto('/rooms?city=Manchester');
  await expect(page.getByRole('heading', { level: 2, name: /rooms? found$/ })).toBeVisible();
  const first = page.getByRole('list', { name: 'Rooms' }).getByRole('article').first();
  const title = await first.getByRole('heading').first().innerText();
  await first.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const roomUrl = page.url();

  // Login (shell) lands on pricing (mf_content) with the greeting toast.
  const tenant = await registerAccount(request, 'Tenant', 'Skew Tester');
  await logInThroughUi(page, tenant);
  await expect(toast(page, TEXTS.loginGreeting(tenant.name))).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Contact the landlord (mf_search → mf_messaging), send a message, see it in the list.
  await page.goto(roomUrl);
  await page.getByRole('button', { name: 'Contact Landlord' }).click();
  // The current room page opens the chat about the room (?listing=); the previous release opened it plainly.
  await expect(page).toHaveURL(/\/messages\/chat\/\d+(\?listing=\d+)?$/);
  const box = page.getByRole('textbox', { name: /^Message to / });
  await box.fill('Hello from a page of mixed versions');
  await box.press('Enter');
  await expect(page.getByRole('log').getByText('Hello from a page of mixed versions')).toBeVisible();
  await mainNav(page).getByRole('link', { name: /^Messages/ }).click();
  await expect(page.getByRole('link', { name: /^Conversation with / }).first()).toContainText('Hello from a page of mixed versions');

  // Flatmates (mf_profile).
  await mainNav(page).getByRole('link', { name: 'Flatmates' }).click();
  await expect(page.getByRole('list', { name: 'Flatmate profiles' }).getByRole('article').first()).toBeVisible();

  // A landlord's listings (mf_listings).
  await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, '/my-listings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectRunning(page, expected);
}

test('the current shell runs the previous release of every remote', async ({ page, request }) => {
  test.setTimeout(90_000);
  expect(skew.previous.remotes).not.toEqual(skew.current.remotes);
  await useRemotes(page, skew.previous.remotes);
  await mainJourneys(page, request, { shell: skew.current.shell, remotes: skew.previous.remotes });
});

test('the previous shell runs the current remotes', async ({ page, request }) => {
  test.setTimeout(90_000);
  expect(skew.previous.shell).not.toBe(skew.current.shell);
  await useShell(page, skew.previous.shell);
  await mainJourneys(page, request, { shell: skew.previous.shell, remotes: skew.current.remotes });
});
