/**
 * Durability of the real server process (`node api/src/main.ts`), on embedded
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL:
 *   - kill -9 in the middle of bursts of writes (registrations, listings,
 *     messages, profile saves), restart on the same data, and every write
 *     that was acknowledged is there, intact;
 *   - a second process on the same PGlite data folder refuses to start;
 *   - SIGTERM lets a request in flight finish before the process exits.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { londonDaysAhead } from '@roomnest/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { authHeader, BACKENDS, logInMember, registerMember, startServer, stopServer, type Member } from './server-process.ts';

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

function listingForm(title: string): FormData {
  const form = new FormData();
  const fields = { Title: title, Address: '3 Lauriston Road, Hackney', City: 'London', State: 'Greater London', ZipCode: 'E9 7ES', RoomType: 'Double', Rent: '850', AvailableDate: londonDaysAhead(60) };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

function profileForm(bio: string): FormData {
  const form = new FormData();
  const fields = { Name: 'Durable Tenant', Bio: bio, BudgetMin: '600', BudgetMax: '900', PreferredLocations: 'Hackney', FlatmateMoveInDate: londonDaysAhead(60) };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** A request refused once the process is gone: not acknowledged. */
const swallow = () => undefined;

/** What the server acknowledged before it was killed. */
interface Acknowledged {
  landlords: { email: string; listingId?: number; title?: string }[];
  messages: string[];
  /** The highest profile revision acknowledged, and the highest sent. */
  bioAcked: number;
  bioSent: number;
}

/**
 * Writes as fast as the server takes them, from three loops at once, until
 * `stopAt`; records only what was answered with success.
 */
async function burst(base: string, tenant: Member, partner: Member, stopAt: () => boolean, acked: Acknowledged): Promise<Acknowledged> {
  const listings = async () => {
    for (let i = 0; !stopAt(); i++) {
      const landlord = await registerMember(base, 'Landlord', `Burst Landlord ${i}`).catch(swallow);
      if (!landlord) continue;
      const entry: Acknowledged['landlords'][number] = { email: landlord.email };
      acked.landlords.push(entry);
      const title = `Burst room ${i} ${randomBytes(3).toString('hex')}`;
      const res = await fetch(`${base}/api/listings`, { method: 'POST', headers: authHeader(landlord), body: listingForm(title) }).catch(swallow);
      if (res?.status === 201) Object.assign(entry, { listingId: (await json(res)).listingId as number, title });
    }
  };
  const messages = async () => {
    for (let i = 0; !stopAt(); i++) {
      const content = `Burst message ${i} ${randomBytes(3).toString('hex')}`;
      const res = await fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: { ...authHeader(tenant), 'content-type': 'application/json' },
        body: JSON.stringify({ ReceiverID: partner.id, MessageContent: content }),
      }).catch(swallow);
      if (res?.status === 201) acked.messages.push(content);
    }
  };
  const profile = async () => {
    for (let n = 1; !stopAt(); n++) {
      acked.bioSent = n;
      const res = await fetch(`${base}/api/users/profile`, { method: 'PUT', headers: authHeader(tenant), body: profileForm(`Revision ${n}`) }).catch(swallow);
      if (res?.status === 200) acked.bioAcked = n;
    }
  };
  await Promise.all([listings(), listings(), messages(), messages(), profile()]);
  return acked;
}

/** Checks, on the restarted server, that every acknowledged write is there and intact. */
async function expectAcknowledgedWrites(base: string, tenantEmail: string, partner: Member, acked: Acknowledged) {
  const tenant = await logInMember(base, tenantEmail);
  for (const landlord of acked.landlords) {
    const member = await logInMember(base, landlord.email);
    if (landlord.listingId === undefined) continue;
    const res = await fetch(`${base}/api/listings/${landlord.listingId}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ListingID: landlord.listingId, Title: landlord.title, LandlordID: member.id });
  }
  const thread = await fetch(`${base}/api/messages/conversation/${partner.id}`, { headers: authHeader(tenant) });
  expect(thread.status).toBe(200);
  const stored = ((await thread.json()) as { MessageContent: string }[]).map((m) => m.MessageContent);
  expect(stored).toEqual(expect.arrayContaining(acked.messages));
  expect(new Set(stored).size).toBe(stored.length);
  const profile = await fetch(`${base}/api/users/profile`, { headers: authHeader(tenant) });
  const revision = Number(/^Revision (\d+)$/.exec(String((await json(profile)).Bio))?.[1] ?? 0);
  expect(revision).toBeGreaterThanOrEqual(acked.bioAcked);
  expect(revision).toBeLessThanOrEqual(acked.bioSent);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup();
});

describe.each(BACKENDS)('durability of the server process on $name', (backend) => {
  it('keeps every acknowledged write through kill -9 during bursts of writes, twice', { timeout: 300_000 }, async () => {
    const db = await backend.create();
    cleanups.push(db.drop);
    // Writes as fast as the server takes them: the rate limits, counted in the database and so outliving each restart,
    // would refuse the write after the restart; they are tested elsewhere, durability here.
    const env = { ...db.env, RATE_LIMIT_MESSAGES: 'off', RATE_LIMIT_REGISTER: 'off' };
    let server = await startServer(env);
    const tenant = await registerMember(server.base, 'Tenant', 'Durable Tenant');
    const partner = await registerMember(server.base, 'Landlord', 'Steady Partner');

    for (let round = 0; round < 2; round++) {
      let killed = false;
      const live: Acknowledged = { landlords: [], messages: [], bioAcked: 0, bioSent: 0 };
      const running = burst(server.base, tenant, partner, () => killed, live);
      // Let the writes run until each kind has been acknowledged a few times, then kill the process without warning mid-burst.
      const enough = () => live.messages.length >= 5 && live.landlords.filter((l) => l.listingId !== undefined).length >= 2 && live.bioAcked >= 3;
      while (!enough()) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
      server.proc.kill('SIGKILL');
      killed = true;
      expect(await server.exited).toBeNull();
      const acked = await running;
      expect(acked.messages.length).toBeGreaterThan(0);
      expect(acked.landlords.some((l) => l.listingId !== undefined)).toBe(true);
      expect(acked.bioAcked).toBeGreaterThan(0);

      server = await startServer(env);
      await expectAcknowledgedWrites(server.base, tenant.email, partner, acked);
      console.info(
        `[durability] ${backend.name}, kill -9 ${round + 1}/2: ${acked.landlords.length} registrations, ${acked.landlords.filter((l) => l.listingId !== undefined).length} listings, ` +
          `${acked.messages.length} messages and profile save ${acked.bioAcked} of ${acked.bioSent} sent acknowledged; every one there after the restart`,
      );
      // Still fully usable: a new write after the restart works.
      const res = await fetch(`${server.base}/api/messages`, {
        method: 'POST',
        headers: { ...authHeader(await logInMember(server.base, tenant.email)), 'content-type': 'application/json' },
        body: JSON.stringify({ ReceiverID: partner.id, MessageContent: `After restart ${round}` }),
      });
      expect(res.status).toBe(201);
    }
    await stopServer(server);
  });

  it('drains a request in flight on SIGTERM, refuses new ones, and exits cleanly', { timeout: 240_000 }, async () => {
    const db = await backend.create();
    cleanups.push(db.drop);
    const server = await startServer(db.env);
    const landlord = await registerMember(server.base, 'Landlord', 'Draining Landlord');

    // A listing whose form arrives slowly: half of it, then SIGTERM, then the rest.
    const form = new Response(listingForm('Posted while the server stops'));
    const body = Buffer.from(await form.arrayBuffer());
    const contentType = form.headers.get('content-type')!;
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(`${server.base}/api/listings`, {
        method: 'POST',
        headers: { ...authHeader(landlord), 'content-type': contentType, 'content-length': body.length },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', fail);
      req.write(body.subarray(0, body.length >> 1));
      setTimeout(() => {
        server.proc.kill('SIGTERM');
        setTimeout(() => req.end(body.subarray(body.length >> 1)), 500);
      }, 200);
    });

    const result = await answer;
    expect({ status: result.status, body: result.body }).toMatchObject({ status: 201 });
    expect(await server.exited).toBe(0);
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow('fetch failed');

    // The listing that was in flight is stored.
    const again = await startServer(db.env);
    const { listingId } = JSON.parse(result.body) as { listingId: number };
    expect((await fetch(`${again.base}/api/listings/${listingId}`)).status).toBe(200);
    await stopServer(again);
  });
});

describe('the PGlite data folder', () => {
  it('is refused to a second server process while the first one runs', { timeout: 240_000 }, async () => {
    const db = await BACKENDS[0]!.create();
    cleanups.push(db.drop);
    const env = db.env;
    const first = await startServer(env);
    const second = await startServer(env, { waitUntilUp: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another RoomNest server/);
    // The first one is unharmed.
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    await stopServer(first);
  });
});
