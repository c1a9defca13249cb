/**
 * Alerts of saved searches, end to end through the API and the job queue, on every test database: listings posted,
 * renewed and set back to Available through the routes put their alerts on the queue; a job runner with the alerts'
 * handlers runs what is due on a fixed clock moved by hand (no sleeping); the emails are the real layout, kept by a
 * recording mailer.
 */
import { EMAIL_SETTINGS_PATH, londonHour, type SavedSearch } from '@roomnest/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { ALERT_JOBS, createAlertHandlers, scheduleNextDigest } from '../src/features/saved-searches/alerts.ts';
import type { Email, Mailer } from '../src/features/password-reset/mailer.ts';
import { readNotificationToken } from '../src/features/notifications/tokens.ts';
import { actor, imagePart, jpeg, sendForm, validForm, type Actor } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, TEST_TOKEN_SECRET, type TestContext } from './support.ts';

const PUBLIC_URL = 'https://roomnest.test';
const DELAY = 60;

describe('the digest hour in London', () => {
  it.each([
    ['2026-07-01', '2026-07-01T07:00:00.000Z'],
    ['2026-12-01', '2026-12-01T08:00:00.000Z'],
    // The days the clocks change: 8 o'clock is after the change on both.
    ['2026-03-29', '2026-03-29T07:00:00.000Z'],
    ['2026-10-25', '2026-10-25T08:00:00.000Z'],
  ])('8 o’clock on %s is %s', (date, instant) => {
    expect(londonHour(date, 8).toISOString()).toBe(instant);
  });
});

describe.each(TEST_DATABASES)('saved search alerts on $name', (database) => {
  let ctx: TestContext;
  let clock: Date;
  let runner: JobRunner;
  const sent: Email[] = [];
  const mailer: Mailer = {
    async send(email) {
      sent.push(email);
      return `recorded-${sent.length}`;
    },
  };
  let landlord: Actor;
  let town = 0;

  beforeAll(async () => {
    clock = new Date();
    ctx = await createTestContext(database, undefined, { now: () => clock });
    // Batches of two: the digest's keyset reads several batches here.
    const handlers = createAlertHandlers({ db: ctx.db, mailer, publicUrl: PUBLIC_URL, secret: TEST_TOKEN_SECRET, digestHour: 8, digestBatch: 2, now: () => clock });
    runner = createJobRunner({ db: ctx.db, handlers, log: ctx.app.log, now: () => clock });
    landlord = await actor(ctx, 'Landlord', 'Professional', 'Lena Landlord');
  });
  afterAll(() => ctx.close());

  const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  /** A city no other test uses, so that each test's listings match its own searches only. */
  const newTown = () => `Testbury${String.fromCharCode(97 + town++)}`;
  const to = (_who: Actor, email: string) => sent.filter((e) => e.to === email);

  async function saveSearch(who: Actor, Criteria: Record<string, unknown>, Frequency = 'instant', Name = 'My search'): Promise<SavedSearch> {
    const res = await ctx.inject({ method: 'POST', url: '/api/saved-searches', payload: { Name, Criteria, Frequency }, headers: bearer(who.token) });
    expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
    return res.json<{ savedSearch: SavedSearch }>().savedSearch;
  }

  async function post(fields: Record<string, string>, by: Actor = landlord, withPhoto = false): Promise<number> {
    const res = await sendForm(ctx, 'POST', '/api/listings', by.token, validForm({ Address: '5 Station Road', ...fields }), withPhoto ? [imagePart(await jpeg(640, 480))] : []);
    expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
    return res.json<{ listingId: number }>().listingId;
  }

  async function tenant(): Promise<Actor & { email: string }> {
    const a = await actor(ctx, 'Tenant', 'Free', 'Tara Tenant');
    const { email } = await ctx.db.selectFrom('users').select('email').where('id', '=', a.id).executeTakeFirstOrThrow();
    return { ...a, email };
  }

  /** Runs every job due after the alert delay. */
  async function afterDelay() {
    advance(DELAY + 1);
    await runner.runDue();
  }

  it('emails a matching instant search once, after the delay, with the room, its rent, area, cover and links', async () => {
    const city = newTown();
    const person = await tenant();
    const search = await saveSearch(person, { city: 'Hackney', maxPrice: 1000, roomType: 'Double' }, 'instant', 'Hackney doubles');
    // Another town's room in an area of the same name: the search names the area, wherever it is.
    const id = await post({ City: city, Title: 'Sunny double room', Rent: '850', Address: '3 Mare Street, Hackney' }, landlord, true);

    await runner.runDue();
    expect(to(person, person.email)).toHaveLength(0);
    await afterDelay();
    const mails = to(person, person.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('New room in Hackney: Sunny double room, £850 a month');
    expect(mail.text).toContain('“Hackney doubles”');
    expect(mail.text).toContain(`Hackney, ${city}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/rooms/${id}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/rooms/${id}"`);
    expect(mail.html).toContain('£850 a month');
    expect(mail.html).toContain('lang="en-GB"');
    const { thumb_path } = await ctx.db.selectFrom('listings').select('thumb_path').where('id', '=', id).executeTakeFirstOrThrow();
    expect(thumb_path).toMatch(/^\/uploads\//);
    expect(mail.html).toContain(`src="${PUBLIC_URL}${thumb_path}"`);
    expect(mail.text).toContain(`${PUBLIC_URL}${EMAIL_SETTINGS_PATH}`);
    // One-click unsubscribe of exactly this search.
    const header = mail.headers!['List-Unsubscribe']!;
    expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/notifications/unsubscribe\\?token=[^>]+>$`));
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/token=([^>]+)>/.exec(header)![1]!);
    expect(readNotificationToken(TEST_TOKEN_SECRET, token)).toEqual({ kind: 'search', id: search.SavedSearchID });

    // Told once: running again, or later, sends nothing more.
    await afterDelay();
    expect(to(person, person.email)).toHaveLength(1);
    const listed = await ctx.inject({ method: 'GET', url: '/api/saved-searches', headers: bearer(person.token) });
    expect(listed.json<{ savedSearches: SavedSearch[] }>().savedSearches[0]!.LastSentAt).toEqual(expect.any(String));
  });

  it('puts the alert on the queue with the listing, due after the delay, once however often it becomes public meanwhile', async () => {
    const city = newTown();
    const id = await post({ City: city });
    const jobs = () => ctx.db.selectFrom('jobs').select(['run_at', 'done_at']).where('key', '=', `${ALERT_JOBS.listing}:${id}`).execute();
    const [job] = await jobs();
    expect(job!.run_at.getTime()).toBe(clock.getTime() + DELAY * 1000);
    // Withdrawn and put back within the delay: still the one job.
    await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: { Status: 'Pending' }, headers: bearer(landlord.token) });
    await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: { Status: 'Available' }, headers: bearer(landlord.token) });
    expect(await jobs()).toHaveLength(1);
    await afterDelay();
    expect((await jobs())[0]!.done_at).not.toBeNull();
  });

  it('alerts a room edited within the grace period as it then is', async () => {
    const city = newTown();
    const person = await tenant();
    await saveSearch(person, { city, maxPrice: 800 });
    const dearer = await tenant();
    await saveSearch(dearer, { city, minPrice: 900 });
    const id = await post({ City: city, Title: 'Price fixed in time', Rent: '750' });
    const edited = await sendForm(ctx, 'PUT', `/api/listings/${id}`, landlord.token, validForm({ Address: '5 Station Road', City: city, Title: 'Price fixed in time', Rent: '950', Status: 'Available' }));
    expect(edited.statusCode).toBe(200);
    await afterDelay();
    expect(to(person, person.email)).toHaveLength(0);
    expect(to(dearer, dearer.email)).toHaveLength(1);
    expect(to(dearer, dearer.email)[0]!.subject).toContain('£950 a month');
  });

  it('sends each daily search its own digest across the fan-out’s batches', async () => {
    const city = newTown();
    const people = [await tenant(), await tenant(), await tenant()];
    for (const [i, p] of people.entries()) await saveSearch(p, { city }, 'daily', `Batch search ${i}`);
    await post({ City: city, Title: 'Batched room' });
    await afterDelay();
    const date = await scheduleNextDigest(ctx.db, 8, clock);
    clock = londonHour(date, 8);
    await runner.runDue();
    for (const p of people) expect(to(p, p.email).map((e) => e.subject)).toEqual([expect.stringMatching(/^A new room for “Batch search \d”$/)]);
  });

  it('sends nothing for a non-matching room, a search turned off, or the landlord’s own search', async () => {
    const city = newTown();
    const person = await tenant();
    await saveSearch(person, { city, maxPrice: 500 });
    const quiet = await tenant();
    await saveSearch(quiet, { city }, 'off');
    // The landlord's own search matches their room, and says nothing of it.
    await saveSearch(landlord, { city });
    // The same search of someone else is told: the room does match it.
    const control = await tenant();
    await saveSearch(control, { city });
    await post({ City: city, Rent: '950' });
    await afterDelay();
    expect(to(control, control.email)).toHaveLength(1);
    expect(to(person, person.email)).toHaveLength(0);
    expect(to(quiet, quiet.email)).toHaveLength(0);
    const { email } = await ctx.db.selectFrom('users').select('email').where('id', '=', landlord.id).executeTakeFirstOrThrow();
    expect(sent.filter((e) => e.to === email)).toHaveLength(0);
  });

  it('sends one email naming the room once to a person with two matching searches, and one to each other person', async () => {
    const city = newTown();
    const person = await tenant();
    const friend = await tenant();
    await saveSearch(person, { city }, 'instant', 'Anything there');
    await saveSearch(person, { city, roomType: 'Double' }, 'instant', 'Doubles there');
    await saveSearch(friend, { city, maxPrice: 2000 }, 'instant', 'Friend’s');
    const id = await post({ City: city, Title: 'Twice wanted room' });
    await afterDelay();
    const mine = to(person, person.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('“Anything there” and “Doubles there”');
    expect(mine[0]!.text.split(`${PUBLIC_URL}/rooms/${id}`).length - 1).toBe(2); // the room's link and the button's
    expect(to(friend, friend.email)).toHaveLength(1);
    const deliveries = await ctx.db.selectFrom('alert_deliveries').select(['saved_search_id', 'sent_at']).where('listing_id', '=', id).execute();
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((d) => d.sent_at !== null)).toBe(true);
  });

  it('on renewal tells only the searches not yet told', async () => {
    const city = newTown();
    const early = await tenant();
    await saveSearch(early, { city });
    const id = await post({ City: city });
    await afterDelay();
    expect(to(early, early.email)).toHaveLength(1);

    const late = await tenant();
    await saveSearch(late, { city });
    // Within the renewal window.
    await ctx.db.updateTable('listings').set({ expires_at: sql<Date>`now() + interval '2 days'` }).where('id', '=', id).execute();
    const renewed = await ctx.inject({ method: 'POST', url: `/api/listings/${id}/renew`, headers: bearer(landlord.token) });
    expect({ status: renewed.statusCode, body: renewed.body }).toMatchObject({ status: 200 });
    await afterDelay();
    expect(to(early, early.email)).toHaveLength(1);
    expect(to(late, late.email)).toHaveLength(1);
  });

  it('alerts a listing set back to Available (PATCH status and PUT), and not one withdrawn within the grace period', async () => {
    const city = newTown();
    const person = await tenant();
    await saveSearch(person, { city });
    const id = await post({ City: city, Title: 'Withdrawn at once' });
    // Withdrawn before the delay is over: the alert reads it as it then is.
    const off = await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: { Status: 'Unavailable' }, headers: bearer(landlord.token) });
    expect(off.statusCode).toBe(200);
    await afterDelay();
    expect(to(person, person.email)).toHaveLength(0);

    const back = await ctx.inject({ method: 'PATCH', url: `/api/listings/${id}/status`, payload: { Status: 'Available' }, headers: bearer(landlord.token) });
    expect(back.statusCode).toBe(200);
    await afterDelay();
    expect(to(person, person.email)).toHaveLength(1);

    // Through the update form: Pending, then Available again, for a search saved meanwhile.
    const other = await tenant();
    await saveSearch(other, { city });
    const pending = await sendForm(ctx, 'PUT', `/api/listings/${id}`, landlord.token, validForm({ Address: '5 Station Road', City: city, Title: 'Withdrawn at once', Status: 'Pending' }));
    expect({ status: pending.statusCode, body: pending.body }).toMatchObject({ status: 200 });
    await afterDelay();
    expect(to(other, other.email)).toHaveLength(0);
    const available = await sendForm(ctx, 'PUT', `/api/listings/${id}`, landlord.token, validForm({ Address: '5 Station Road', City: city, Title: 'Withdrawn at once', Status: 'Available' }));
    expect(available.statusCode).toBe(200);
    await afterDelay();
    expect(to(other, other.email)).toHaveLength(1);
    expect(to(person, person.email)).toHaveLength(1);
  });

  it('sends nothing to an account deleted before its alert', async () => {
    const city = newTown();
    const person = await tenant();
    await saveSearch(person, { city });
    await post({ City: city });
    await ctx.db.deleteFrom('users').where('id', '=', person.id).execute();
    await afterDelay();
    expect(to(person, person.email)).toHaveLength(0);
  });

  it('shows at most ten rooms in a digest, then how many more, with a button to the search', async () => {
    const city = newTown();
    const person = await tenant();
    await saveSearch(person, { city, maxPrice: 1500 }, 'daily', 'Busy town');
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) ids.push(await post({ City: city, Title: `Busy room ${i}`, Rent: String(600 + i) }));
    await afterDelay();
    const date = await scheduleNextDigest(ctx.db, 8, clock);
    clock = londonHour(date, 8);
    await runner.runDue();
    const digests = to(person, person.email);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('12 new rooms for “Busy town”');
    // The newest ten: rooms 12 to 3.
    for (const id of ids.slice(2)) expect(digest.text).toContain(`${PUBLIC_URL}/rooms/${id}\n`);
    for (const id of ids.slice(0, 2)) expect(digest.text).not.toContain(`${PUBLIC_URL}/rooms/${id}\n`);
    expect(digest.text).toContain('And 2 more: see them all on RoomNest.');
    expect(digest.text).toContain(`See all 12 rooms: ${PUBLIC_URL}/rooms?city=${city}&maxPrice=1500`);
    // All twelve were told: none waits for the next digest.
    const waiting = await ctx.db.selectFrom('alert_deliveries').select('listing_id').where('listing_id', 'in', ids).where('sent_at', 'is', null).execute();
    expect(waiting).toEqual([]);
  });

  it('collects daily matches into one digest at the hour, London time, and sends nothing the next day when none', async () => {
    const city = newTown();
    const person = await tenant();
    const search = await saveSearch(person, { city }, 'daily', 'Daily in town');
    const first = await post({ City: city, Title: 'Digest room one', Rent: '700' });
    const second = await post({ City: city, Title: 'Digest room two', Rent: '720' });
    const gone = await post({ City: city, Title: 'Digest room withdrawn' });
    await afterDelay();
    expect(to(person, person.email)).toHaveLength(0);
    await ctx.inject({ method: 'PATCH', url: `/api/listings/${gone}/status`, payload: { Status: 'Unavailable' }, headers: bearer(landlord.token) });

    // The digest of the next hour (scheduled at start-up; scheduling again is harmless).
    const date = await scheduleNextDigest(ctx.db, 8, clock);
    const at = londonHour(date, 8);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(at)).toBe('08');
    clock = new Date(at.getTime() - 1000);
    await runner.runDue();
    expect(to(person, person.email)).toHaveLength(0);
    clock = at;
    await runner.runDue();
    const digests = to(person, person.email);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('2 new rooms for “Daily in town”');
    expect(digest.text).toContain(`${PUBLIC_URL}/rooms/${first}`);
    expect(digest.text).toContain(`${PUBLIC_URL}/rooms/${second}`);
    expect(digest.text).not.toContain('Digest room withdrawn');
    expect(digest.text.indexOf('Digest room two')).toBeLessThan(digest.text.indexOf('Digest room one'));
    expect(digest.text).toContain(`${PUBLIC_URL}/rooms?city=${city}`);
    expect(digest.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/token=([^>]+)>/.exec(digest.headers!['List-Unsubscribe']!)![1]!);
    expect(readNotificationToken(TEST_TOKEN_SECRET, token)).toEqual({ kind: 'search', id: search.SavedSearchID });

    // The next day's digest was put on the queue by this one; with no new match it sends nothing.
    const next = await ctx.db.selectFrom('jobs').select(['key', 'run_at']).where('kind', '=', ALERT_JOBS.digest).where('done_at', 'is', null).execute();
    expect(next.map((j) => j.key)).toContain(`${ALERT_JOBS.digest}:${new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)}`);
    clock = new Date(at.getTime() + 86_400_000 + 3_600_000);
    await runner.runDue();
    expect(to(person, person.email)).toHaveLength(1);
  });
});
