/**
 * POST /api/reports: what may be reported and by whom, the snapshots a report keeps, one report per person and
 * target (a repeat updates and reopens it), and the hourly limit, enforced in the database even for parallel calls.
 */
import { REPORT_CONVERSATION_MAX, TRUST_TEXTS, type Listing, type Message } from '@roomnest/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_WINDOW } from '../src/features/reports/repository.ts';
import { actor, insertListing, signedInLandlordSuite, type Actor } from './listings-support.ts';
import { bearer, TEST_DATABASES } from './support.ts';

describe.each(TEST_DATABASES)('reports on $name', (database) => {
  const suite = signedInLandlordSuite(database);

  const report = (who: Actor | null, payload: Record<string, unknown>) =>
    suite.ctx.inject({ method: 'POST', url: '/api/reports', headers: who ? bearer(who.token) : {}, payload });
  const row = (id: number) => suite.ctx.db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const send = async (from: Actor, to: Actor, content: string, listingId?: number) => {
    const res = await suite.ctx.inject({ method: 'POST', url: '/api/messages', headers: bearer(from.token), payload: { ReceiverID: to.id, MessageContent: content, ...(listingId ? { ListingID: listingId } : {}) } });
    expect(res.statusCode).toBe(201);
  };

  it('reports a public listing: 201 with the thanks, the landlord as the person reported and the Listing as the room page shows it', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const id = await insertListing(suite.ctx.db, suite.landlord.id, { title: 'Too good to be true', rent: 300 });
    const res = await report(tenant, { TargetType: 'listing', TargetID: id, Reason: 'scam', Details: '  Asked for a deposit before any viewing.  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; reportId: number }>();
    expect(body.message).toBe(TRUST_TEXTS.reportThanks);
    const stored = await row(body.reportId);
    expect(stored).toMatchObject({ reporter_id: tenant.id, target_type: 'listing', target_id: id, reported_user_id: suite.landlord.id, reason: 'scam', source: 'listing', status: 'open', details: 'Asked for a deposit before any viewing.' });
    const page = await suite.ctx.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(stored.listing_snapshot as Listing).toEqual(page.json<Listing>());
    expect(stored.conversation_snapshot).toBeNull();
  });

  it('a repeat about the same target updates the earlier report (200), keeps one row and opens it again once resolved', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const id = await insertListing(suite.ctx.db, suite.landlord.id, { title: 'Old title' });
    const first = (await report(tenant, { TargetType: 'listing', TargetID: id, Reason: 'spam', Details: 'first' })).json<{ reportId: number }>().reportId;
    await suite.ctx.db.updateTable('reports').set({ status: 'resolved', resolved_at: new Date(), resolution_action: 'dismiss', resolution_note: 'fine' }).where('id', '=', first).execute();
    await suite.ctx.db.updateTable('listings').set({ title: 'New title' }).where('id', '=', id).execute();

    const again = await report(tenant, { TargetType: 'listing', TargetID: id, Reason: 'scam', Details: 'second' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: TRUST_TEXTS.reportUpdated, reportId: first });
    const stored = await row(first);
    expect(stored).toMatchObject({ reason: 'scam', details: 'second', status: 'open', resolved_at: null, resolution_action: null, resolution_note: null });
    expect((stored.listing_snapshot as Listing).Title).toBe('New title');
    expect(stored.updated_at.getTime()).toBeGreaterThanOrEqual(stored.created_at.getTime());
    const { n } = await suite.ctx.db.selectFrom('reports').select(sql<number>`count(*)::int`.as('n')).where('reporter_id', '=', tenant.id).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
  });

  it('reports a person from a flatmate card (Source defaults to flatmate) without a conversation snapshot', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const other = await actor(suite.ctx, 'Tenant');
    const res = await report(tenant, { TargetType: 'user', TargetID: other.id, Reason: 'offensive', Details: '' });
    expect(res.statusCode).toBe(201);
    expect(await row(res.json<{ reportId: number }>().reportId)).toMatchObject({ target_type: 'user', target_id: other.id, reported_user_id: other.id, source: 'flatmate', listing_snapshot: null, conversation_snapshot: null });
  });

  it('a chat report keeps the latest messages of that one conversation, oldest first, as Message objects', async () => {
    const tenant = await actor(suite.ctx, 'Tenant', 'Premium');
    const scammer = await actor(suite.ctx, 'Landlord', 'Premium');
    const bystander = await actor(suite.ctx, 'Tenant', 'Premium');
    await send(tenant, scammer, 'Is the room still free?');
    await send(scammer, tenant, 'Yes, send the deposit by bank transfer first.');
    await send(scammer, bystander, 'Not part of this conversation.');
    const res = await report(tenant, { TargetType: 'user', TargetID: scammer.id, Reason: 'scam', Details: 'Wants money first', Source: 'chat' });
    expect(res.statusCode).toBe(201);
    const conversation = (await row(res.json<{ reportId: number }>().reportId)).conversation_snapshot as Message[];
    expect(conversation.map((m) => m.MessageContent)).toEqual(['Is the room still free?', 'Yes, send the deposit by bank transfer first.']);
    expect(conversation[1]).toMatchObject({ SenderID: scammer.id, ReceiverID: tenant.id });
    expect(typeof conversation[0]!.SentAt).toBe('string');
  });

  it(`a chat report keeps at most ${REPORT_CONVERSATION_MAX} messages, the latest`, async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const other = await actor(suite.ctx, 'Tenant');
    const rows = Array.from({ length: REPORT_CONVERSATION_MAX + 5 }, (_, i) => ({ sender_id: i % 2 ? tenant.id : other.id, receiver_id: i % 2 ? other.id : tenant.id, content: `m${i}` }));
    await suite.ctx.db.insertInto('messages').values(rows).execute();
    const res = await report(tenant, { TargetType: 'user', TargetID: other.id, Reason: 'spam', Details: '', Source: 'chat' });
    const conversation = (await row(res.json<{ reportId: number }>().reportId)).conversation_snapshot as Message[];
    expect(conversation).toHaveLength(REPORT_CONVERSATION_MAX);
    expect(conversation[0]!.MessageContent).toBe('m5');
    expect(conversation.at(-1)!.MessageContent).toBe(`m${REPORT_CONVERSATION_MAX + 4}`);
  });

  it('a listing that is not public can be reported by someone who talked with its landlord about it, not by others', async () => {
    const tenant = await actor(suite.ctx, 'Tenant', 'Premium');
    const stranger = await actor(suite.ctx, 'Tenant');
    const id = await insertListing(suite.ctx.db, suite.landlord.id, { title: 'Let already' });
    await send(tenant, suite.landlord, 'Can I view it?', id);
    await suite.ctx.db.updateTable('listings').set({ status: 'Unavailable' }).where('id', '=', id).execute();
    expect((await report(tenant, { TargetType: 'listing', TargetID: id, Reason: 'already-let', Details: '' })).statusCode).toBe(201);
    const hidden = await report(stranger, { TargetType: 'listing', TargetID: id, Reason: 'already-let', Details: '' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(TRUST_TEXTS.reportTargetMissing);
  });

  it('refuses oneself and one’s own listing (400), and unknown or suspended targets (404)', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const own = await insertListing(suite.ctx.db, suite.landlord.id);
    const self = await report(tenant, { TargetType: 'user', TargetID: tenant.id, Reason: 'spam', Details: '' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(TRUST_TEXTS.reportSelf);
    const ownListing = await report(suite.landlord, { TargetType: 'listing', TargetID: own, Reason: 'spam', Details: '' });
    expect(ownListing.statusCode).toBe(400);
    expect(ownListing.json().message).toBe(TRUST_TEXTS.reportSelf);
    for (const payload of [
      { TargetType: 'user', TargetID: 2_000_000_000 },
      { TargetType: 'listing', TargetID: 2_000_000_000 },
    ]) {
      const res = await report(tenant, { ...payload, Reason: 'spam', Details: '' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(TRUST_TEXTS.reportTargetMissing);
    }
    const suspended = await actor(suite.ctx, 'Tenant');
    await suite.ctx.db.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', suspended.id).execute();
    expect((await report(tenant, { TargetType: 'user', TargetID: suspended.id, Reason: 'spam', Details: '' })).statusCode).toBe(404);
  });

  // Two transactions at once need PostgreSQL (PGlite runs one at a time, so the deletion cannot interleave there).
  it.runIf(database.name === 'PostgreSQL')('a person whose account is deleted while the report is written answers 404, not a failure', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const leaving = await actor(suite.ctx, 'Tenant');
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let deleted!: () => void;
    const rowDeleted = new Promise<void>((resolve) => (deleted = resolve));
    // The account's deletion in progress: its row deleted, not yet committed.
    const deleting = suite.ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').where('id', '=', leaving.id).execute();
      deleted();
      await held;
    });
    await rowDeleted;
    const reporting = report(tenant, { TargetType: 'user', TargetID: leaving.id, Reason: 'spam', Details: '' });
    // The event: the report's transaction is waiting for the deleted row's lock.
    for (;;) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted`.execute(suite.ctx.db);
      if (rows[0]!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    commit();
    await deleting;
    const res = await reporting;
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TRUST_TEXTS.reportTargetMissing);
    expect(await suite.ctx.db.selectFrom('reports').select('id').where('reporter_id', '=', tenant.id).execute()).toEqual([]);
  });

  it('checks Source against the target and a chat report needs a conversation', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const other = await actor(suite.ctx, 'Tenant');
    const id = await insertListing(suite.ctx.db, suite.landlord.id);
    for (const payload of [
      { TargetType: 'listing', TargetID: id, Source: 'chat' },
      { TargetType: 'listing', TargetID: id, Source: 'flatmate' },
      { TargetType: 'user', TargetID: other.id, Source: 'listing' },
    ]) {
      const res = await report(tenant, { ...payload, Reason: 'spam', Details: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TRUST_TEXTS.reportSourceMismatch);
    }
    const none = await report(tenant, { TargetType: 'user', TargetID: other.id, Reason: 'spam', Details: '', Source: 'chat' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(TRUST_TEXTS.reportNoConversation);
  });

  it('bad input answers 400 in the one error format; no token 401', async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const cases: [Record<string, unknown>, string][] = [
      [{ TargetType: 'room', TargetID: 1, Reason: 'spam' }, 'TargetType must be "listing" or "user".'],
      [{ TargetType: 'user', TargetID: 0, Reason: 'spam' }, 'TargetID must be at least 1.'],
      [{ TargetType: 'user', TargetID: 'abc', Reason: 'spam' }, 'TargetID must be a whole number.'],
      [{ TargetType: 'user', TargetID: 1, Reason: 'rude' }, TRUST_TEXTS.reasonRequired],
      [{ TargetType: 'user', TargetID: 1 }, TRUST_TEXTS.reasonRequired],
      [{ TargetType: 'user', TargetID: 1, Reason: 'spam', Details: 'x'.repeat(2001) }, 'Details must be at most 2000 characters.'],
    ];
    for (const [payload, message] of cases) {
      const res = await report(tenant, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await report(null, { TargetType: 'user', TargetID: suite.landlord.id, Reason: 'spam' })).statusCode).toBe(401);
  });

  it(`allows ${REPORTS_PER_WINDOW} reports an hour, new or updated, then 429, even sent all at once; older ones do not count`, async () => {
    const tenant = await actor(suite.ctx, 'Tenant');
    const targets = await Promise.all(Array.from({ length: REPORTS_PER_WINDOW + 3 }, () => actor(suite.ctx, 'Tenant')));
    const answers = await Promise.all(targets.map((t) => report(tenant, { TargetType: 'user', TargetID: t.id, Reason: 'spam', Details: '' })));
    const codes = answers.map((r) => r.statusCode).toSorted();
    expect(codes.filter((c) => c === 201)).toHaveLength(REPORTS_PER_WINDOW);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toBe(TRUST_TEXTS.reportsTooMany);
    // An update counts too.
    const reported = answers.findIndex((r) => r.statusCode === 201);
    expect((await report(tenant, { TargetType: 'user', TargetID: targets[reported]!.id, Reason: 'other', Details: '' })).statusCode).toBe(429);
    // An hour later, the window is free again.
    await suite.ctx.db.updateTable('reports').set({ updated_at: sql<Date>`now() - interval '61 minutes'` }).where('reporter_id', '=', tenant.id).execute();
    const unreported = answers.findIndex((r) => r.statusCode === 429);
    expect((await report(tenant, { TargetType: 'user', TargetID: targets[unreported]!.id, Reason: 'spam', Details: '' })).statusCode).toBe(201);
  });
});
