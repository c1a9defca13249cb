/**
 * Soak: many simulated people using the real server process at once for a
 * bounded time (searching and opening rooms, landlords posting, editing and
 * deleting ads, tenants messaging each other and reading their threads), then
 * checks that nothing was lost and the server's memory levelled off.
 *
 *   npm run bench -- soak                          # on PGlite and on a private PostgreSQL cluster
 *   npm run bench:soak -w @roomnest/api            # 60 s on embedded PGlite (and PostgreSQL when a URL is set)
 *   SOAK_SECONDS=300 SOAK_USERS=96 npm run bench:soak -w @roomnest/api
 *   SOAK_DATABASE_URL=postgres://… npm run bench:soak -w @roomnest/api
 *
 * The PostgreSQL run (SOAK_DATABASE_URL, else BENCH_DATABASE_URL as
 * `npm run bench` sets it) uses a schema of its own, dropped at the end;
 * SOAK_DATABASES=pglite or =postgres runs one. Prints a table per database
 * and writes bench-results/soak.json (rows of
 * { group, metric, value, unit, budget?: { op, value }, note? }).
 * Budgets: zero 5xx, zero failed requests, zero lost messages, and memory in
 * the second half of the run growing by at most 10% of what it was at half time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { londonDaysAhead, SORT_OPTIONS } from '@roomnest/shared';
import { runStatement } from '../src/db/admin.ts';

const API_DIR = resolve(import.meta.dirname, '..');
const RESULTS = resolve(API_DIR, '../bench-results');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const USERS = Number(process.env.SOAK_USERS ?? 48);
const PASSWORD = 'Sup3r-secret';

interface Row {
  group: string;
  metric: string;
  value: number;
  unit: string;
  budget?: { op: '<=' | '>='; value: number };
  note?: string;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const think = () => sleep(50 + Math.random() * 150);

/** Requests by kind: count, statuses and latencies. */
class Tally {
  readonly latencies = new Map<string, number[]>();
  ok = 0;
  clientErrors = 0;
  serverErrors = 0;
  failures = 0;
  /** Answers that are right for what happened meanwhile (a room taken down between the search and the click). */
  expected = 0;
  readonly problems: string[] = [];

  async call(kind: string, url: string, init: RequestInit = {}, expectedStatuses: readonly number[] = []): Promise<Response | null> {
    const started = performance.now();
    try {
      const res = await fetch(url, init);
      const list = this.latencies.get(kind) ?? [];
      list.push(performance.now() - started);
      this.latencies.set(kind, list);
      if (res.status >= 500) {
        this.serverErrors += 1;
        this.problems.push(`${kind} ${res.status}: ${(await res.text()).slice(0, 200)}`);
      } else if (expectedStatuses.includes(res.status)) {
        this.expected += 1;
      } else if (res.status >= 400) {
        this.clientErrors += 1;
        this.problems.push(`${kind} ${res.status}: ${(await res.clone().text()).slice(0, 200)}`);
      } else {
        this.ok += 1;
      }
      return res;
    } catch (err) {
      this.failures += 1;
      this.problems.push(`${kind}: ${(err as Error).message}`);
      return null;
    }
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Member {
  id: number;
  token: string;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const auth = (m: Member) => ({ authorization: `Bearer ${m.token}` });

function listingForm(title: string, status?: string): FormData {
  const form = new FormData();
  const fields: Record<string, string> = { Title: title, Address: '3 Lauriston Road, Hackney', City: 'London', State: 'Greater London', ZipCode: 'E9 7ES', RoomType: 'Double', Rent: String(500 + Math.floor(Math.random() * 1000)), AvailableDate: londonDaysAhead(60), Description: 'A bright double room. '.repeat(10) };
  if (status) fields.Status = status;
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** One soak against a server process on PGlite (no URL) or on PostgreSQL at `databaseUrl`; answers its rows. */
async function soak(databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, TOKEN_SECRET: randomBytes(24).toString('hex'), LOG_LEVEL: 'error',
    // Every simulated person comes from this one address and sends faster than RATE_LIMIT_MESSAGES allows: the soak measures the rest.
    RATE_LIMIT_MESSAGES: 'off', RATE_LIMIT_REGISTER: 'off', RATE_LIMIT_REGISTER_TAKEN: 'off' };
  const schema = `soak_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (databaseUrl) {
    await runStatement(databaseUrl, `create schema ${schema}`);
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema},public`);
    env.DATABASE_URL = url.toString();
  }
  const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: API_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((done) => server.once('exit', done));
  const kill = () => server.kill('SIGTERM');
  process.on('exit', kill);
  const cleanup = async () => {
    kill();
    await exited;
    process.off('exit', kill);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await runStatement(databaseUrl, `drop schema ${schema} cascade`);
  };
  try {
    return await drive(base, server, database);
  } finally {
    await cleanup();
  }
}

/** The simulated people against the server at `base`, then the checks. */
async function drive(base: string, server: ChildProcess, database: string): Promise<Row[]> {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('the server did not start within 2 minutes');
    await sleep(200);
  }
  console.info(`[soak] ${USERS} simulated people for ${SECONDS} s against the server process on ${database} (demo data seeded)`);

  const tally = new Tally();

  async function enrol(userType: 'Tenant' | 'Landlord', n: number): Promise<Member> {
    const email = `soak.${userType.toLowerCase()}.${n}.${randomBytes(3).toString('hex')}@example.co.uk`;
    await tally.call('register', `${base}/api/auth/register`, json({ Name: `Soak ${userType} ${n}`, Email: email, Password: PASSWORD, UserType: userType }));
    const res = await tally.call('login', `${base}/api/auth/login`, json({ Email: email, Password: PASSWORD }));
    if (!res?.ok) throw new Error(`could not enrol a simulated ${userType.toLowerCase()}: login answered ${res?.status ?? 'nothing'}; ${tally.problems.slice(-2).join('; ')}`);
    const body = (await res.json()) as { token: string; user: { userId: number } };
    return { id: body.user.userId, token: body.token };
  }

  const searchers = Math.round(USERS / 2);
  const landlords = Math.round(USERS / 6);
  const pairs = Math.max(1, Math.floor((USERS - searchers - landlords) / 2));
  const landlordMembers = await Promise.all(Array.from({ length: landlords }, (_, i) => enrol('Landlord', i)));
  const tenantMembers = await Promise.all(Array.from({ length: pairs * 2 }, (_, i) => enrol('Tenant', i)));

  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const running = () => Date.now() < deadline;

  // Memory of the server process, from /proc, every second.
  const rss: { t: number; mb: number }[] = [];
  const sampler = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]);
      rss.push({ t: (Date.now() - started) / 1000, mb: kb / 1024 });
    } catch {
      // not on Linux: no memory figures
    }
  }, 1000);

  const cities = ['London', 'Manchester', 'Birmingham', ''];
  const sorts = SORT_OPTIONS.map((o) => o.value);
  async function searcher() {
    while (running()) {
      const params = new URLSearchParams({ sortBy: pick(sorts), page: String(1 + Math.floor(Math.random() * 5)) });
      const city = pick(cities);
      if (city) params.set('city', city);
      if (Math.random() < 0.4) params.set('maxPrice', String(600 + Math.floor(Math.random() * 900)));
      if (Math.random() < 0.2) params.set('roomType', pick(['Single', 'Double', 'Studio', 'Shared']));
      const res = await tally.call('search', `${base}/api/listings?${params}`);
      const body = res?.ok ? ((await res.json()) as { listings: { ListingID: number }[] }) : null;
      if (body?.listings.length && Math.random() < 0.5) await tally.call('room', `${base}/api/listings/${pick(body.listings).ListingID}`, {}, [404]); // 404: its landlord took it down since
      await think();
    }
  }

  let listingsPosted = 0;
  async function landlord(me: Member) {
    while (running()) {
      const posted = await tally.call('post listing', `${base}/api/listings`, { method: 'POST', headers: auth(me), body: listingForm(`Soak room ${randomBytes(3).toString('hex')}`) });
      if (!posted?.ok) {
        await think();
        continue;
      }
      listingsPosted += 1;
      const { listingId } = (await posted.json()) as { listingId: number };
      await think();
      await tally.call('edit listing', `${base}/api/listings/${listingId}`, { method: 'PUT', headers: auth(me), body: listingForm('Soak room, edited', 'Pending') });
      await tally.call('listing status', `${base}/api/listings/${listingId}/status`, { method: 'PATCH', headers: { ...auth(me), 'content-type': 'application/json' }, body: JSON.stringify({ Status: 'Available' }) });
      await tally.call('my listings', `${base}/api/listings/my-listings`, { headers: auth(me) });
      await think();
      // A Free plan holds one ad: take it down before the next one.
      await tally.call('delete listing', `${base}/api/listings/${listingId}`, { method: 'DELETE', headers: auth(me) });
    }
  }

  const sent = new Map<string, string[]>(); // "from>to" → contents acknowledged
  async function messenger(me: Member, partner: Member) {
    const key = `${me.id}>${partner.id}`;
    sent.set(key, []);
    for (let n = 0; running(); n++) {
      const content = `Soak message ${n} from ${me.id} ${randomBytes(2).toString('hex')}`;
      const res = await tally.call('send message', `${base}/api/messages`, { method: 'POST', headers: { ...auth(me), 'content-type': 'application/json' }, body: JSON.stringify({ ReceiverID: partner.id, MessageContent: content }) });
      if (res?.status === 201) sent.get(key)!.push(content);
      // People type: a message every one to three seconds, and they read their threads.
      await sleep(1000 + Math.random() * 2000);
      if (n % 4 === 3) {
        await tally.call('conversations', `${base}/api/messages/my-conversations`, { headers: auth(me) });
        await tally.call('thread', `${base}/api/messages/conversation/${partner.id}`, { headers: auth(me) });
        await tally.call('unread count', `${base}/api/messages/unread-count`, { headers: auth(me) });
      }
    }
  }

  const workers: Promise<void>[] = [];
  for (let i = 0; i < searchers; i++) workers.push(searcher());
  for (const me of landlordMembers) workers.push(landlord(me));
  for (let i = 0; i < pairs; i++) {
    const a = tenantMembers[2 * i]!;
    const b = tenantMembers[2 * i + 1]!;
    workers.push(messenger(a, b), messenger(b, a));
  }
  await Promise.all(workers);
  clearInterval(sampler);

  // Every acknowledged message is in its thread, exactly once.
  let lost = 0;
  let delivered = 0;
  for (let i = 0; i < pairs; i++) {
    const a = tenantMembers[2 * i]!;
    const b = tenantMembers[2 * i + 1]!;
    const res = await tally.call('final thread', `${base}/api/messages/conversation/${b.id}`, { headers: auth(a) });
    const stored = ((await res!.json()) as { MessageContent: string }[]).map((m) => m.MessageContent);
    const counts = new Map<string, number>();
    for (const c of stored) counts.set(c, (counts.get(c) ?? 0) + 1);
    for (const content of [...sent.get(`${a.id}>${b.id}`)!, ...sent.get(`${b.id}>${a.id}`)!]) {
      if (counts.get(content) === 1) delivered += 1;
      else lost += 1;
    }
  }

  const half = rss.filter((s) => s.t >= SECONDS / 2);
  const atHalf = half[0]?.mb ?? 0;
  const atEnd = rss.at(-1)?.mb ?? 0;
  const growth = atHalf ? ((atEnd - atHalf) / atHalf) * 100 : 0;
  const all = [...tally.latencies.values()].flat();
  const total = tally.ok + tally.expected + tally.clientErrors + tally.serverErrors + tally.failures;
  const group = `soak (${database}, ${USERS} people, ${SECONDS} s)`;
  const rows: Row[] = [
    { group, metric: 'requests', value: total, unit: 'requests' },
    { group, metric: 'throughput', value: Math.round(total / SECONDS), unit: 'req/s' },
    { group, metric: 'p95 latency, all requests', value: Math.round(percentile(all, 95)), unit: 'ms' },
    { group, metric: 'p95 latency, search', value: Math.round(percentile(tally.latencies.get('search') ?? [], 95)), unit: 'ms' },
    { group, metric: 'p95 latency, send message', value: Math.round(percentile(tally.latencies.get('send message') ?? [], 95)), unit: 'ms' },
    { group, metric: 'listings posted, edited and deleted', value: listingsPosted, unit: 'listings' },
    { group, metric: 'rooms taken down between search and opening (404)', value: tally.expected, unit: 'requests' },
    { group, metric: 'messages acknowledged', value: delivered + lost, unit: 'messages' },
    { group, metric: '5xx answers', value: tally.serverErrors, unit: 'answers', budget: { op: '<=', value: 0 } },
    { group, metric: 'other failed requests (4xx, network)', value: tally.clientErrors + tally.failures, unit: 'requests', budget: { op: '<=', value: 0 } },
    { group, metric: 'messages lost or duplicated', value: lost, unit: 'messages', budget: { op: '<=', value: 0 } },
    { group, metric: 'server memory (RSS) at half time', value: Math.round(atHalf), unit: 'MB' },
    { group, metric: 'server memory (RSS) at the end', value: Math.round(atEnd), unit: 'MB' },
    { group, metric: 'memory growth over the second half', value: Math.round(growth * 10) / 10, unit: '%', budget: { op: '<=', value: 10 } },
  ];

  console.info(`\n${group}`);
  for (const row of rows) console.info(`  ${row.metric.padEnd(40)} ${String(row.value).padStart(8)} ${row.unit.padEnd(9)} ${row.budget ? `${row.budget.op} ${row.budget.value} ${met(row) ? 'met' : 'NOT MET'}` : ''}`);
  if (tally.problems.length) console.info(`\nFirst problems:\n  ${tally.problems.slice(0, 10).join('\n  ')}`);
  return rows;
}

const met = (row: Row) => !row.budget || (row.budget.op === '<=' ? row.value <= row.budget.value : row.value >= row.budget.value);

async function main() {
  const url = process.env.SOAK_DATABASE_URL?.trim() || process.env.BENCH_DATABASE_URL?.trim() || undefined;
  const wanted = (process.env.SOAK_DATABASES ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const rows: Row[] = [];
  if (wanted.includes('pglite')) rows.push(...(await soak(undefined)));
  if (wanted.includes('postgres')) {
    if (url) rows.push(...(await soak(url)));
    else console.info('[soak] PostgreSQL skipped: neither SOAK_DATABASE_URL nor BENCH_DATABASE_URL is set');
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'soak.json'), `${JSON.stringify(rows, null, 2)}\n`);
  process.exit(rows.every(met) ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error('[soak] failed:', err);
  process.exit(1);
});
