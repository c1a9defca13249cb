/**
 * Verified email: registration answers as before and queues exactly one verification email (the outbox), its link
 * confirms the address once (a second use says so), tampered, other people's, expired and out-of-date links fail
 * with a clear sentence, the resend's rules and its limit per hour, and the Email verified fields on every object
 * that carries them, false before and true after.
 */
import { join } from 'node:path';
import { API_TEXTS, VERIFY_EMAIL_TTL_DAYS, VERIFY_RESEND_MAX_PER_HOUR, VERIFY_TEXTS } from '@roomnest/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationEmail } from '../src/features/email-verification/email.ts';
import { verificationToken } from '../src/features/email-verification/tokens.ts';
import { emailLinks, readOutbox } from './email-support.ts';
import { insertListing } from './listings-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, TEST_TOKEN_SECRET, uniqueEmail, type TestContext } from './support.ts';

const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
/** Every Email verified field the mark test reads, all with one value. */
const everyField = (value: boolean) => ({ search: value, detail: value, mine: value, saved: value, conversation: value, partner: value, flatmate: value, landlordsConversation: value, profile: value });

describe('the verification email', () => {
  const link = 'https://roomnest.test/verify-email?token=1.2.abc';

  it('says what to do in both parts, with the one link, and no unsubscribe headers', () => {
    const email = verificationEmail('sam@example.co.uk', 'Sam Carter', link);
    expect(email.subject).toBe(VERIFY_TEXTS.emailSubject);
    expect(email.text).toContain('Confirm your email address');
    expect(email.text).toContain('Hello Sam Carter,');
    expect(email.text).toContain(`Confirm your email address: ${link}`);
    expect(email.text).toContain(`${VERIFY_EMAIL_TTL_DAYS} days`);
    expect(email.html).toContain('<html lang="en-GB">');
    expect(email.html).toContain(`href="${link}"`);
    expect(email.headers).toBeUndefined();
  });

  it('cannot be given markup or a link by a name', () => {
    const email = verificationEmail('sam@example.co.uk', '<b>Sam</b> https://evil.test', link);
    expect(email.text).not.toContain('evil.test');
    expect(email.html).not.toContain('evil.test');
    expect(verificationEmail('sam@example.co.uk', '<b>Sam</b>', link).html).toContain('Hello &lt;b&gt;Sam&lt;/b&gt;,');
  });
});

describe.each(TEST_DATABASES)('email verification on $name', (database) => {
  let ctx: TestContext;
  let clock = new Date('2026-03-02T09:00:00Z');
  const outbox = () => join(ctx.config.dataDir, 'outbox');
  const verify = (Token: unknown) => ctx.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { Token } });
  const resend = (token: string) => ctx.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: bearer(token) });

  beforeAll(async () => {
    ctx = await createTestContext(database, undefined, { now: () => clock });
  });
  afterAll(() => ctx?.close());

  async function register(name = 'Nadia Okonkwo', UserType: 'Tenant' | 'Landlord' = 'Tenant') {
    const email = uniqueEmail('verify');
    const password = 'Correct-Horse-9';
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/register', payload: { Name: name, Email: email, Password: password, UserType } });
    expect(res.statusCode).toBe(201);
    return { email, password, id: res.json<{ userId: number }>().userId, answer: res.json() };
  }

  /** The token of each verification link emailed to `email`, oldest first. */
  const linksTo = (email: string) =>
    readOutbox(outbox(), email).flatMap((mail) => emailLinks(mail).filter((link) => link.includes('/verify-email?token=')));

  it('registers exactly as before (201, no login) and queues one email that the queue sends, with a working link', async () => {
    const user = await register();
    expect(user.answer).toEqual({ message: API_TEXTS.registered, userId: user.id });
    expect(Object.keys(user.answer)).not.toContain('token');
    // Queued with the account, sent by the queue: nothing in the outbox before the job runs.
    expect(readOutbox(outbox(), user.email)).toHaveLength(0);
    const jobs = await ctx.db.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', 'verify-email').execute();
    expect(jobs.filter((j) => (j.payload as { userId?: number }).userId === user.id)).toHaveLength(1);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const emails = readOutbox(outbox(), user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(VERIFY_TEXTS.emailSubject);
    expect(emails[0]!.body).toContain('Hello Nadia Okonkwo,');
    const links = linksTo(user.email);
    expect(links.length).toBeGreaterThanOrEqual(1);
    expect(new Set(links).size).toBe(1);
    expect(links[0]).toMatch(/^http:\/\/localhost:8080\/verify-email\?token=/);

    const token = await login(ctx, user);
    const before = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
    expect(before.json().user.emailVerified).toBe(false);

    const first = await verify(tokenOf(links[0]!));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: VERIFY_TEXTS.verified, userId: user.id });
    const row = await ctx.db.selectFrom('users').select('email_verified_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at?.toISOString()).toBe(clock.toISOString());
    // A second use of the same link: already confirmed, and nothing moves.
    const again = await verify(tokenOf(links[0]!));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: VERIFY_TEXTS.alreadyVerified, userId: user.id });
    const after = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
    expect(after.json().user.emailVerified).toBe(true);
    // Nothing to resend now.
    const nothing = await resend(token);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toEqual({ message: VERIFY_TEXTS.alreadyVerified, emailVerified: true });
  });

  it('refuses tampered, malformed, foreign and out-of-date links with a clear sentence, and confirms nothing', async () => {
    const user = await createUser(ctx.db, { name: 'Tamper Target' });
    const other = await createUser(ctx.db, { name: 'Someone Else' });
    const good = verificationToken(TEST_TOKEN_SECRET, user.id, user.email, new Date(clock.getTime() + DAY_MS));
    const [id, expires, sig] = good.split('.') as [string, string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      `${id}.${expires}.${flipped}`,
      // Another person's id with this signature, and a longer life with it.
      `${other.id}.${expires}.${sig}`,
      `${id}.${Number(expires) + 86_400}.${sig}`,
      // Signed with another secret.
      verificationToken(new TextEncoder().encode('another-secret-0123456789abcdef-xyz'), user.id, user.email, new Date(clock.getTime() + DAY_MS)),
      // Signed for another address (the account's address changed since).
      verificationToken(TEST_TOKEN_SECRET, user.id, 'old-address@example.co.uk', new Date(clock.getTime() + DAY_MS)),
      // An account that does not exist.
      verificationToken(TEST_TOKEN_SECRET, 2_000_000_000, 'ghost@example.co.uk', new Date(clock.getTime() + DAY_MS)),
      'not-a-token',
      `${id}.${expires}`,
      `0.${expires}.${sig}`,
    ];
    for (const token of bad) {
      const res = await verify(token);
      expect({ token, status: res.statusCode }).toEqual({ token, status: 400 });
      expect(res.json()).toEqual({ message: VERIFY_TEXTS.invalidToken });
    }
    for (const token of ['', '   ', null, 42, 'x'.repeat(201)]) {
      const res = await verify(token);
      expect({ token, status: res.statusCode }).toEqual({ token, status: 400 });
      expect(res.json().message).toMatch(/link/);
    }
    const missing = await ctx.inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
    expect(missing.statusCode).toBe(400);
    const rows = await ctx.db.selectFrom('users').select('email_verified_at').where('id', 'in', [user.id, other.id]).execute();
    expect(rows.every((r) => r.email_verified_at === null)).toBe(true);
    // The genuine one works.
    expect((await verify(good)).json()).toEqual({ message: VERIFY_TEXTS.verified, userId: user.id });
  });

  it('lets a link work for its days and then says it has expired, unless the address is confirmed already', async () => {
    const user = await createUser(ctx.db, { name: 'Late Opener' });
    const expiresAt = new Date(clock.getTime() + VERIFY_EMAIL_TTL_DAYS * DAY_MS);
    const token = verificationToken(TEST_TOKEN_SECRET, user.id, user.email, expiresAt);
    const start = clock;
    try {
      clock = new Date(expiresAt.getTime() + 1000);
      const late = await verify(token);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ message: VERIFY_TEXTS.expired });
      clock = new Date(expiresAt.getTime() - 1000);
      expect((await verify(token)).json()).toEqual({ message: VERIFY_TEXTS.verified, userId: user.id });
      clock = new Date(expiresAt.getTime() + DAY_MS);
      expect((await verify(token)).json()).toEqual({ message: VERIFY_TEXTS.alreadyVerified, userId: user.id });
    } finally {
      clock = start;
    }
  });

  it('writes links that expire VERIFY_EMAIL_TTL_DAYS after the email is sent', async () => {
    const user = await register('Link Life');
    await ctx.app.jobs.runDue();
    const token = tokenOf(linksTo(user.email)[0]!);
    const expires = Number(token.split('.')[1]);
    expect(expires * 1000).toBe(clock.getTime() + VERIFY_EMAIL_TTL_DAYS * DAY_MS);
  });

  it('resends only for a logged-in person, at most VERIFY_RESEND_MAX_PER_HOUR an hour, each a new email', async () => {
    expect((await ctx.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(401);
    const user = await register('Resend Rita');
    const token = await login(ctx, user);
    await ctx.app.jobs.runDue();
    expect(readOutbox(outbox(), user.email)).toHaveLength(1);
    const start = clock;
    try {
      for (let i = 0; i < VERIFY_RESEND_MAX_PER_HOUR; i++) {
        clock = new Date(start.getTime() + i * 60_000);
        const res = await resend(token);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: VERIFY_TEXTS.resent, emailVerified: false });
      }
      await ctx.app.jobs.runDue();
      expect(readOutbox(outbox(), user.email)).toHaveLength(1 + VERIFY_RESEND_MAX_PER_HOUR);
      clock = new Date(start.getTime() + 30 * 60_000);
      const refused = await resend(token);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: VERIFY_TEXTS.resendTooMany });
      // The first resend leaves the window 30 minutes later.
      expect(Number(refused.headers['retry-after'])).toBe(30 * 60);
      await ctx.app.jobs.runDue();
      expect(readOutbox(outbox(), user.email)).toHaveLength(1 + VERIFY_RESEND_MAX_PER_HOUR);
      // An hour after the first resend, one more is allowed.
      clock = new Date(start.getTime() + HOUR_MS + 1000);
      expect((await resend(token)).statusCode).toBe(202);
      expect((await resend(token)).statusCode).toBe(429);
      // Every link sent still confirms (the older ones have not expired).
      await ctx.app.jobs.runDue();
      const links = linksTo(user.email);
      expect(new Set(links).size).toBeGreaterThanOrEqual(2);
      expect((await verify(tokenOf(links[0]!))).json().message).toBe(VERIFY_TEXTS.verified);
    } finally {
      clock = start;
    }
  });

  it('sends nothing when the address is confirmed or changed before the job runs', async () => {
    const confirmed = await register('Quick Confirmer');
    await ctx.db.updateTable('users').set({ email_verified_at: clock }).where('id', '=', confirmed.id).execute();
    const changed = await register('Address Changer');
    const newAddress = uniqueEmail('changed');
    await ctx.db.updateTable('users').set({ email: newAddress }).where('id', '=', changed.id).execute();
    await ctx.app.jobs.runDue();
    expect(readOutbox(outbox(), confirmed.email)).toHaveLength(0);
    expect(readOutbox(outbox(), changed.email)).toHaveLength(0);
    expect(readOutbox(outbox(), newAddress)).toHaveLength(0);
  });

  it('carries the mark in every object: profile, flatmate card, listings (search, detail, mine, saved) and conversations', async () => {
    const landlord = await createUser(ctx.db, { name: 'Mark Landlord', userType: 'Landlord', plan: 'Premium' });
    const tenant = await createUser(ctx.db, { name: 'Mark Tenant', plan: 'Premium' });
    const landlordToken = await login(ctx, landlord);
    const tenantToken = await login(ctx, tenant);
    const listingId = await insertListing(ctx.db, landlord.id, { title: 'Mark test room', city: 'Verifyton' });
    await ctx.db.updateTable('users').set({ is_actively_looking: true, preferred_locations: 'Verifyton' }).where('id', '=', tenant.id).execute();
    expect((await ctx.inject({ method: 'PUT', url: `/api/saved-listings/${listingId}`, headers: bearer(tenantToken) })).statusCode).toBeLessThan(300);
    const sent = await ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(tenantToken), payload: { ReceiverID: landlord.id, MessageContent: 'Is the room free?' } });
    expect(sent.statusCode).toBe(201);

    const get = async (url: string, token?: string) => {
      const res = await ctx.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      return res.json();
    };
    const read = async () => {
      const search = await get('/api/listings?city=Verifyton');
      const flatmates = await get('/api/users/flatmate-search?preferred_locations=Verifyton');
      const detail = await get(`/api/listings/${listingId}`);
      const mine = await get('/api/listings/my-listings', landlordToken);
      const saved = await get('/api/saved-listings', tenantToken);
      const conversations = await get('/api/messages/my-conversations', tenantToken);
      const landlordsConversations = await get('/api/messages/my-conversations', landlordToken);
      const profile = await get('/api/users/profile', landlordToken);
      const partner = await get(`/api/messages/partner/${landlord.id}`, tenantToken);
      return {
        search: search.listings.find((l: { ListingID: number }) => l.ListingID === listingId).LandlordEmailVerified,
        detail: detail.LandlordEmailVerified,
        mine: mine.listings.find((l: { ListingID: number }) => l.ListingID === listingId).LandlordEmailVerified,
        saved: saved.listings.find((l: { ListingID: number }) => l.ListingID === listingId).LandlordEmailVerified,
        conversation: conversations.find((c: { PartnerID: number }) => c.PartnerID === landlord.id).PartnerEmailVerified,
        flatmate: flatmates.profiles.find((p: { UserID: number }) => p.UserID === tenant.id).EmailVerified,
        landlordsConversation: landlordsConversations.find((c: { PartnerID: number }) => c.PartnerID === tenant.id).PartnerEmailVerified,
        profile: profile.EmailVerified,
        partner: partner.EmailVerified,
      };
    };
    expect(await read()).toEqual(everyField(false));
    for (const person of [landlord, tenant]) {
      const token = verificationToken(TEST_TOKEN_SECRET, person.id, person.email, new Date(clock.getTime() + DAY_MS));
      expect((await verify(token)).statusCode).toBe(200);
    }
    expect(await read()).toEqual(everyField(true));
  });
});
