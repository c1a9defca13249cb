/**
 * Rate limits hold across instances: failed logins spread round robin over both instances by the load balancer
 * count against one limit (RATE_LIMIT_LOGIN, 10 in 15 minutes, kept in PostgreSQL), so the 11th attempt is refused
 * whichever instance answers it, and the client is known by the address the load balancer forwards (TRUST_PROXY).
 */
import { expect, test } from '@playwright/test';
import { RATE_LIMIT_TEXTS } from '@roomnest/shared';
import { registerAccount } from '../support/app.ts';
import { instanceOf, instancesSetup, pinTo } from './support.ts';

test('login failures spread over both instances hit 429 at the configured limit, on either instance', async ({ request }) => {
  const account = await registerAccount(request, 'Tenant', 'Rita Ratelimit');
  const answeredBy = new Set<string | undefined>();
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/auth/login', { data: { Email: account.email, Password: `wrong-${i}` } });
    expect(res.status()).toBe(401);
    answeredBy.add(instanceOf(res));
  }
  // The load balancer spread them: each instance alone saw fewer than the limit.
  expect([...answeredBy].sort()).toEqual(['a', 'b']);

  for (const instance of ['a', 'b'] as const) {
    const limited = await request.post('/api/auth/login', { headers: pinTo(instance), data: { Email: account.email, Password: account.password } });
    expect(limited.status()).toBe(429);
    expect(instanceOf(limited)).toBe(instance);
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(800);
    expect(await limited.json()).toEqual({ message: RATE_LIMIT_TEXTS.login('15 minutes') });
  }
  // Straight to each instance's own port, with no load balancer in between: refused too (the count is the database's).
  for (const { port } of instancesSetup().instances) {
    const direct = await request.post(`http://127.0.0.1:${port}/api/auth/login`, { data: { Email: account.email, Password: account.password } });
    expect(direct.status()).toBe(429);
  }
});
