/**
 * Rate limits as people meet them, with the server's real limits:
 * after RATE_LIMIT_LOGIN (10) failed logins for one email from one address,
 * the login screen shows the server's 429 sentence, even for the right password.
 */
import { expect, test } from '@playwright/test';
import { RATE_LIMIT_TEXTS } from '@roomnest/shared';
import { logInThroughUi, registerAccount } from '../support/app.ts';

test('after 10 failed logins the login screen says how long to wait, and the right password waits too', async ({ page, request }) => {
  const account = await registerAccount(request, 'Tenant', 'Rate Limited');
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/auth/login', { data: { Email: account.email, Password: `wrong-${i}` } });
    expect(res.status()).toBe(401);
  }
  const limited = await request.post('/api/auth/login', { data: { Email: account.email, Password: 'wrong-again' } });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(800);

  await logInThroughUi(page, account);
  await expect(page.getByRole('alert').filter({ hasText: RATE_LIMIT_TEXTS.login('15 minutes') })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
