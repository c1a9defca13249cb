/**
 * Live messaging load test: BENCH_MSG_USERS (100) users, created straight in a
 * fresh database (one argon2 hash computed once, batched inserts; tokens from
 * the app's token service), TWO API instances in this process on free ports
 * over the same database (one shared PGlite; or, when BENCH_DATABASE_URL is
 * set, two pools on a fresh PostgreSQL schema dropped afterwards), one live
 * stream (SSE) per user, half of them on each instance. For BENCH_DURATION (10)
 * seconds every user sends a message to a random other user through a random
 * instance every 200–500 ms, with at most BENCH_MSG_INFLIGHT (32) sends in
 * flight; then it waits up to 5 s for stragglers.
 *
 * It reports messages sent (201s), delivered (distinct MessageIDs seen on the
 * receiver's stream), lost (sent − delivered: must be 0, else the exit code is
 * 1), duplicates, send errors, send latency and delivery latency (the `message`
 * event at the receiver − the start of the send request), and the share of
 * deliveries that crossed instances (sent through one, streamed from the other,
 * so through LISTEN/NOTIFY). Each database runs BENCH_MSG_RUNS (3) times:
 * `bench-results/messaging.json` has the medians as rows for scripts/bench.mjs
 * (and the sums of lost, duplicates and send errors), and
 * `bench-results/messaging-details.json` every run.
 *
 *   npm run bench:messaging -w @roomnest/api
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npm run bench:messaging -w @roomnest/api
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import { runStatement } from '../src/db/admin.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { hashPassword } from '../src/features/auth/passwords.ts';
import { createTokenService } from '../src/features/auth/tokens.ts';

const USERS = Number(process.env.BENCH_MSG_USERS ?? 100);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const IN_FLIGHT = Number(process.env.BENCH_MSG_INFLIGHT ?? 32);
const PG_URL = process.env.BENCH_DATABASE_URL?.trim();
const GAP_MS = [200, 500] as const;
const STRAGGLER_WAIT_MS = 5_000;
const TOKEN_TTL_S = 3600;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const cell = (row: Record<string, string | number>, column: string) => String(row[column] ?? '');

/** Prints rows as an aligned text table (numbers right-aligned), as bench/search.ts does. */
function printTable(rows: Record<string, string | number>[]): void {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (values: string[], numeric: boolean[]) => values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  const numeric = columns.map((c) => rows.every((r) => typeof r[c] === 'number'));
  console.info(['', line(columns, numeric), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => line(columns.map((c) => cell(r, c)), numeric)), ''].join('\n'));
}

/** Two handles on one database: one PGlite instance shared, or two pools on one PostgreSQL schema. */
interface SharedDatabase {
  first: Database;
  second: Database;
  close(): Promise<void>;
}

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  open(): Promise<SharedDatabase>;
}

const TARGETS: Target[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await openDatabase({ kind: 'pglite' });
      return { first: db, second: db, close: () => db.close() };
    },
  },
  ...(PG_URL
    ? [
        {
          name: 'PostgreSQL' as const,
          async open() {
            const schema = `bench_msg_${process.pid}_${randomBytes(3).toString('hex')}`;
            await runStatement(PG_URL, `create schema ${schema}`);
            const first = await openDatabase({ kind: 'postgres', url: PG_URL, searchPath: `${schema},public`, poolSize: 10 });
            const second = await openDatabase({ kind: 'postgres', url: PG_URL, searchPath: `${schema},public`, poolSize: 10 });
            return {
              first,
              second,
              async close() {
                await first.close();
                await second.close();
                await runStatement(PG_URL, `drop schema ${schema} cascade`);
              },
            };
          },
        },
      ]
    : []),
];

interface User {
  id: number;
  token: string;
  /** The instance (0 or 1) its stream is connected to. */
  home: number;
}

interface Instance {
  app: App;
  port: number;
  agent: Agent;
}

interface HttpAnswer {
  status: number;
  body: string;
}

function call(instance: Instance, method: string, path: string, token: string, body?: unknown): Promise<HttpAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: instance.port,
        method,
        path,
        agent: instance.agent,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Stream {
  /** Resolves at the first `unread` event: the stream is subscribed. */
  ready: Promise<void>;
  close(): void;
}

/**
 * Opens a user's live stream on its own socket and parses the event stream by
 * hand (`id:`, `event:`, `data:` lines; a blank line ends an event). Calls
 * `onMessage` with the MessageID and the receive time of each `message` event.
 */
function openStream(instance: Instance, ticket: string, onMessage: (id: number, receiver: number, at: number) => void, onEnd: () => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: instance.port, path: `/api/messages/stream?ticket=${encodeURIComponent(ticket)}`, agent: false, headers: { accept: 'text/event-stream' } },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        let markReady: (() => void) | undefined;
        const ready = new Promise<void>((ok) => (markReady = ok));
        let buffer = '';
        let id: string | undefined;
        let event = 'message';
        let data: string[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const line = buffer.slice(0, nl).replace(/\r$/, '');
            buffer = buffer.slice(nl + 1);
            if (line === '') {
              if (data.length) {
                if (event === 'unread') markReady?.();
                else if (event === 'message') {
                  const message = JSON.parse(data.join('\n')) as { MessageID: number; ReceiverID: number };
                  if (id !== undefined && Number(id) !== message.MessageID) throw new Error(`event id ${id} is not MessageID ${message.MessageID}`);
                  onMessage(message.MessageID, message.ReceiverID, at);
                }
              }
              id = undefined;
              event = 'message';
              data = [];
            } else if (line.startsWith(':')) continue;
            else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') id = value;
              else if (field === 'event') event = value;
              else if (field === 'data') data.push(value);
            }
          }
        });
        res.on('close', onEnd);
        resolve({ ready, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface RunResult {
  database: string;
  users: number;
  seconds: number;
  sent: number;
  delivered: number;
  lost: number;
  duplicates: number;
  sendErrors: number;
  sentPerSecond: number;
  sendP50: number;
  sendP95: number;
  deliveryP50: number;
  deliveryP95: number;
  deliveryP99: number;
  deliveryMax: number;
  crossInstanceShare: number;
  streamsDropped: number;
}

async function startInstance(database: Database, dataDir: string, name: string, tokenSecret: Uint8Array): Promise<Instance> {
  const app = await buildApp({
    db: database.db,
    config: {
      dataDir: join(dataDir, name),
      storeDir: join(dataDir, name, 'store'),
      uploadsDir: join(dataDir, name, 'uploads'),
      tokenSecret,
      tokenTtlSeconds: TOKEN_TTL_S,
      logLevel: 'warn',
      // Each simulated user sends every 200–500 ms, far above a person's RATE_LIMIT_MESSAGES: this measures delivery, not the limit.
      rateLimits: { messages: null },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, agent: new Agent({ keepAlive: true, maxSockets: IN_FLIGHT }) };
}

/** Users straight in the database, 500 a statement, all with one password hash. */
async function createUsers(database: Database, tokenSecret: Uint8Array): Promise<User[]> {
  const passwordHash = await hashPassword('bench-password');
  const tokens = createTokenService(tokenSecret, TOKEN_TTL_S);
  const tag = randomBytes(3).toString('hex');
  const users: User[] = [];
  for (let from = 0; from < USERS; from += 500) {
    const values = Array.from({ length: Math.min(500, USERS - from) }, (_, i) => ({
      name: `Bench user ${from + i + 1}`,
      email: `bench-${tag}-${from + i + 1}@bench.roomnest.test`,
      password_hash: passwordHash,
      user_type: 'Tenant' as const,
      // Each sends to random others: on the Free plan that is a new conversation most times, and Free starts 2 a month.
      plan: 'Premium' as const,
    }));
    const rows = await database.db.insertInto('users').values(values).returning(['id', 'token_version']).execute();
    for (const row of rows) users.push({ id: row.id, token: await tokens.issue({ userId: row.id, tokenVersion: row.token_version }), home: users.length % 2 });
  }
  return users;
}

async function benchTarget(target: Target): Promise<RunResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomnest-bench-msg-'));
  const shared = await target.open();
  const tokenSecret = randomBytes(32);
  const instances: Instance[] = [];
  const streams: Stream[] = [];
  try {
    await migrateToLatest(shared.first.db);
    let started = performance.now();
    const users = await createUsers(shared.first, tokenSecret);
    const setupSeconds = round((performance.now() - started) / 1000, 2);
    instances.push(await startInstance(shared.first, dataDir, 'one', tokenSecret), await startInstance(shared.second, dataDir, 'two', tokenSecret));

    /** MessageID → when its send request started, to whom, through which instance. */
    const sends = new Map<number, { start: number; receiver: number; via: number }>();
    /** MessageID → first receive time at its receiver. */
    const received = new Map<number, number>();
    let duplicates = 0;
    let streamsDropped = 0;
    let running = true;

    started = performance.now();
    for (const user of users) {
      const instance = instances[user.home]!;
      const answer = await call(instance, 'POST', '/api/messages/stream-ticket', user.token);
      if (answer.status !== 200) throw new Error(`stream-ticket answered ${answer.status}: ${answer.body}`);
      const { ticket } = JSON.parse(answer.body) as { ticket: string };
      const stream = await openStream(
        instance,
        ticket,
        (id, receiver, at) => {
          if (receiver !== user.id) return; // the sender's own copy
          if (received.has(id)) duplicates++;
          else received.set(id, at);
        },
        () => {
          if (running) streamsDropped++;
        },
      );
      streams.push(stream);
    }
    await Promise.all(streams.map((s) => s.ready));
    console.info(`[bench] ${target.name}: ${USERS} users in ${setupSeconds} s, ${streams.length} streams open in ${round((performance.now() - started) / 1000, 2)} s`);

    const sendLatencies: number[] = [];
    let sendErrors = 0;
    let inFlight = 0;
    const waiting: Array<() => void> = [];
    const acquire = () => (inFlight < IN_FLIGHT ? (inFlight++, Promise.resolve()) : new Promise<void>((ok) => waiting.push(ok)));
    const release = () => {
      const next = waiting.shift();
      if (next) next();
      else inFlight--;
    };

    const loadStarted = performance.now();
    const deadline = loadStarted + DURATION_S * 1000;
    let counter = 0;
    const sender = async (user: User) => {
      await sleep(Math.random() * GAP_MS[1]);
      while (performance.now() < deadline) {
        await acquire();
        if (performance.now() >= deadline) {
          release();
          break;
        }
        let receiver = users[Math.floor(Math.random() * (users.length - 1))]!;
        if (receiver.id === user.id) receiver = users.at(-1)!;
        const via = Math.floor(Math.random() * instances.length);
        const start = performance.now();
        try {
          const answer = await call(instances[via]!, 'POST', '/api/messages', user.token, { ReceiverID: receiver.id, MessageContent: `Bench message ${++counter}` });
          sendLatencies.push(performance.now() - start);
          if (answer.status === 201) sends.set((JSON.parse(answer.body) as { messageId: number }).messageId, { start, receiver: receiver.id, via });
          else sendErrors++;
        } catch {
          sendErrors++;
        } finally {
          release();
        }
        await sleep(GAP_MS[0] + Math.random() * (GAP_MS[1] - GAP_MS[0]));
      }
    };
    await Promise.all(users.map(sender));
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    const undelivered = () => [...sends.keys()].filter((id) => !received.has(id)).length;
    const waitUntil = performance.now() + STRAGGLER_WAIT_MS;
    while (undelivered() > 0 && performance.now() < waitUntil) await sleep(50);
    await sleep(200); // late duplicates, if any
    running = false;

    const homeOf = new Map(users.map((u) => [u.id, u.home]));
    const delivery: number[] = [];
    let crossed = 0;
    for (const [id, send] of sends) {
      const at = received.get(id);
      if (at === undefined) continue;
      delivery.push(at - send.start);
      if (homeOf.get(send.receiver) !== send.via) crossed++;
    }
    delivery.sort((a, b) => a - b);
    sendLatencies.sort((a, b) => a - b);
    const lost = sends.size - delivery.length;
    return {
      database: target.name,
      users: USERS,
      seconds: round(loadSeconds, 2),
      sent: sends.size,
      delivered: delivery.length,
      lost,
      duplicates,
      sendErrors,
      sentPerSecond: round(sends.size / loadSeconds),
      sendP50: round(percentile(sendLatencies, 50), 2),
      sendP95: round(percentile(sendLatencies, 95), 2),
      deliveryP50: round(percentile(delivery, 50), 2),
      deliveryP95: round(percentile(delivery, 95), 2),
      deliveryP99: round(percentile(delivery, 99), 2),
      deliveryMax: round(delivery.at(-1) ?? 0, 2),
      crossInstanceShare: round(delivery.length ? crossed / delivery.length : 0, 3),
      streamsDropped,
    };
  } finally {
    for (const s of streams) s.close();
    for (const i of instances) {
      i.agent.destroy();
      await i.app.close();
    }
    await shared.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const RUNS = Math.max(1, Number(process.env.BENCH_MSG_RUNS ?? 3));
/** The performance budgets (docs/performance.md). */
const BUDGET = { deliveryP95Ms: 1000 };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Rows in the format of scripts/bench.mjs: medians of the runs, and the sums of what must be zero. */
function summaryRows(name: string, runs: RunResult[]) {
  const group = `Messaging, ${name} (${USERS} users, 2 instances, ${DURATION_S} s × ${runs.length} runs)`;
  const m = (pickValue: (r: RunResult) => number) => round(median(runs.map(pickValue)));
  const sum = (pickValue: (r: RunResult) => number) => runs.reduce((total, r) => total + pickValue(r), 0);
  const zero = { op: '<=' as const, value: 0 };
  return [
    { group, metric: 'messages sent per second (median)', value: m((r) => r.sentPerSecond), unit: 'msg/s', note: `${sum((r) => r.sent)} sent in all` },
    { group, metric: 'delivery p50 (median of runs)', value: m((r) => r.deliveryP50), unit: 'ms' },
    {
      group,
      metric: 'delivery p95 (median of runs)',
      value: m((r) => r.deliveryP95),
      unit: 'ms',
      budget: { op: '<=' as const, value: BUDGET.deliveryP95Ms },
      note: `runs: ${runs.map((r) => round(r.deliveryP95)).join(', ')} ms`,
    },
    { group, metric: 'delivery p99 (median of runs)', value: m((r) => r.deliveryP99), unit: 'ms' },
    { group, metric: 'lost (all runs)', value: sum((r) => r.lost), unit: '', budget: zero },
    { group, metric: 'duplicates (all runs)', value: sum((r) => r.duplicates), unit: '', budget: zero },
    { group, metric: 'send errors (all runs)', value: sum((r) => r.sendErrors), unit: '', budget: zero },
    { group, metric: 'deliveries across instances (LISTEN/NOTIFY)', value: round(100 * median(runs.map((r) => r.crossInstanceShare))), unit: '%' },
  ];
}

async function main(): Promise<void> {
  console.info(
    `[bench] live messaging: ${USERS} users on two instances, each sending every ${GAP_MS[0]}–${GAP_MS[1]} ms for ${DURATION_S} s, ` +
      `at most ${IN_FLIGHT} sends in flight, ${RUNS} runs per database; ${cpus().length} CPUs; Node ${process.versions.node}` +
      (PG_URL ? '' : ' (set BENCH_DATABASE_URL to add PostgreSQL)'),
  );
  const results: RunResult[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const target of TARGETS) {
    const runs: RunResult[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const r = await benchTarget(target);
      console.info(
        `[bench] ${r.database} run ${run}/${RUNS}: ${r.sent} sent (${r.sentPerSecond}/s), ${r.delivered} delivered, ${r.lost} lost, ${r.duplicates} duplicates, ` +
          `${r.sendErrors} send errors; delivery p95 ${r.deliveryP95} ms`,
      );
      runs.push(r);
    }
    results.push(...runs);
    rows.push(...summaryRows(target.name, runs));
  }
  if (!PG_URL) {
    rows.push({ group: 'Messaging, PostgreSQL', metric: 'all PostgreSQL rows', value: null, unit: '', note: 'skipped: BENCH_DATABASE_URL is not set' });
  }

  printTable(
    results.map((r) => ({
      database: r.database,
      users: r.users,
      seconds: r.seconds,
      sent: r.sent,
      'sent/s': r.sentPerSecond,
      delivered: r.delivered,
      lost: r.lost,
      dupes: r.duplicates,
      'send errors': r.sendErrors,
      'send p50': r.sendP50,
      'send p95': r.sendP95,
      'deliv p50': r.deliveryP50,
      'deliv p95': r.deliveryP95,
      'deliv p99': r.deliveryP99,
      'cross-instance': `${round(r.crossInstanceShare * 100)}%`,
    })),
  );

  const folder = join(REPO_ROOT, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const environment = {
    node: process.versions.node,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    users: USERS,
    durationSeconds: DURATION_S,
    runs: RUNS,
    sendGapMs: GAP_MS,
    maxInFlight: IN_FLIGHT,
    stragglerWaitMs: STRAGGLER_WAIT_MS,
  };
  writeFileSync(join(folder, 'messaging-details.json'), `${JSON.stringify({ date: new Date().toISOString(), environment, results }, null, 2)}\n`);
  writeFileSync(join(folder, 'messaging.json'), `${JSON.stringify(rows, null, 2)}\n`);
  console.info('[bench] rows written to bench-results/messaging.json, every run to bench-results/messaging-details.json (latencies in ms)');
  if (results.some((r) => r.lost > 0 || r.duplicates > 0 || r.sendErrors > 0)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error('[bench] failed:', err);
  process.exit(1);
});
