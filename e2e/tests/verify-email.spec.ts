/**
 * Verified email, as a person meets it: registering still lands on /pricing without logging in; after logging in an
 * unverified person sees the reminder banner; the link of the email in the outbox confirms the address (opened in
 * another tab, the first tab's banner goes too); the person's room then carries the "Email verified" mark, in search
 * and on its page. And Resend from the banner sends another email.
 */
import { expect, test, type Page } from '@playwright/test';
import { VERIFY_TEXTS, type LoginResponse } from '@roomnest/shared';
import { bearer, logInThroughUi, mainNav, postRoom, storedSession, toast, uniqueEmail, type Member } from '../support/app.ts';
import { emailsTo, type OutboxEmail } from '../support/outbox.ts';

const banner = (page: Page) => page.getByRole('region', { name: 'Confirm your email address' });

/** The verification emails to `email`, waiting for at least `count`. */
async function verificationEmails(email: string, count = 1): Promise<OutboxEmail[]> {
  let found: OutboxEmail[] = [];
  await expect
    .poll(() => (found = emailsTo(email).filter((e) => e.text.includes('/verify-email?token='))).length, { timeout: 30_000, message: 'the verification email in the outbox' })
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The path and query of the email's link (the server writes PUBLIC_URL's origin). */
const linkOf = (email: OutboxEmail) => {
  const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(email.text)?.[0];
  expect(link, 'the verification link in the email').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
};

test('register, see the banner, confirm from the emailed link in another tab, and carry the mark', async ({ page, request, context }) => {
  const email = uniqueEmail('verify');
  const password = 'abcdef1';
  const title = `Verified landlord's room ${Date.now().toString(36)}`;

  // Registration is unchanged: /pricing, not logged in.
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Full name').fill('Vera Verified');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Confirm password').fill(password);
  await form.getByRole('radio', { name: /Landlord/ }).check();
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/pricing\?signup=true$/);
  expect(await storedSession(page)).toEqual({ token: null, user: null });
  await expect(banner(page)).toHaveCount(0);

  // One email, in the product's words.
  const [message] = await verificationEmails(email);
  expect(message!.headers.subject).toBe(VERIFY_TEXTS.emailSubject);
  expect(message!.text).toContain('Hello Vera Verified,');
  expect(message!.html).toContain('Confirm your email address');

  // A room of theirs, before confirming: no mark yet.
  const res = await request.post('/api/auth/login', { data: { Email: email, Password: password } });
  const login = (await res.json()) as LoginResponse;
  expect(login.user.emailVerified).toBe(false);
  const listingId = await postRoom(request, { name: 'Vera Verified', email, password, id: login.user.userId, token: login.token, login } satisfies Member, { Title: title });

  await logInThroughUi(page, { email, password });
  await expect(mainNav(page).getByRole('link', { name: 'List Your Ad' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(VERIFY_TEXTS.banner(email));
  await page.goto(`/rooms/${listingId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(VERIFY_TEXTS.mark)).toHaveCount(0);

  // The link, opened in a second tab of the same browser: confirmed there, and the first tab's banner goes.
  const second = await context.newPage();
  await second.goto(linkOf(message!));
  await expect(second.getByText(VERIFY_TEXTS.verified)).toBeVisible();
  await expect(banner(second)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  expect(JSON.parse((await storedSession(page)).user ?? '{}')).toMatchObject({ email, emailVerified: true });
  // The same link again: already confirmed.
  await second.reload();
  await expect(second.getByText(VERIFY_TEXTS.alreadyVerified)).toBeVisible();
  await second.close();

  // The mark on the room's page and its card in search.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(VERIFY_TEXTS.mark)).toBeVisible();
  await page.goto(`/rooms?city=London&sortBy=date_new`);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText(VERIFY_TEXTS.mark)).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('Resend on the banner sends another email and says so; a dismissed banner stays away for the session', async ({ page, request }) => {
  const email = uniqueEmail('resend');
  const password = 'abcdef1';
  const registered = await request.post('/api/auth/register', { data: { Name: 'Rory Resend', Email: email, Password: password, UserType: 'Tenant' } });
  expect(registered.status()).toBe(201);
  await verificationEmails(email, 1);

  await logInThroughUi(page, { email, password });
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: VERIFY_TEXTS.resendLabel }).click();
  await expect(toast(page, VERIFY_TEXTS.resent)).toBeVisible();
  const both = await verificationEmails(email, 2);
  expect(new Set(both.map(linkOf)).size).toBe(2);

  await banner(page).getByRole('button', { name: 'Dismiss this reminder' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/flatmates');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // The limit, from the API: three resends an hour.
  const { token } = await storedSession(page);
  expect(token).toBeTruthy();
  for (let i = 0; i < 2; i++) expect((await request.post('/api/auth/verify-email/resend', { headers: bearer({ token: token! }) })).status()).toBe(202);
  const refused = await request.post('/api/auth/verify-email/resend', { headers: bearer({ token: token! }) });
  expect(refused.status()).toBe(429);
  expect((await refused.json()).message).toBe(VERIFY_TEXTS.resendTooMany);
});
