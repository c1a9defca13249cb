import { expect, test } from '@playwright/test';
import { TEXTS, TOAST } from '@roomnest/shared';
import { DEMO_ACCOUNTS, expiredTokenFor, logInThroughUi, logInWithStorage, mainNav, registerAccount, storedSession, toast, uniqueEmail } from '../support/app.ts';

test.describe('registration', () => {
  test('shows each validation message, then registers a tenant without logging in', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await expect(form.getByRole('radio', { name: /Tenant/ })).toBeChecked();
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');

    await form.getByLabel('Full name').fill('Grace Tenant');
    await form.getByLabel('Email').fill(uniqueEmail('grace'));
    await form.getByLabel('Password', { exact: true }).fill('abc');
    await form.getByLabel('Confirm password').fill('abd');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText(TEXTS.passwordTooShort)).toBeVisible();
    await expect(form.getByText(TEXTS.passwordsDoNotMatch)).toBeVisible();

    await form.getByLabel('Password', { exact: true }).fill('abcdef1');
    await form.getByLabel('Confirm password').fill('abcdef1');
    await expect(form.getByText(TEXTS.passwordTooShort)).toBeHidden();
    await expect(form.getByText(TEXTS.passwordsDoNotMatch)).toBeHidden();
    await form.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/pricing\?signup=true$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('requires a name and a valid email, and registers a landlord', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText(TEXTS.nameRequired)).toBeVisible();
    await expect(form.getByText(TEXTS.emailRequired)).toBeVisible();

    const email = uniqueEmail('lord');
    await form.getByLabel('Full name').fill('Larry Landlord');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill('abcdef1');
    await form.getByLabel('Confirm password').fill('abcdef1');
    await form.getByRole('radio', { name: /Landlord/ }).check();
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/pricing\?signup=true$/);

    await logInThroughUi(page, { email, password: 'abcdef1' });
    await expect(mainNav(page).getByRole('link', { name: 'List Your Ad' })).toBeVisible();
  });

  test("shows the server's message for an email already registered", async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Full name').fill('Second Amelia');
    await form.getByLabel('Email').fill(DEMO_ACCOUNTS.tenant.email.toUpperCase());
    await form.getByLabel('Password', { exact: true }).fill('abcdef1');
    await form.getByLabel('Confirm password').fill('abcdef1');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('An account with this email already exists.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the email-taken message sits at the Email field and goes once the email is changed', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByRole('form', { name: 'Register' });
    const email = form.getByLabel('Email');
    await form.getByLabel('Full name').fill('Second Amelia');
    await email.fill(DEMO_ACCOUNTS.tenant.email);
    await form.getByLabel('Password', { exact: true }).fill('abcdef1');
    await form.getByLabel('Confirm password').fill('abcdef1');
    await form.getByRole('button', { name: 'Register' }).click();
    const taken = page.getByText('An account with this email already exists.');
    await expect(taken).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('An account with this email already exists.');

    await email.pressSequentially('x');
    await expect(taken).toBeHidden();
    await expect(email).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('login and session', () => {
  test('greets the user for 4 seconds and lands on /pricing', async ({ page }) => {
    await page.goto('/login');
    const started = Date.now();
    await logInThroughUi(page, DEMO_ACCOUNTS.tenant);
    const greeting = toast(page, TEXTS.loginGreeting(DEMO_ACCOUNTS.tenant.name));
    await expect(greeting).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    const stored = await storedSession(page);
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ name: DEMO_ACCOUNTS.tenant.name, userType: 'Tenant' });
    // Still there after the app-level 3000 ms, gone after its own 4000 ms.
    await page.waitForTimeout(Math.max(0, started + 3300 - Date.now()));
    await expect(greeting).toBeVisible();
    await expect(greeting).toBeHidden({ timeout: TOAST.loginGreetingMs + 2000 });
  });

  test('a wrong password shows the server message and keeps the user logged out', async ({ page }) => {
    await logInThroughUi(page, { email: DEMO_ACCOUNTS.tenant.email, password: 'wrong-password' });
    await expect(page.getByText('Invalid email or password.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await storedSession(page)).token).toBeNull();
  });

  test('login requires both fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(TEXTS.emailRequired)).toBeVisible();
    await expect(page.getByText(TEXTS.passwordRequired)).toBeVisible();
  });

  test('the session survives a reload and Log Out clears it', async ({ page, request }) => {
    const account = await registerAccount(request, 'Tenant', 'Reload Tester');
    await logInThroughUi(page, account);
    await expect(page).toHaveURL(/\/pricing$/);
    await page.reload();
    await expect(mainNav(page).getByRole('button', { name: 'Log Out' })).toBeVisible();

    await mainNav(page).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await expect(mainNav(page).getByRole('link', { name: 'Register' })).toBeVisible();
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a corrupt stored user is cleared silently', async ({ page }) => {
    await page.goto('/pricing');
    await page.evaluate(() => {
      localStorage.setItem('authToken', 'some-token');
      localStorage.setItem('currentUser', '{not json');
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedSession(page)).toEqual({ token: null, user: null });
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a 401 with an expired token: toast, /login replacing history, and back after logging in', async ({ page, request }) => {
    const account = await registerAccount(request, 'Tenant', 'Expiry Tester');
    const { user } = await logInWithStorage(page, request, account, '/pricing');
    await page.goto('/blog');
    const expired = await expiredTokenFor(user);
    await page.evaluate((token) => localStorage.setItem('authToken', token), expired);
    // Restored with the expired token: the first authenticated call (the unread count) answers 401.
    await page.goto('/my-flatmate-profile');
    await expect(toast(page, TEXTS.sessionExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual({ token: null, user: null });

    // History was replaced: Back does not return to the expired page.
    await page.goBack();
    await expect(page).toHaveURL(/\/blog$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/login$/);

    await logInThroughUi(page, account);
    await expect(page).toHaveURL(/\/my-flatmate-profile$/);
  });
});
