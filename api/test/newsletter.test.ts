/** POST /api/newsletter/subscriptions: new, repeated (any letter case), racing and invalid emails. */
import { NEWSLETTER_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, uniqueEmail, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('newsletter on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  const subscribe = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload: payload as object, headers });
  const stored = async (email: string) =>
    (await ctx.db.selectFrom('newsletter_subscriptions').select('email').execute()).filter((r) => r.email.toLowerCase() === email.toLowerCase());

  it('stores a new email once: 201, then 200 "already subscribed" in any letter case', async () => {
    const email = uniqueEmail('news');
    const first = await subscribe({ Email: email });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: NEWSLETTER_TEXTS.subscribed });
    for (const again of [email, email.toUpperCase(), `  ${email}  `]) {
      const res = await subscribe({ Email: again });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: NEWSLETTER_TEXTS.alreadySubscribed });
    }
    expect(await stored(email)).toEqual([{ email }]);
  });

  it('twenty subscriptions of one address at once store it once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => subscribe({ Email: i % 2 ? email.toUpperCase() : email })));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(await stored(email)).toHaveLength(1);
  });

  it.each([
    [{ Email: 'not-an-email' }],
    [{ Email: '' }],
    [{}],
    [{ Email: 42 }],
    [{ Email: `${'a'.repeat(250)}@example.com` }],
  ])('answers 400 for %j', async (payload) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('Email');
  });

  it('answers 415 for a form body and 400 for malformed JSON', async () => {
    const form = await ctx.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload: 'Email=a@b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const broken = await ctx.inject({ method: 'POST', url: '/api/newsletter/subscriptions', payload: '{"Email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
  });
});
