/**
 * Account dead ends made real: a password reset from /forgot-password
 * through the emailed link (read from the e2e server's outbox) to logging in
 * with the new password; the /signup and /safety-advice redirects; the news
 * page's subscribe form and its double opt-in (the confirmation email's link,
 * then its unsubscribe link).
 */
import { expect, test } from '@playwright/test';
import { NEWSLETTER_TEXTS, PASSWORD_RESET_TEXTS } from '@roomnest/shared';
import { logInThroughUi, registerAccount, toast, uniqueEmail } from '../support/app.ts';
import { emailsTo } from '../support/outbox.ts';

/**
 * The first match of `link` in the newest email to `to` that has one (a registration's verification email may
 * arrive before or after the one a test waits for), or null.
 */
function newestLink(to: string, link: RegExp): RegExpExecArray | null {
  for (const email of emailsTo(to).toReversed()) {
    const found = link.exec(email.text);
    if (found) return found;
  }
  return null;
}

/** The path and query of the newest link to `page` in the emails to `to`, or null. */
const linkIn = (to: string, page: string) => newestLink(to, new RegExp(`https?://[^\\s"<>/]+(${page}\\?token=[\\w.%-]+)`))?.[1] ?? null;

/** The newest reset link emailed to `to`. */
const resetLinkFor = (to: string): string | null => newestLink(to, /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w-]+/)?.[0] ?? null;

test.describe('password reset', () => {
  test('from /forgot-password through the outbox link to logging in with the new password', async ({ page, request }) => {
    const account = await registerAccount(request, 'Tenant', 'Reset Tester');
    const oldLogin = await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } });
    const oldToken = ((await oldLogin.json()) as { token: string }).token;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(account.email.toUpperCase());
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(PASSWORD_RESET_TEXTS.requested)).toBeVisible();

    // An unknown email gets the very same answer.
    await page.goto('/forgot-password');
    await page.getByRole('form', { name: 'Reset password' }).getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(PASSWORD_RESET_TEXTS.requested)).toBeVisible();

    let link: string | null = null;
    await expect.poll(() => (link = resetLinkFor(account.email)), { timeout: 10_000 }).not.toBeNull();
    const url = new URL(link!);
    expect(url.pathname).toBe('/reset-password');

    await page.goto(`${url.pathname}${url.search}`);
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel('New password', { exact: true }).fill('abc');
    await reset.getByLabel('Confirm new password').fill('abc');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(reset.getByText('Password must be at least 6 characters long.')).toBeVisible();
    await reset.getByLabel('New password', { exact: true }).fill('N3w-password!');
    await reset.getByLabel('Confirm new password').fill('N3w-password!');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page, PASSWORD_RESET_TEXTS.done)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The old password and the old session no longer work; the new password does.
    expect((await request.post('/api/auth/login', { data: { Email: account.email, Password: account.password } })).status()).toBe(401);
    expect((await request.get('/api/users/profile', { headers: { authorization: `Bearer ${oldToken}` } })).status()).toBe(401);
    await logInThroughUi(page, { email: account.email, password: 'N3w-password!' });
    await expect(toast(page, /Reset Tester/)).toBeVisible();

    // The link works once.
    await page.goto(`${url.pathname}${url.search}`);
    const again = page.getByRole('form', { name: 'Set a new password' });
    await again.getByLabel('New password', { exact: true }).fill('Another-1');
    await again.getByLabel('Confirm new password').fill('Another-1');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(PASSWORD_RESET_TEXTS.invalidToken)).toBeVisible();
  });
});

test.describe('redirects of the original design’s dead links', () => {
  test('/signup goes to registration and /safety-advice to the safety page', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
    await page.goto('/safety-advice');
    await expect(page).toHaveURL(/\/safety$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('newsletter', () => {
  test('signing up asks to confirm by email; the emailed link confirms once, its unsubscribe link forgets the address', async ({ page }) => {
    const email = uniqueEmail('news');
    const signUp = async (address: string) => {
      await page.goto('/news');
      const section = page.getByRole('region', { name: 'Get RoomNest news by email' });
      await section.getByLabel('Email address').fill(address);
      await section.getByRole('button', { name: 'Subscribe' }).click();
      await expect(section.getByRole('status')).toHaveText('Thanks! Please check your inbox to confirm your subscription.');
    };
    await signUp(email);
    await expect.poll(() => linkIn(email, '/news/confirm-subscription'), { timeout: 10_000 }).not.toBeNull();
    const confirmLink = linkIn(email, '/news/confirm-subscription')!;

    await page.goto(confirmLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('status')).toHaveText(NEWSLETTER_TEXTS.confirmed);
    // The link works once; opened again it says so.
    await page.goto(confirmLink);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(main.getByRole('status')).toHaveText(NEWSLETTER_TEXTS.alreadyConfirmed);

    // Signing up again, subscribed, answers the same sentence.
    await signUp(email.toUpperCase());

    await page.goto(linkIn(email, '/news/unsubscribe')!);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(NEWSLETTER_TEXTS.unsubscribed);
    await page.goto(confirmLink);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(main.getByRole('alert')).toHaveText(NEWSLETTER_TEXTS.confirmInvalid);
  });
});
