/**
 * A room page end to end, for the visitor and for its owner: a visitor who presses Contact Landlord signs up,
 * logs in and is back on that room with the chat one click away; the owner of an expired listing sees that it
 * expired and nobody else can see it, with Renew, while everyone else gets Room not found.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatDate, TEXTS, type Listing, type LoginResponse } from '@roomnest/shared';
import { DEMO_ACCOUNTS, demoRoom, logInWithStorage, storedSession, toast, uniqueEmail } from '../support/app.ts';

/** A public demo room in Manchester (no suite posts or deletes there). */
const manchesterRoom = (request: APIRequestContext) => demoRoom(request, 'city=Manchester', 1);

test('a visitor who presses Contact Landlord signs up, logs in and is back on the room, one click from the chat', async ({ page, request }) => {
  // The whole journey: six pages, two forms and a second login.
  test.setTimeout(120_000);
  const room = await manchesterRoom(request);
  await page.goto(`/rooms/${room.ListingID}`);
  await expect(page.getByRole('heading', { level: 1, name: room.Title })).toBeVisible();
  await page.getByRole('button', { name: 'Contact Landlord' }).click();

  // docs/product.md, Users and roles: the message, and /signup, which the shell turns into registration (replacing itself).
  await expect(toast(page, TEXTS.contactLandlordLogin)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  const account = { name: 'Nadia Visitor', email: uniqueEmail('nadia'), password: 'Window-seat-42' };
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Register' }).click();

  // docs/product.md, Session: registration goes to /pricing with the signup flag and does not log in.
  await expect(page).toHaveURL(/\/pricing\?signup=true$/);
  expect(await storedSession(page)).toEqual({ token: null, user: null });
  await page.getByRole('status').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();

  // Back on the room, not on /pricing: Contact Landlord has the focus and says it is ready.
  await expect(page).toHaveURL(new RegExp(`/rooms/${room.ListingID}#contact$`));
  await expect(page.getByText(TEXTS.contactLandlordReady)).toBeVisible();
  const contact = page.getByRole('button', { name: 'Contact Landlord' });
  await expect(contact).toBeFocused();
  await expect(contact).toBeEnabled();
  // The ready line and the button fit a 375 px phone.
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(contact).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/messages/chat/${room.LandlordID}\\?listing=${room.ListingID}$`));

  // The way back was for that one login: logging in again later goes to /pricing as usual.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('a remembered page of another site is never followed after logging in', async ({ page }) => {
  // What a script on this origin could leave behind, and router state naming another site.
  await page.goto('/login');
  await page.evaluate(() => {
    sessionStorage.setItem('roomnest.afterSignup', JSON.stringify({ path: '//evil.example/phish', at: Date.now() }));
    history.replaceState({ usr: { from: { pathname: '/\\evil.example', search: '', hash: '' } }, key: 'evil', idx: 0 }, '', '/login');
  });
  await page.reload();
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('Email').fill(DEMO_ACCOUNTS.tenant.email);
  await login.getByLabel('Password').fill(DEMO_ACCOUNTS.tenant.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/pricing$/);
});

test('the owner of an expired listing is told so on its page and offered Renew; nobody else can open it', async ({ page, request }) => {
  const res = await request.post('/api/auth/login', { data: { Email: DEMO_ACCOUNTS.landlord.email, Password: DEMO_ACCOUNTS.landlord.password } });
  const { token } = (await res.json()) as LoginResponse;
  const mine = await request.get('/api/listings/my-listings', { headers: { authorization: `Bearer ${token}` } });
  const expired = ((await mine.json()) as { listings: Listing[] }).listings.find((l) => Date.parse(l.ExpiresAt) <= Date.now());
  expect(expired, 'the demo landlord has an expired listing').toBeTruthy();

  await logInWithStorage(page, request, DEMO_ACCOUNTS.landlord, `/rooms/${expired!.ListingID}`);
  await expect(page.getByRole('heading', { level: 1, name: expired!.Title })).toBeVisible();
  const notice = page.getByRole('region', { name: 'This listing has expired' });
  await expect(notice).toContainText(`It expired on ${formatDate(expired!.ExpiresAt)}.`);
  await expect(notice).toContainText('Only you can see it');
  await expect(notice.getByRole('button', { name: 'Renew listing' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Listing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Landlord' })).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(notice.getByRole('button', { name: 'Renew listing' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor is told the room is not there.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.goto(`/rooms/${expired!.ListingID}`);
  await expect(page.getByRole('heading', { name: TEXTS.roomNotFound })).toBeVisible();
});
