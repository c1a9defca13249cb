/**
 * /api/moderation: the queue (order, what each report carries, at most one page, no query per report), resolving
 * (dismiss, remove the listing, suspend the person; once only; the rules of each), the restores and the audit log,
 * and that only moderators, read on every request, may call any of it.
 */
import { TRUST_TEXTS, type ModerationAuditPage, type ModerationReport } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_PAGE_SIZE } from '../src/features/moderation/repository.ts';
import { grantRole, listRoleHolders, revokeRole } from '../src/features/moderation/roles-repository.ts';
import { actor, insertListing, type Actor } from './listings-support.ts';
import { fileReport, moderator } from './moderation-support.ts';
import { bearer, createTestContext, createUser, login, TEST_DATABASES, type TestContext } from './support.ts';

describe.each(TEST_DATABASES)('moderation on $name', (database) => {
  let ctx: TestContext;
  let mod: Actor;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    mod = await moderator(ctx);
  });
  afterAll(() => ctx?.close());

  const call = (who: Actor | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    ctx.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
  const queue = async (status = 'open') => {
    const res = await call(mod, 'GET', `/api/moderation/reports?status=${status}`);
    expect(res.statusCode, `${res.body}`).toBe(200);
    return res.json<{ reports: ModerationReport[] }>().reports;
  };
  const resolve = (id: number, Action: string, Note = '', who: Actor = mod) => call(who, 'POST', `/api/moderation/reports/${id}/resolve`, { Action, Note });
  const audit = async (page = 1) => (await call(mod, 'GET', `/api/moderation/audit?page=${page}`)).json<ModerationAuditPage>();
  const clearQueue = () => ctx.db.deleteFrom('reports').execute();

  it('the roles repository grants (any letter case, once), lists and revokes; the login answer carries the roles', async () => {
    const user = await createUser(ctx.db, { name: 'Rae Roles' });
    expect(await grantRole(ctx.db, user.email.toUpperCase(), 'moderator')).toEqual({ userId: user.id, name: 'Rae Roles', email: user.email });
    expect(await grantRole(ctx.db, user.email, 'moderator')).toEqual({ userId: user.id, name: 'Rae Roles', email: user.email });
    expect(await grantRole(ctx.db, 'nobody@example.co.uk', 'moderator')).toBeNull();
    const holders = await listRoleHolders(ctx.db, 'moderator');
    expect(holders.map((h) => h.userId)).toEqual([mod.id, user.id]);
    expect(holders[1]!.grantedAt).toBeInstanceOf(Date);
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
    expect(res.json().user.roles).toEqual(['moderator']);
    expect(await revokeRole(ctx.db, user.email, 'moderator')).toBe(true);
    expect(await revokeRole(ctx.db, user.email, 'moderator')).toBe(false);
    expect(await revokeRole(ctx.db, 'nobody@example.co.uk', 'moderator')).toBe(false);
    const again = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { Email: user.email, Password: user.password } });
    expect(again.json().user.roles).toEqual([]);
  });

  it('a moderator whose role is taken loses every moderation call at once, with the same token', async () => {
    const user = await createUser(ctx.db);
    await grantRole(ctx.db, user.email, 'moderator');
    const token = await login(ctx, user);
    const who = { id: user.id, token };
    expect((await call(who, 'GET', '/api/moderation/reports')).statusCode).toBe(200);
    await revokeRole(ctx.db, user.email, 'moderator');
    const res = await call(who, 'GET', '/api/moderation/reports');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TRUST_TEXTS.moderatorsOnly);
  });

  it('tenants and landlords get 403 on every call, before their body is read; no token 401', async () => {
    const tenant = await actor(ctx, 'Tenant');
    const landlord = await actor(ctx, 'Landlord');
    for (const who of [tenant, landlord]) {
      for (const [method, url] of [
        ['GET', '/api/moderation/reports'],
        ['GET', '/api/moderation/audit'],
        ['POST', '/api/moderation/reports/1/resolve'],
        ['POST', '/api/moderation/listings/1/restore'],
        ['POST', '/api/moderation/users/1/restore'],
      ] as const) {
        const res = await call(who, method, url, method === 'POST' ? { Action: 'nonsense' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(TRUST_TEXTS.moderatorsOnly);
      }
    }
    expect((await call(null, 'GET', '/api/moderation/reports')).statusCode).toBe(401);
  });

  it('the queue: open reports oldest first with the listing as reported and now, the people, and other reports newest first', async () => {
    await clearQueue();
    const landlord = await actor(ctx, 'Landlord', 'Professional', 'Sam Scammer');
    const [a, b] = [await actor(ctx, 'Tenant', 'Free', 'Ann Reporter'), await actor(ctx, 'Tenant', 'Free', 'Ben Reporter')];
    const listing = await insertListing(ctx.db, landlord.id, { title: 'Cheap double', rent: 250 });
    const first = await fileReport(ctx, a, { TargetType: 'listing', TargetID: listing }, 'scam', 'Deposit first');
    const second = await fileReport(ctx, b, { TargetType: 'user', TargetID: landlord.id }, 'offensive');
    await sql`update reports set created_at = now() - interval '2 hours' where id = ${first}`.execute(ctx.db);
    await ctx.db.updateTable('listings').set({ status: 'Pending', title: 'Changed after' }).where('id', '=', listing).execute();

    const reports = await queue();
    expect(reports.map((r) => r.ReportID)).toEqual([first, second]);
    const [r1, r2] = reports as [ModerationReport, ModerationReport];
    expect(r1).toMatchObject({
      TargetType: 'listing',
      TargetID: listing,
      Reason: 'scam',
      Details: 'Deposit first',
      Source: 'listing',
      Status: 'open',
      Reporter: { UserID: a.id, Name: 'Ann Reporter' },
      ReportedUser: { UserID: landlord.id, Name: 'Sam Scammer', EmailVerified: false, SuspendedAt: null, SuspensionReason: null },
      ListingNow: { Status: 'Pending', RemovedAt: null },
      Conversation: null,
      Resolution: null,
    });
    expect(r1.Listing).toMatchObject({ ListingID: listing, Title: 'Cheap double', Rent: 250 });
    expect(r1.OtherReports).toEqual([{ ReportID: second, TargetType: 'user', Reason: 'offensive', Status: 'open', CreatedAt: r2.CreatedAt }]);
    expect(r2).toMatchObject({ TargetType: 'user', Source: 'flatmate', Listing: null, ListingNow: null });
    expect(r2.OtherReports.map((o) => o.ReportID)).toEqual([first]);
    expect(await queue('resolved')).toEqual([]);
  });

  it(`answers at most ${QUEUE_PAGE_SIZE} reports, each still with its person’s other reports`, async () => {
    await clearQueue();
    const reporter = await createUser(ctx.db);
    const people = await Promise.all(Array.from({ length: 3 }, () => createUser(ctx.db)));
    await ctx.db
      .insertInto('reports')
      .values(
        Array.from({ length: QUEUE_PAGE_SIZE + 5 }, (_, i) => ({
          reporter_id: reporter.id,
          target_type: 'user' as const,
          target_id: 1_000_000 + i,
          reported_user_id: people[i % 3]!.id,
          reason: 'spam' as const,
          source: 'flatmate' as const,
        })),
      )
      .execute();
    const reports = await queue();
    expect(reports).toHaveLength(QUEUE_PAGE_SIZE);
    expect(reports[0]!.OtherReports.length).toBeGreaterThan(10);
  });

  it('dismiss resolves the report and changes nothing else; a second resolve answers 409', async () => {
    await clearQueue();
    const tenant = await actor(ctx, 'Tenant');
    const landlord = await actor(ctx, 'Landlord');
    const listing = await insertListing(ctx.db, landlord.id);
    const id = await fileReport(ctx, tenant, { TargetType: 'listing', TargetID: listing });
    const res = await resolve(id, 'dismiss', 'Looks genuine');
    expect(res.statusCode, `${res.body}`).toBe(200);
    const body = res.json<{ message: string; report: ModerationReport }>();
    expect(body.message).toBe(TRUST_TEXTS.reportDismissed);
    expect(body.report).toMatchObject({ Status: 'resolved', Resolution: { Action: 'dismiss', Note: 'Looks genuine', ModeratorName: 'Mo Moderator' } });
    expect((await ctx.inject({ method: 'GET', url: `/api/listings/${listing}` })).statusCode).toBe(200);
    expect(await queue()).toEqual([]);
    expect((await queue('resolved')).map((r) => r.ReportID)).toEqual([id]);
    const again = await resolve(id, 'remove-listing');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRUST_TEXTS.reportAlreadyResolved);
  });

  it('two moderators resolving one report at once: one wins, the other gets 409', async () => {
    const other = await moderator(ctx, 'Other Moderator');
    const tenant = await actor(ctx, 'Tenant');
    const target = await actor(ctx, 'Tenant');
    const id = await fileReport(ctx, tenant, { TargetType: 'user', TargetID: target.id });
    const codes = (await Promise.all([resolve(id, 'dismiss', '', mod), resolve(id, 'dismiss', '', other)])).map((r) => r.statusCode).toSorted();
    expect(codes).toEqual([200, 409]);
    const { n } = await ctx.db.selectFrom('moderation_actions').select(sql<number>`count(*)::int`.as('n')).where('report_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it('remove-listing takes the room out of public view (its owner still sees it, marked removed), only for a listing report; restore brings it back', async () => {
    const tenant = await actor(ctx, 'Tenant');
    const landlord = await actor(ctx, 'Landlord');
    const listing = await insertListing(ctx.db, landlord.id, { title: 'Removed room' });
    const userReport = await fileReport(ctx, tenant, { TargetType: 'user', TargetID: landlord.id });
    const notListing = await resolve(userReport, 'remove-listing');
    expect(notListing.statusCode).toBe(400);
    expect(notListing.json().message).toBe(TRUST_TEXTS.reportNotListing);

    const id = await fileReport(ctx, tenant, { TargetType: 'listing', TargetID: listing });
    const res = await resolve(id, 'remove-listing', 'Fake photos');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TRUST_TEXTS.listingRemoved);
    expect(res.json().report.ListingNow.RemovedAt).toEqual(expect.any(String));
    expect((await ctx.inject({ method: 'GET', url: `/api/listings/${listing}` })).statusCode).toBe(404);
    expect((await call(tenant, 'GET', `/api/listings/${listing}`)).statusCode).toBe(404);
    expect((await call(landlord, 'GET', `/api/listings/${listing}`)).statusCode).toBe(200);
    const mine = (await call(landlord, 'GET', '/api/listings/my-listings')).json<{ listings: { ListingID: number; RemovedAt: string | null }[] }>().listings;
    expect(mine.find((l) => l.ListingID === listing)!.RemovedAt).toEqual(expect.any(String));
    // The owner cannot put it back: it stays hidden whatever its status, and renewing says why.
    await ctx.db.updateTable('listings').set({ expires_at: sql<Date>`now() + interval '1 day'` }).where('id', '=', listing).execute();
    const renew = await call(landlord, 'POST', `/api/listings/${listing}/renew`);
    expect(renew.statusCode).toBe(409);
    expect(renew.json().message).toBe(TRUST_TEXTS.removedNoRenew);

    const restore = await call(mod, 'POST', `/api/moderation/listings/${listing}/restore`, { Note: 'Owner proved it' });
    expect(restore.statusCode).toBe(200);
    expect(restore.json().message).toBe(TRUST_TEXTS.listingRestored);
    expect((await ctx.inject({ method: 'GET', url: `/api/listings/${listing}` })).statusCode).toBe(200);
    const twice = await call(mod, 'POST', `/api/moderation/listings/${listing}/restore`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TRUST_TEXTS.listingNotRemoved);
    const unknown = await call(mod, 'POST', '/api/moderation/listings/2000000000/restore', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TRUST_TEXTS.listingMissing);
  });

  it('a listing deleted by its owner after the report: the report still shows it as reported, and can be resolved', async () => {
    const tenant = await actor(ctx, 'Tenant');
    const landlord = await actor(ctx, 'Landlord');
    const listing = await insertListing(ctx.db, landlord.id, { title: 'Gone soon' });
    const id = await fileReport(ctx, tenant, { TargetType: 'listing', TargetID: listing });
    await ctx.db.deleteFrom('listings').where('id', '=', listing).execute();
    const entry = (await queue()).find((r) => r.ReportID === id)!;
    expect(entry.Listing).toMatchObject({ Title: 'Gone soon' });
    expect(entry.ListingNow).toBeNull();
    expect((await resolve(id, 'remove-listing', 'Gone anyway')).statusCode).toBe(200);
  });

  it('suspend-user needs a Note; a moderator cannot suspend themselves or another moderator', async () => {
    const tenant = await actor(ctx, 'Tenant');
    const target = await actor(ctx, 'Tenant');
    const id = await fileReport(ctx, tenant, { TargetType: 'user', TargetID: target.id });
    const noNote = await resolve(id, 'suspend-user', '   ');
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toContain(TRUST_TEXTS.suspendReasonRequired);

    const aboutMe = await fileReport(ctx, tenant, { TargetType: 'user', TargetID: mod.id });
    const self = await resolve(aboutMe, 'suspend-user', 'Me');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(TRUST_TEXTS.suspendSelf);
    const colleague = await moderator(ctx, 'Colleague');
    const aboutColleague = await fileReport(ctx, tenant, { TargetType: 'user', TargetID: colleague.id });
    const other = await resolve(aboutColleague, 'suspend-user', 'Them');
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(TRUST_TEXTS.suspendModerator);
    // Nothing was written for the refused actions.
    expect((await queue()).map((r) => r.ReportID)).toEqual(expect.arrayContaining([id, aboutMe, aboutColleague]));
  });

  it('bad input: 400 for a bad id, action, status or page; 404 for an unknown report', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/moderation/reports/abc/resolve', { Action: 'dismiss' }],
      ['POST', '/api/moderation/reports/1/resolve', { Action: 'ban' }],
      ['POST', '/api/moderation/reports/1/resolve', { Action: 'dismiss', Note: 'x'.repeat(1001) }],
      ['GET', '/api/moderation/reports?status=closed', undefined],
      ['GET', '/api/moderation/audit?page=0', undefined],
      ['POST', '/api/moderation/users/0/restore', {}],
    ] as const) {
      const res = await call(mod, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const unknown = await resolve(2_000_000_000, 'dismiss');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TRUST_TEXTS.reportMissing);
  });

  it('the audit log: every action with who, when, what and note, newest first, 50 a page', async () => {
    await ctx.db.deleteFrom('moderation_actions').execute();
    const tenant = await actor(ctx, 'Tenant');
    const target = await actor(ctx, 'Tenant');
    const a = await fileReport(ctx, tenant, { TargetType: 'user', TargetID: target.id });
    await resolve(a, 'suspend-user', 'Scam messages');
    await call(mod, 'POST', `/api/moderation/users/${target.id}/restore`, { Note: 'Appeal upheld' });
    const page = await audit();
    expect(page).toMatchObject({ page: 1, totalPages: 1 });
    expect(page.entries.map((e) => [e.Action, e.TargetType, e.TargetID, e.Note, e.ModeratorName, e.ModeratorID, e.ReportID])).toEqual([
      ['restore-user', 'user', target.id, 'Appeal upheld', 'Mo Moderator', mod.id, null],
      ['suspend-user', 'user', target.id, 'Scam messages', 'Mo Moderator', mod.id, a],
    ]);
    expect(new Date(page.entries[0]!.At).getTime()).toBeGreaterThan(0);
    await ctx.db
      .insertInto('moderation_actions')
      .values(Array.from({ length: 60 }, (_, i) => ({ moderator_id: mod.id, moderator_name: 'Mo Moderator', action: 'dismiss' as const, target_type: 'user' as const, target_id: i + 1, note: '' })))
      .execute();
    const first = await audit(1);
    expect(first.entries).toHaveLength(50);
    expect(first.totalPages).toBe(2);
    expect((await audit(2)).entries).toHaveLength(12);
    expect((await audit(3)).entries).toEqual([]);
  });
});
