/**
 * Durability of the real server process (`node api/src/main.ts`), on embedded
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL:
 *   - kill -9 in the middle of bursts of writes (registrations, listings,
 *     messages, profile saves), restart on the same data, and every write
 *     that was acknowledged is there, intact;
 *   - a second process on the same PGlite data folder refuses to start;
 *   - SIGTERM lets a request in flight finish before the process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { londonDaysAhead } from '@roomnest/shared';
import { runStatement } from '../src/db/admin.ts';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = resolve(import.meta.dirname, '..');
const TOKEN_SECRET = 'durability-test-secret-0123456789abcdef';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

interface Server {
  proc: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real server process; resolves once /api/health answers (or rejects if it exits first). */
async function startServer(env: Record<string, string>, { waitUntilUp = true } = {}): Promise<Server> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', TOKEN_SECRET, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  const server = { proc, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  if (!waitUntilUp) return server;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${output}`);
    const ok = await fetch(`${server.base}/api/health`).then((r) => r.ok, () => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not answer within 120 s: ${output}`);
}

async function stop(server: Server) {
  if (server.proc.exitCode === null) server.proc.kill('SIGTERM');
  await server.exited;
}

interface Member {
  id: number;
  token: string;
  email: string;
}

const PASSWORD = 'Sup3r-secret';

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

async function register(base: string, userType: 'Tenant' | 'Landlord', name: string): Promise<Member> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(4).toString('hex')}@example.co.uk`;
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Name: name, Email: email, Password: PASSWORD, UserType: userType }),
  });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}`);
  return logIn(base, email);
}

async function logIn(base: string, email: string): Promise<Member> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const body = (await res.json()) as { token: string; user: { userId: number } };
  return { id: body.user.userId, token: body.token, email };
}

const auth = (m: Member) => ({ authorization: `Bearer ${m.token}` });

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
      const landlord = await register(base, 'Landlord', `Burst Landlord ${i}`).catch(swallow);
      if (!landlord) continue;
      const entry: Acknowledged['landlords'][number] = { email: landlord.email };
      acked.landlords.push(entry);
      const title = `Burst room ${i} ${randomBytes(3).toString('hex')}`;
      const res = await fetch(`${base}/api/listings`, { method: 'POST', headers: auth(landlord), body: listingForm(title) }).catch(swallow);
      if (res?.status === 201) Object.assign(entry, { listingId: (await json(res)).listingId as number, title });
    }
  };
  const messages = async () => {
    for (let i = 0; !stopAt(); i++) {
      const content = `Burst message ${i} ${randomBytes(3).toString('hex')}`;
      const res = await fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: { ...auth(tenant), 'content-type': 'application/json' },
        body: JSON.stringify({ ReceiverID: partner.id, MessageContent: content }),
      }).catch(swallow);
      if (res?.status === 201) acked.messages.push(content);
    }
  };
  const profile = async () => {
    for (let n = 1; !stopAt(); n++) {
      acked.bioSent = n;
      const res = await fetch(`${base}/api/users/profile`, { method: 'PUT', headers: auth(tenant), body: profileForm(`Revision ${n}`) }).catch(swallow);
      if (res?.status === 200) acked.bioAcked = n;
    }
  };
  await Promise.all([listings(), listings(), messages(), messages(), profile()]);
  return acked;
}

/** Checks, on the restarted server, that every acknowledged write is there and intact. */
async function expectAcknowledgedWrites(base: string, tenantEmail: string, partner: Member, acked: Acknowledged) {
  const tenant = await logIn(base, tenantEmail);
  for (const landlord of acked.landlords) {
    const member = await logIn(base, landlord.email);
    if (landlord.listingId === undefined) continue;
    const res = await fetch(`${base}/api/listings/${landlord.listingId}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ ListingID: landlord.listingId, Title: landlord.title, LandlordID: member.id });
  }
  const thread = await fetch(`${base}/api/messages/conversation/${partner.id}`, { headers: auth(tenant) });
  expect(thread.status).toBe(200);
  const stored = ((await thread.json()) as { MessageContent: string }[]).map((m) => m.MessageContent);
  expect(stored).toEqual(expect.arrayContaining(acked.messages));
  expect(new Set(stored).size).toBe(stored.length);
  const profile = await fetch(`${base}/api/users/profile`, { headers: auth(tenant) });
  const revision = Number(/^Revision (\d+)$/.exec(String((await json(profile)).Bio))?.[1] ?? 0);
  expect(revision).toBeGreaterThanOrEqual(acked.bioAcked);
  expect(revision).toBeLessThanOrEqual(acked.bioSent);
}

interface Backend {
  name: string;
  /** Server environment for one fresh database; `drop` removes it. */
  create(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.toReversed()) await cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'roomnest-durability-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const BACKENDS: Backend[] = [
  {
    name: 'PGlite',
    async create() {
      return { env: { DATA_DIR: dataDir() }, drop: async () => undefined };
    },
  },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  BACKENDS.push({
    name: 'PostgreSQL',
    async create() {
      const name = `durability_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = (statement: string) => runStatement(pgUrl, statement);
      await admin(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      return { env: { DATA_DIR: dataDir(), DATABASE_URL: url.href }, drop: () => admin(`drop database if exists ${name} with (force)`) };
    },
  });
}

describe.each(BACKENDS)('durability of the server process on $name', (backend) => {
  it('keeps every acknowledged write through kill -9 during bursts of writes, twice', { timeout: 300_000 }, async () => {
    const db = await backend.create();
    cleanups.push(db.drop);
    let server = await startServer(db.env);
    const tenant = await register(server.base, 'Tenant', 'Durable Tenant');
    const partner = await register(server.base, 'Landlord', 'Steady Partner');

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

      server = await startServer(db.env);
      await expectAcknowledgedWrites(server.base, tenant.email, partner, acked);
      console.info(
        `[durability] ${backend.name}, kill -9 ${round + 1}/2: ${acked.landlords.length} registrations, ${acked.landlords.filter((l) => l.listingId !== undefined).length} listings, ` +
          `${acked.messages.length} messages and profile save ${acked.bioAcked} of ${acked.bioSent} sent acknowledged; every one there after the restart`,
      );
      // Still fully usable: a new write after the restart works.
      const res = await fetch(`${server.base}/api/messages`, {
        method: 'POST',
        headers: { ...auth(await logIn(server.base, tenant.email)), 'content-type': 'application/json' },
        body: JSON.stringify({ ReceiverID: partner.id, MessageContent: `After restart ${round}` }),
      });
      expect(res.status).toBe(201);
    }
    await stop(server);
  });

  it('drains a request in flight on SIGTERM, refuses new ones, and exits cleanly', { timeout: 240_000 }, async () => {
    const db = await backend.create();
    cleanups.push(db.drop);
    const server = await startServer(db.env);
    const landlord = await register(server.base, 'Landlord', 'Draining Landlord');

    // A listing whose form arrives slowly: half of it, then SIGTERM, then the rest.
    const form = new Response(listingForm('Posted while the server stops'));
    const body = Buffer.from(await form.arrayBuffer());
    const contentType = form.headers.get('content-type')!;
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(`${server.base}/api/listings`, {
        method: 'POST',
        headers: { ...auth(landlord), 'content-type': contentType, 'content-length': body.length },
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
    await stop(again);
  });
});

describe('the PGlite data folder', () => {
  it('is refused to a second server process while the first one runs', { timeout: 240_000 }, async () => {
    const env = { DATA_DIR: dataDir() };
    const first = await startServer(env);
    const second = await startServer(env, { waitUntilUp: false });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another RoomNest server/);
    // The first one is unharmed.
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    await stop(first);
  });
});
