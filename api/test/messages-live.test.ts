/**
 * The live stream (SSE) on a real listening server: authentication, delivery
 * of a message sent after connecting, Last-Event-ID replay without duplicates,
 * read and unread events, fan-out through LISTEN/NOTIFY across two app
 * instances on one database, nothing between a blocked pair (live, read receipts, replay), and shutdown with
 * streams open.
 */
import { rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message } from '@roomnest/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { DB } from '../src/db/types.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { notify, schemaChannel } from '../src/db/listen.ts';
import { HEARTBEAT_MS, LiveStream, MAX_STREAMS_PER_USER, SUPERSEDED } from '../src/features/messages/live.ts';
import { grantRole } from '../src/features/moderation/roles-repository.ts';
import { MESSAGE_API_TEXTS } from '../src/features/messages/routes.ts';
import { makeDataDir, SHARED_DATABASES, type SharedDatabase, uniqueEmail } from './support.ts';

interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

interface Stream {
  status: number;
  events: SseEvent[];
  raw: () => string;
  waitFor(predicate: (events: SseEvent[]) => boolean, ms?: number): Promise<void>;
  ended: Promise<void>;
  close(): void;
}

function openStream(base: string, ticket: string, lastEventId?: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/messages/stream?ticket=${encodeURIComponent(ticket)}`, base);
    const req = httpRequest(url, { headers: lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {} }, (res: IncomingMessage) => {
      let buffer = '';
      let all = '';
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const e: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('data: ')) {
              e.data = line.slice(6);
              hasData = true;
            }
          }
          if (hasData) events.push(e);
        }
        for (const w of waiters) w();
      });
      resolve({
        status: res.statusCode ?? 0,
        events,
        raw: () => all,
        ended,
        close: () => req.destroy(),
        waitFor: (predicate, ms = 3_000) =>
          new Promise<void>((ok, fail) => {
            if (predicate(events)) return ok();
            const check = () => {
              if (predicate(events)) {
                waiters.delete(check);
                clearTimeout(timer);
                ok();
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out; events so far: ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(check);
          }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const messagesOf = (events: SseEvent[]) => events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as Message);
const lastUnread = (events: SseEvent[]) => {
  const e = events.filter((x) => x.event === 'unread').at(-1);
  return e ? (JSON.parse(e.data) as { totalUnread: number }).totalUnread : undefined;
};

interface Instance {
  app: App;
  base: string;
}

async function startInstance(db: Kysely<DB>): Promise<Instance> {
  const config = makeDataDir();
  const app = await buildApp({ db, config });
  app.addHook('onClose', async () => rmSync(config.dataDir, { recursive: true, force: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function api<T>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface Person {
  id: number;
  token: string;
}

async function person(db: Kysely<DB>, base: string, name: string): Promise<Person> {
  const email = uniqueEmail('live');
  const { id } = await db
    .insertInto('users')
    .values({ name, email, password_hash: await hashPassword('secret-password'), user_type: 'Tenant', plan: 'Free' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await api<{ token: string }>(base, 'POST', '/api/auth/login', undefined, { Email: email, Password: 'secret-password' });
  return { id, token: login.body.token };
}

const ticketFor = async (base: string, p: Person) => (await api<{ ticket: string }>(base, 'POST', '/api/messages/stream-ticket', p.token)).body.ticket;
const send = (base: string, from: Person, to: Person, text: string) =>
  api<{ messageId: number; newMessageDetails: Message }>(base, 'POST', '/api/messages', from.token, { ReceiverID: to.id, MessageContent: text });

/** A LiveStream writing into an array, and the message ids it wrote. */
const liveMessage = (id: number) => ({ MessageID: id, MessageContent: `m${id}` }) as Message;
const liveStream = (seenUpTo?: number) => {
  const chunks: string[] = [];
  const live = new LiveStream(1, { write: (chunk: string) => chunks.push(chunk), end: () => undefined } as unknown as ServerResponse, 0, seenUpTo);
  const ids = () => chunks.flatMap((c) => /^id: (\d+)/.exec(c)?.[1] ?? []).map(Number);
  return { live, ids };
};

describe('LiveStream', () => {
  it('sends the replay, then what arrived during it, each message once', () => {
    const { live, ids } = liveStream(3);
    live.message(liveMessage(5));
    live.release([liveMessage(4), liveMessage(5)]);
    live.message(liveMessage(6));
    live.message(liveMessage(5));
    expect(ids()).toEqual([4, 5, 6]);
  });

  it('drops a late notification of a message the client had before reconnecting (up to its Last-Event-ID)', () => {
    const { live, ids } = liveStream(3);
    live.release([liveMessage(4)]);
    live.message(liveMessage(2));
    live.message(liveMessage(3));
    live.message(liveMessage(7));
    expect(ids()).toEqual([4, 7]);
    // A new stream has seen nothing: everything is sent.
    const fresh = liveStream();
    fresh.live.release([]);
    fresh.live.message(liveMessage(1));
    expect(fresh.ids()).toEqual([1]);
  });
});

describe.each(SHARED_DATABASES)('live messages on $name', ({ open }) => {
  let shared: SharedDatabase;
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    shared = await open();
    one = await startInstance(shared.first.db);
    two = await startInstance(shared.second.db);
  });
  afterAll(async () => {
    await one?.app.close();
    await two?.app.close();
    await shared?.close();
  });

  it('refuses a stream without a valid ticket (401, JSON)', async () => {
    const res = await fetch(new URL('/api/messages/stream', one.base));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.stringContaining('ticket') });
  });

  it('delivers a message sent after connecting to the receiver and the sender’s other tab, with unread and read events', async () => {
    const db = shared.first.db;
    const [a, b] = [await person(db, one.base, 'Alice'), await person(db, one.base, 'Bob')];
    const bStream = await openStream(one.base, await ticketFor(one.base, b));
    const aStream = await openStream(one.base, await ticketFor(one.base, a));
    expect(bStream.status).toBe(200);
    expect(bStream.raw()).toContain('retry: 3000');
    await bStream.waitFor((e) => lastUnread(e) === 0);
    await aStream.waitFor((e) => lastUnread(e) === 0);

    const started = performance.now();
    const sent = await send(one.base, a, b, 'Is the room still free?');
    expect(sent.status).toBe(201);
    await bStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId), 1_000);
    const latency = performance.now() - started;
    const event = bStream.events.find((e) => e.event === 'message');
    expect(event?.id).toBe(String(sent.body.messageId));
    expect(JSON.parse(event?.data ?? '{}')).toEqual(sent.body.newMessageDetails);
    await bStream.waitFor((e) => lastUnread(e) === 1, 1_000);
    await aStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId), 1_000);
    console.info(`[live] same instance: delivered in ${latency.toFixed(0)} ms (send round trip included)`);

    // B opens the thread: A learns it was read, B's count drops to 0.
    await api(one.base, 'GET', `/api/messages/conversation/${a.id}`, b.token);
    await aStream.waitFor((e) => e.some((x) => x.event === 'read' && JSON.parse(x.data).ReaderID === b.id && JSON.parse(x.data).SenderID === a.id), 1_000);
    await bStream.waitFor((e) => lastUnread(e) === 0, 1_000);
    bStream.close();
    aStream.close();
  });

  it('carries the room a message is about, with its current title, in the live event and the replay', async () => {
    const db = shared.first.db;
    const [a, b] = [await person(db, one.base, 'Tenant'), await person(db, one.base, 'Landlord')];
    const { id: room } = await db
      .insertInto('listings')
      .values({ landlord_id: b.id, title: 'Double by the canal', address: '1 Canal Walk', city: 'London', state: 'Greater London', zip_code: 'N1 5AA', room_type: 'Double', rent: 900, available_date: '2030-01-01', pet_policy: 'Not Allowed', smoking_policy: 'Not Allowed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bStream = await openStream(two.base, await ticketFor(two.base, b));
    await bStream.waitFor((e) => lastUnread(e) === 0);
    const sent = await api<{ messageId: number; newMessageDetails: Message }>(one.base, 'POST', '/api/messages', a.token, { ReceiverID: b.id, MessageContent: 'Is it free?', ListingID: room });
    expect(sent.status).toBe(201);
    await bStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId), 1_000);
    expect(messagesOf(bStream.events).find((m) => m.MessageID === sent.body.messageId)).toMatchObject({ ListingID: room, ListingTitle: 'Double by the canal' });
    bStream.close();
    await db.updateTable('listings').set({ title: 'Double by the canal, bills included' }).where('id', '=', room).execute();
    const replay = await openStream(one.base, await ticketFor(one.base, b), sent.body.messageId - 1);
    await replay.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId), 1_000);
    expect(messagesOf(replay.events).find((m) => m.MessageID === sent.body.messageId)).toMatchObject({ ListingID: room, ListingTitle: 'Double by the canal, bills included' });
    replay.close();
  });

  it('replays what was missed after Last-Event-ID, each message once, then goes on live', async () => {
    const db = shared.first.db;
    const [a, b] = [await person(db, one.base, 'A'), await person(db, one.base, 'B')];
    const m1 = await send(one.base, a, b, 'one');
    const m2 = await send(one.base, b, a, 'two');
    const m3 = await send(one.base, a, b, 'three');
    const stream = await openStream(one.base, await ticketFor(one.base, b), m1.body.messageId);
    await stream.waitFor((e) => messagesOf(e).length >= 2);
    const m4 = await send(two.base, a, b, 'four');
    await stream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === m4.body.messageId), 1_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(messagesOf(stream.events).map((m) => m.MessageContent)).toEqual(['two', 'three', 'four']);
    expect(stream.events.filter((e) => e.event === 'message').map((e) => Number(e.id))).toEqual([m2.body.messageId, m3.body.messageId, m4.body.messageId]);
    stream.close();

    // The lastEventId parameter works the same (a new EventSource cannot set the header).
    const viaQuery = await fetch(new URL(`/api/messages/stream?ticket=${encodeURIComponent(await ticketFor(one.base, b))}&lastEventId=${m3.body.messageId}`, one.base));
    const reader = viaQuery.body!.getReader();
    let text = '';
    while (!text.includes('"four"')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).not.toContain('"three"');
    await reader.cancel();
  });

  it('fans out across two app instances on one database (LISTEN/NOTIFY, not process memory)', async () => {
    const db = shared.second.db;
    const [a, b] = [await person(db, two.base, 'Sender on one'), await person(db, two.base, 'Receiver on two')];
    const bStream = await openStream(two.base, await ticketFor(one.base, b)); // a ticket from one instance works on the other
    await bStream.waitFor((e) => lastUnread(e) === 0);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const sent = await send(one.base, a, b, `across ${i}`);
      await bStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId), 1_000);
      latencies.push(performance.now() - started);
    }
    await bStream.waitFor((e) => lastUnread(e) === 5, 1_000);
    expect(messagesOf(bStream.events)).toHaveLength(5);
    console.info(`[live] across instances: ${latencies.map((l) => l.toFixed(0)).join(', ')} ms`);
    bStream.close();
  });

  it('opens one stream per ticket: used again, on this instance or the other one, it is refused; two uses at once, one wins', async () => {
    const p = await person(shared.first.db, one.base, 'Once');
    const ticket = await ticketFor(one.base, p);
    const first = await openStream(one.base, ticket);
    expect(first.status).toBe(200);
    await first.waitFor((e) => lastUnread(e) === 0);
    for (const base of [one.base, two.base]) {
      const again = await fetch(new URL(`/api/messages/stream?ticket=${encodeURIComponent(ticket)}`, base));
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual({ message: MESSAGE_API_TEXTS.ticketInvalid });
    }
    // Both instances at the same moment: the database decides, exactly one stream opens.
    const contested = await ticketFor(two.base, p);
    const answers = await Promise.all([one.base, two.base].map((base) => fetch(new URL(`/api/messages/stream?ticket=${encodeURIComponent(contested)}`, base))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    for (const a of answers) await a.body?.cancel();
    // A fresh ticket still opens one (what the shell asks for before every reconnection).
    const next = await openStream(two.base, await ticketFor(one.base, p));
    expect(next.status).toBe(200);
    first.close();
    next.close();
  });

  it(`lets a person hold ${MAX_STREAMS_PER_USER} streams on an instance: one more ends the oldest with a superseded event`, async () => {
    const db = shared.first.db;
    const [p, q] = [await person(db, one.base, 'Many tabs'), await person(db, one.base, 'Writer')];
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await openStream(one.base, await ticketFor(one.base, p));
      await s.waitFor((e) => lastUnread(e) === 0);
      streams.push(s);
    }
    // Another person's streams do not count.
    const other = await openStream(one.base, await ticketFor(one.base, q));
    await other.waitFor((e) => lastUnread(e) === 0);
    const newest = await openStream(one.base, await ticketFor(one.base, p));
    expect(newest.status).toBe(200);
    await streams[0]!.waitFor((e) => e.some((x) => x.event === 'superseded'));
    await streams[0]!.ended;
    expect(JSON.parse(streams[0]!.events.find((x) => x.event === 'superseded')!.data)).toEqual(SUPERSEDED);
    // The other four, the newest and the other person's stream all stay open and live.
    const sent = await send(one.base, q, p, 'Still there?');
    for (const s of [...streams.slice(1), newest, other]) await s.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId), 2_000);
    expect(messagesOf(streams[0]!.events)).toEqual([]);
    for (const s of [...streams, newest, other]) s.close();
  });

  it('a suspension ends the person’s streams at once on every instance, not at the next heartbeat; others stay live', async () => {
    const db = shared.first.db;
    const [suspect, reporter, moderatorUser] = [await person(db, two.base, 'Suspect'), await person(db, one.base, 'Reporter'), await person(db, one.base, 'Moderator')];
    await grantRole(db, (await db.selectFrom('users').select('email').where('id', '=', moderatorUser.id).executeTakeFirstOrThrow()).email, 'moderator');
    const streams = [await openStream(two.base, await ticketFor(two.base, suspect)), await openStream(one.base, await ticketFor(one.base, suspect))];
    const bystander = await openStream(two.base, await ticketFor(two.base, reporter));
    for (const s of [...streams, bystander]) await s.waitFor((e) => lastUnread(e) === 0);
    const report = await api<{ reportId: number }>(one.base, 'POST', '/api/reports', reporter.token, { TargetType: 'user', TargetID: suspect.id, Reason: 'scam', Details: '' });
    const started = performance.now();
    const resolved = await api(one.base, 'POST', `/api/moderation/reports/${report.body.reportId}/resolve`, moderatorUser.token, { Action: 'suspend-user', Note: 'Scam' });
    expect(resolved.status).toBe(200);
    // Far sooner than HEARTBEAT_MS: the suspension's own notification ends them.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error('the suspended person’s streams were still open')), HEARTBEAT_MS / 4);
    });
    await Promise.race([Promise.all(streams.map((s) => s.ended)), late]).finally(() => clearTimeout(timer));
    expect(performance.now() - started).toBeLessThan(HEARTBEAT_MS / 4);
    const sent = await send(one.base, moderatorUser, reporter, 'Still live?');
    await bystander.waitFor((e) => messagesOf(e).some((m) => m.MessageID === sent.body.messageId));
    bystander.close();
  });

  it('carries nothing between a blocked pair: not a message in flight when the block commits, nor a read receipt, nor the replay', async () => {
    const db = shared.first.db;
    const [a, b, c] = [await person(db, one.base, 'Anna'), await person(db, one.base, 'Ben'), await person(db, one.base, 'Cleo')];
    const before = await send(one.base, a, b, 'Before the block');
    expect(before.status).toBe(201);
    const aStream = await openStream(one.base, await ticketFor(one.base, a));
    const bStream = await openStream(two.base, await ticketFor(two.base, b));
    await aStream.waitFor((e) => lastUnread(e) === 0);
    await bStream.waitFor((e) => lastUnread(e) === 1);

    expect((await api(one.base, 'PUT', `/api/blocks/${a.id}`, b.token)).status).toBe(200);
    // A message committed just before the block whose notification arrives after it: stored, never delivered live.
    const { id: inFlight } = await db.insertInto('messages').values({ sender_id: a.id, receiver_id: b.id, content: 'In flight' }).returning('id').executeTakeFirstOrThrow();
    await notify(db, await schemaChannel(db, 'roomnest_messages'), JSON.stringify({ k: 'm', id: inFlight, s: a.id, r: b.id }));
    // B opens the thread: the read receipt is not sent to A.
    expect((await api(one.base, 'GET', `/api/messages/conversation/${a.id}`, b.token)).status).toBe(200);

    // The events after them, from someone else, arrive: so would theirs have (one channel, in order).
    const toB = await send(one.base, c, b, 'Pay the deposit by bank transfer before the viewing please.');
    const toA = await send(one.base, c, a, 'Hello Anna');
    await bStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === toB.body.messageId), 1_000);
    await aStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === toA.body.messageId), 1_000);
    expect(messagesOf(bStream.events).map((m) => m.SenderID)).toEqual([c.id]);
    expect(messagesOf(aStream.events).map((m) => m.SenderID)).toEqual([c.id]);
    expect(aStream.events.filter((e) => e.event === 'read')).toEqual([]);
    // The live message carries the server's scam warning.
    expect(messagesOf(bStream.events)[0]!.SafetyWarning).toBe(true);
    expect(messagesOf(aStream.events)[0]!.SafetyWarning).toBe(false);

    // A reconnect's replay leaves the pair's messages out too.
    const replay = await openStream(one.base, await ticketFor(one.base, b), before.body.messageId);
    await replay.waitFor((e) => messagesOf(e).some((m) => m.MessageID === toB.body.messageId), 1_000);
    expect(messagesOf(replay.events).map((m) => m.MessageID)).toEqual([toB.body.messageId]);
    replay.close();

    // Unblocked: live again.
    expect((await api(one.base, 'DELETE', `/api/blocks/${a.id}`, b.token)).status).toBe(200);
    const after = await send(one.base, a, b, 'After the unblock');
    expect(after.status).toBe(201);
    await bStream.waitFor((e) => messagesOf(e).some((m) => m.MessageID === after.body.messageId), 1_000);
    aStream.close();
    bStream.close();
  });

  it('ends open streams when the app closes, so a shutdown is not held up', async () => {
    const extra = await startInstance(shared.first.db);
    const p = await person(shared.first.db, extra.base, 'Closer');
    const stream = await openStream(extra.base, await ticketFor(extra.base, p));
    await stream.waitFor((e) => lastUnread(e) === 0);
    const started = performance.now();
    await extra.app.close();
    await stream.ended;
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
