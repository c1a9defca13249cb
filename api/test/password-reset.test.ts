/** Password reset: the same answer for any email, the outbox email and its link, single use, expiry, sessions signed out. */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { API_TEXTS, PASSWORD_RESET_TEXTS, TEXTS } from '@roomnest/shared';
import { sql } from 'kysely';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Email, Mailer } from '../src/features/password-reset/mailer.ts';
import { resetEmail } from '../src/features/password-reset/routes.ts';
import { bearer, createTestContext, createUser, login, makeDataDir, TEST_DATABASES, uniqueEmail, type TestContext } from './support.ts';

/** A promise and the function that settles it. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** What an email's text part looks like line by line, and its HTML part. */
describe('the reset email', () => {
  const link = 'https://roomnest.test/reset-password?token=abc';

  it('greets the account by name on one line', () => {
    expect(resetEmail('Nadia Okonkwo', link).text.split('\n')[0]).toBe('Hello Nadia Okonkwo,');
  });

  it('cannot be given lines, links or markup by a name stored before names were checked', () => {
    const forged = resetEmail('Sam\r\n\r\nYour account is locked.\u2028Verify now\u202e', link);
    expect(forged.text.split('\n').slice(0, 2)).toEqual(['Hello Sam Your account is locked. Verify now,', '']);
    expect(forged.text).not.toMatch(/\r|\u2028|\u202e/);
    const withLink = resetEmail('Sam\n\nYour account is locked. Verify now: https://evil.test/login', link);
    expect(withLink.text.startsWith('Hello,\n\nSomeone (we hope you)')).toBe(true);
    expect(withLink.text).not.toContain('evil.test');
    expect(withLink.html).not.toContain('evil.test');
    const markup = resetEmail('<a href="x">Sam</a> & \'co\'', link);
    expect(markup.html).toContain('<p>Hello &lt;a href=&quot;x&quot;&gt;Sam&lt;/a&gt; &amp; &#39;co&#39;,</p>');
    expect(markup.html.match(/<a /g)).toHaveLength(1);
  });
});

describe.each(TEST_DATABASES)('password reset on $name', (database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(database);
  });
  afterAll(() => ctx?.close());

  const outbox = () => join(ctx.config.dataDir, 'outbox');
  const outboxFiles = () => (existsSync(outbox()) ? readdirSync(outbox()).filter((f) => f.endsWith('.eml')).sort() : []);
  const requestReset = (Email: string) => ctx.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { Email } });
  const confirm = (Token: string, Password: string) => ctx.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { Token, Password } });

  /** Asks for a reset and answers the email written to the outbox and the token of its link. */
  async function resetEmailFor(email: string): Promise<{ eml: string; link: string; token: string }> {
    const before = new Set(outboxFiles());
    const res = await requestReset(email);
    expect(res.statusCode).toBe(202);
    await ctx.app.background.idle();
    const added = outboxFiles().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const file = added[0]!;
    expect(file).toMatch(/\.eml$/);
    const eml = readFileSync(join(outbox(), file), 'utf8');
    // Quoted-printable may fold the link: unfold soft line breaks first.
    const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /http:\/\/localhost:8080\/reset-password\?token=[\w-]+/.exec(body)?.[0];
    if (!link) throw new Error(`no link in ${file} (${eml.length} characters): ${JSON.stringify(eml.slice(0, 300))}`);
    return { eml, link, token: new URL(link).searchParams.get('token')! };
  }

  it('answers the same 202 for an account, an unknown email and another letter case, and emails only the account', async () => {
    const user = await createUser(ctx.db, { name: 'Reset Me' });
    const before = outboxFiles().length;
    const answers = await Promise.all([requestReset(user.email), requestReset(uniqueEmail('nobody')), requestReset(user.email.toUpperCase())]);
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_TEXTS.requested });
    }
    await ctx.app.background.idle();
    expect(outboxFiles().length).toBe(before + 2);
  });

  it('answers before any work that depends on the email: with the database and the mail transport held, an account and an unknown email both get their answer at once', async () => {
    // Every database answer and every email is held until the test lets it go: an answer that waited for the
    // account lookup, the token or the email could not arrive (it took twice as long for accounts before).
    let holding = false;
    const queries = latch();
    const mail = latch();
    const gate: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (holding) await queries.opened;
        return args.result;
      },
    };
    const sent: Email[] = [];
    const mailer: Mailer = {
      async send(email) {
        sent.push(email);
        await mail.opened;
        return 'held';
      },
    };
    const config = makeDataDir();
    // Without its rate limits, whose counters are in the database too (one statement whatever the email, so they tell
    // nothing of it; PGlite's one connection would be held with the rest): what is proven is that the route's own work waits.
    const app = await buildApp({ db: ctx.db.withPlugin(gate), config: { ...config, rateLimits: { passwordReset: null, passwordResetIp: null } }, mailer });
    await app.ready();
    try {
      const user = await createUser(ctx.db);
      holding = true;
      const ask = (Email: string) => app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { Email } });
      const answers = await Promise.race([
        Promise.all([ask(user.email), ask(uniqueEmail('nobody'))]),
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('no answer while the database and the mail transport were held')), 5000)),
      ]);
      expect(answers.map((res) => [res.statusCode, res.json()])).toEqual([
        [202, { message: PASSWORD_RESET_TEXTS.requested }],
        [202, { message: PASSWORD_RESET_TEXTS.requested }],
      ]);
      expect(answers[0]!.headers).toEqual({ ...answers[1]!.headers, date: answers[0]!.headers.date });
      expect(sent).toEqual([]);
      // Then the work runs: the account, and only the account, gets its email.
      queries.open();
      mail.open();
      await app.background.idle();
      expect(sent.map((email) => email.to)).toEqual([user.email]);
    } finally {
      queries.open();
      mail.open();
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('writes an email with a working link; the new password works, the old one and every old session do not', async () => {
    const user = await createUser(ctx.db, { name: 'Nadia Okonkwo', password: 'old-password' });
    const oldToken = await login(ctx, user);
    const { eml, link, token } = await resetEmailFor(user.email);
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toContain(`Subject: ${PASSWORD_RESET_TEXTS.emailSubject}`);
    expect(eml).toContain('Hello Nadia Okonkwo');
    expect(link).toMatch(/^http:\/\/localhost:8080\/reset-password\?token=/);
    // Only the hash is stored.
    const rows = await ctx.db.selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);

    const res = await confirm(token, 'brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_TEXTS.done });

    const old = await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: API_TEXTS.tokenInvalid });
    const oldLogin = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: 'old-password' } });
    expect(oldLogin.statusCode).toBe(401);
    const fresh = await login(ctx, { email: user.email, password: 'brand-new-password' });
    expect((await ctx.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(fresh) })).statusCode).toBe(200);

    // Single use.
    const again = await confirm(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_RESET_TEXTS.invalidToken });
  });

  it('using one link uses up the account’s other open links', async () => {
    const user = await createUser(ctx.db);
    const first = await resetEmailFor(user.email);
    const second = await resetEmailFor(user.email);
    expect((await confirm(second.token, 'second-password')).statusCode).toBe(200);
    expect((await confirm(first.token, 'first-password')).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx.db, { password: 'kept-password' });
    const { token } = await resetEmailFor(user.email);
    await sql`update password_reset_tokens set expires_at = now() - interval '1 second', created_at = now() - interval '61 minutes' where user_id = ${user.id}`.execute(ctx.db);
    const res = await confirm(token, 'too-late-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_TEXTS.invalidToken });
    await login(ctx, { email: user.email, password: 'kept-password' });
  });

  it('a link expires an hour after it is sent', async () => {
    const user = await createUser(ctx.db);
    await resetEmailFor(user.email);
    const row = await ctx.db
      .selectFrom('password_reset_tokens')
      .select(sql<number>`extract(epoch from (expires_at - created_at))`.as('seconds'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.seconds)).toBeGreaterThan(3590);
    expect(Number(row.seconds)).toBeLessThan(3610);
  });

  it('two uses of one link at once: one succeeds', async () => {
    const user = await createUser(ctx.db);
    const { token } = await resetEmailFor(user.email);
    const [a, b] = await Promise.all([confirm(token, 'password-one'), confirm(token, 'password-two')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
  });

  it.each([
    ['an unknown token', { Token: 'x'.repeat(43), Password: 'good-password' }, 400],
    ['no token', { Password: 'good-password' }, 400],
    ['a blank token', { Token: '  ', Password: 'good-password' }, 400],
    ['a short password', { Token: 'x'.repeat(43), Password: '123' }, 400],
    ['no password', { Token: 'x'.repeat(43) }, 400],
  ])('refuses %s with 400', async (_label, payload, status) => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload });
    expect(res.statusCode).toBe(status);
  });

  it('a short new password is refused and the link still works', async () => {
    const user = await createUser(ctx.db);
    const { token } = await resetEmailFor(user.email);
    const short = await confirm(token, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toEqual({ field: 'Password', message: 'Password must be at least 6 characters long.' });
    expect((await confirm(token, 'k3y-r1ng')).statusCode).toBe(200);
  });

  it.each([
    ['only spaces', '      ', TEXTS.passwordBlank],
    ['a common password', 'Qwerty123', TEXTS.passwordTooCommon],
  ])('a new password of %s is refused with its message and the link still works', async (_label, password, message) => {
    const user = await createUser(ctx.db, { password: 'kept-password' });
    const { token } = await resetEmailFor(user.email);
    const res = await confirm(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [{ field: 'Password', message }] });
    await login(ctx, { email: user.email, password: 'kept-password' });
    expect((await confirm(token, 'Sup3r-secret')).statusCode).toBe(200);
  });

  it.each([[{ Email: 'not-an-email' }], [{}]])('answers 400 for a malformed request %j', async (payload) => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/password-reset', payload });
    expect(res.statusCode).toBe(400);
  });

  it('a deleted account’s link no longer works', async () => {
    const user = await createUser(ctx.db);
    const { token } = await resetEmailFor(user.email);
    await ctx.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(await login(ctx, user)) });
    expect((await confirm(token, 'whatever-password')).statusCode).toBe(400);
  });
});
