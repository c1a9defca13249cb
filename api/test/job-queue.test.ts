/**
 * The durable job queue (jobs/queue.ts, jobs/runner.ts) on a real database: enqueue, claim and complete; the key that
 * makes a repeated enqueue harmless; SKIP LOCKED (two claimers get disjoint jobs, and one does not wait for the other's
 * locks); retries with backoff on a fixed clock, then failed with the last error kept; a lease that ran out is claimed
 * again and the old holder can no longer complete it; clean-up; four runners sharing one database run every job once;
 * the runner sleeping until the next due job, woken by wake(), stopping gracefully; and an SMTP server that refuses
 * twice (451) and then accepts: the message email goes out once, after the backoff, through the real mailer.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { DB } from '../src/db/types.ts';
import { insertMessage } from '../src/features/messages/repository.ts';
import { enqueueMessageEmail, messageEmailHandler, MESSAGE_EMAIL_JOB } from '../src/features/notifications/message-email.ts';
import { createMailer } from '../src/features/password-reset/mailer.ts';
import { backoffSeconds, claimJobs, completeJob, deleteFinishedJobs, enqueue, failJob } from '../src/jobs/queue.ts';
import pino from 'pino';
import { createJobRunner, type JobHandler } from '../src/jobs/runner.ts';
import { decodeQuotedPrintable } from './email-support.ts';
import { createUser, SHARED_DATABASES, TEST_DATABASES, TEST_TOKEN_SECRET } from './support.ts';

// The runner's logger, writing nothing.
const log = pino({ level: 'silent' });

const T0 = new Date('2026-03-02T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function jobRow(db: Kysely<DB>, id: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe.each(TEST_DATABASES)('job queue on $name', (database) => {
  let opened: Database;
  let db: Kysely<DB>;

  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(() => opened?.close());

  const clear = () => sql`delete from jobs`.execute(db);

  it('enqueues, claims (leasing the job, counting the attempt) and completes', async () => {
    await clear();
    expect(await enqueue(db, { kind: 'k', payload: { n: 1 } }, T0)).toBe(true);
    expect(await enqueue(db, { kind: 'k', payload: { n: 2 }, runAt: at(60) }, T0)).toBe(true);
    const [job, ...rest] = await claimJobs(db, { worker: 'a', limit: 10, lockSeconds: 300, now: T0 });
    expect(rest).toEqual([]);
    expect(job).toMatchObject({ kind: 'k', payload: { n: 1 }, attempt: 1, maxAttempts: 8, key: null });
    // Leased: nobody else takes it; the one due later is not due yet.
    expect(await claimJobs(db, { worker: 'b', limit: 10, lockSeconds: 300, now: at(1) })).toEqual([]);
    await completeJob(db, job!, 'a', at(2));
    const row = await jobRow(db, job!.id);
    expect(row.done_at).toEqual(at(2));
    expect(row.locked_until).toBeNull();
    // Done: never claimed again, even after its lease would have run out.
    const later = await claimJobs(db, { worker: 'b', limit: 10, lockSeconds: 300, now: at(3600) });
    expect(later.map((j) => j.payload)).toEqual([{ n: 2 }]);
  });

  it('claims only the kinds asked for', async () => {
    await clear();
    await enqueue(db, { kind: 'a' }, T0);
    await enqueue(db, { kind: 'b' }, T0);
    expect((await claimJobs(db, { worker: 'w', limit: 10, lockSeconds: 60, kinds: ['b'], now: T0 })).map((j) => j.kind)).toEqual(['b']);
    expect(await claimJobs(db, { worker: 'w', limit: 10, lockSeconds: 60, kinds: [], now: T0 })).toEqual([]);
  });

  it('makes a repeated enqueue with the same key harmless while the job is open, and allows it again once done', async () => {
    await clear();
    expect(await enqueue(db, { kind: 'k', key: 'same', payload: { first: true } }, T0)).toBe(true);
    expect(await enqueue(db, { kind: 'k', key: 'same', payload: { first: false } }, T0)).toBe(false);
    const open = await db.selectFrom('jobs').select(['payload']).where('key', '=', 'same').execute();
    expect(open.map((r) => r.payload)).toEqual([{ first: true }]);
    const [job] = await claimJobs(db, { worker: 'w', limit: 1, lockSeconds: 60, now: T0 });
    // Still open while it runs.
    expect(await enqueue(db, { kind: 'k', key: 'same' }, T0)).toBe(false);
    await completeJob(db, job!, 'w', T0);
    expect(await enqueue(db, { kind: 'k', key: 'same' }, T0)).toBe(true);
  });

  it('retries a failing job with backoff (not before it, then yes), then marks it failed keeping the last error', async () => {
    await clear();
    let calls = 0;
    let clock = T0;
    const handler: JobHandler = async () => {
      calls += 1;
      throw new Error(`SMTP refused, attempt ${calls}`);
    };
    const runner = createJobRunner({ db, handlers: { flaky: handler }, log, now: () => clock });
    await enqueue(db, { kind: 'flaky', maxAttempts: 3 }, T0);
    expect(await runner.runDue()).toBe(1);
    const [row] = await db.selectFrom('jobs').selectAll().execute();
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toBe('SMTP refused, attempt 1');
    expect(row!.run_at).toEqual(at(backoffSeconds(1)));
    expect(backoffSeconds(1)).toBe(30);
    clock = at(29);
    expect(await runner.runDue()).toBe(0);
    clock = at(30);
    expect(await runner.runDue()).toBe(1);
    expect(backoffSeconds(2)).toBe(60);
    clock = at(30 + 59);
    expect(await runner.runDue()).toBe(0);
    clock = at(30 + 60);
    expect(await runner.runDue()).toBe(1);
    const failed = await jobRow(db, String(row!.id));
    expect(failed.failed_at).toEqual(at(90));
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toBe('SMTP refused, attempt 3');
    clock = at(100_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
    // The backoff doubles up to an hour.
    expect([3, 4, 7, 8, 20].map(backoffSeconds)).toEqual([120, 240, 1920, 3600, 3600]);
  });

  it('claims again a job whose lease ran out (its worker died), and the old holder can no longer complete or fail it', async () => {
    await clear();
    await enqueue(db, { kind: 'k' }, T0);
    const [first] = await claimJobs(db, { worker: 'dead', limit: 1, lockSeconds: 60, now: T0 });
    expect(await claimJobs(db, { worker: 'alive', limit: 1, lockSeconds: 60, now: at(59) })).toEqual([]);
    const [second] = await claimJobs(db, { worker: 'alive', limit: 1, lockSeconds: 60, now: at(60) });
    expect(second).toMatchObject({ id: first!.id, attempt: 2 });
    expect(await completeJob(db, first!, 'dead', at(61))).toBe(false);
    expect(await failJob(db, first!, 'dead', new Error('late'), at(61))).toBe('lost');
    let row = await jobRow(db, first!.id);
    expect(row.done_at).toBeNull();
    expect(row.last_error).toBeNull();
    expect(row.locked_by).toBe('alive');
    expect(await completeJob(db, second!, 'alive', at(62))).toBe(true);
    row = await jobRow(db, first!.id);
    expect(row.done_at).toEqual(at(62));
  });

  it('deletes finished jobs older than the limit, never open ones', async () => {
    await clear();
    for (let i = 0; i < 3; i++) await enqueue(db, { kind: 'k', payload: { i } }, T0);
    const [done, failed] = await claimJobs(db, { worker: 'w', limit: 2, lockSeconds: 60, now: T0 });
    await completeJob(db, done!, 'w', T0);
    await failJob(db, { ...failed!, maxAttempts: 1 }, 'w', new Error('no'), at(10));
    expect(await deleteFinishedJobs(db, at(5))).toBe(1);
    expect(await deleteFinishedJobs(db, at(11))).toBe(1);
    expect(await db.selectFrom('jobs').select('payload').execute()).toEqual([{ payload: { i: 2 } }]);
    // The runner's clean-up keeps what is younger than keepFinishedMs.
    const runner = createJobRunner({ db, handlers: { k: async () => undefined }, log, now: () => T0, keepFinishedMs: 1000 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.cleanUp()).toBe(0);
    const later = createJobRunner({ db, handlers: {}, log, now: () => at(2), keepFinishedMs: 1000 });
    expect(await later.cleanUp()).toBe(1);
  });

  it('sleeps until the next job is due (not the poll interval), runs a job at once on wake(), and stops gracefully', async () => {
    await clear();
    const ran: { id: string; at: number }[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const blockedStarted = new Promise<void>((resolve) => (started = resolve));
    let notify: (() => void) | null = null;
    const handlers = {
      quick: async (job: { id: string }) => {
        ran.push({ id: job.id, at: Date.now() });
        notify?.();
      },
      blocked: async () => {
        started();
        await gate;
      },
    };
    const ranOnce = () => new Promise<void>((resolve) => (notify = resolve));
    // A poll interval far longer than the test: only the due time and wake() can make jobs run.
    const runner = createJobRunner({ db, handlers, log, pollMs: 600_000 });
    runner.start();
    try {
      const due = ranOnce();
      const startedAt = Date.now();
      await enqueue(db, { kind: 'quick', runAt: new Date(startedAt + 400) });
      runner.wake();
      await due;
      expect(ran[0]!.at - startedAt).toBeGreaterThanOrEqual(390);
      expect(ran[0]!.at - startedAt).toBeLessThan(10_000);

      const now = ranOnce();
      const enqueuedAt = Date.now();
      await enqueue(db, { kind: 'quick' });
      runner.wake();
      await now;
      expect(ran[1]!.at - enqueuedAt).toBeLessThan(10_000);

      // Stop while a job runs: stop waits for it, and it is marked done, its lease given back.
      await enqueue(db, { kind: 'blocked' });
      runner.wake();
      await blockedStarted;
      let stopped = false;
      const stopping = runner.stop().then(() => (stopped = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(stopped).toBe(false);
      release();
      await stopping;
      const row = await db.selectFrom('jobs').selectAll().where('kind', '=', 'blocked').executeTakeFirstOrThrow();
      expect(row.done_at).not.toBeNull();
      expect(row.locked_until).toBeNull();
    } finally {
      release();
      await runner.stop();
    }
  });

  it('sends a message email through a real SMTP server that refuses twice (451): after the backoff, exactly once', async () => {
    await clear();
    const received: string[] = [];
    let attempts = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          attempts += 1;
          if (attempts <= 2) return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'RoomNest <no-reply@roomnest.test>', outboxDir: '/nonexistent', log });
      let clock = T0;
      const handler = messageEmailHandler({ db, mailer, publicUrl: 'https://roomnest.example', secret: TEST_TOKEN_SECRET, log, now: () => clock });
      const runner = createJobRunner({ db, handlers: { [MESSAGE_EMAIL_JOB]: handler }, log, now: () => clock });
      const [sender, receiver] = [await createUser(db, { name: 'Sam Sender' }), await createUser(db, { name: 'Rita Receiver' })];
      await db.transaction().execute(async (trx) => {
        await insertMessage(trx, sender.id, receiver.id, 'Is the room near the station?');
        await enqueueMessageEmail(trx, receiver.id, sender.id, 600, T0);
      });
      clock = at(600);
      expect(await runner.runDue()).toBe(1);
      expect(attempts).toBe(1);
      clock = at(600 + 29);
      expect(await runner.runDue()).toBe(0);
      clock = at(600 + 30);
      expect(await runner.runDue()).toBe(1);
      expect(attempts).toBe(2);
      clock = at(600 + 30 + 60);
      expect(await runner.runDue()).toBe(1);
      expect(attempts).toBe(3);
      clock = at(100_000);
      expect(await runner.runDue()).toBe(0);
      expect(received).toHaveLength(1);
      const email = decodeQuotedPrintable(received[0]!);
      expect(email).toContain(`To: ${receiver.email}`);
      expect(email).toContain('Subject: Sam Sender sent you a message on RoomNest');
      expect(email).toContain('Is the room near the station?');
      expect(email).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(email).toContain(`https://roomnest.example/messages/chat/${sender.id}`);
      const job = await db.selectFrom('jobs').selectAll().where('kind', '=', MESSAGE_EMAIL_JOB).executeTakeFirstOrThrow();
      expect(job.attempts).toBe(3);
      expect(job.done_at).toEqual(at(90 + 600));
      expect(job.last_error).toMatch(/451|try again later/i);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe.each(SHARED_DATABASES)('several workers on one $name database', (shared) => {
  it('two claimers get disjoint jobs; one does not wait for the rows the other holds locked (SKIP LOCKED)', async () => {
    const { first, second, close, name } = await shared.open();
    try {
      for (let i = 0; i < 10; i++) await enqueue(first.db, { kind: 'k', payload: { i } }, T0);
      let claims: { a: { id: string }[]; b: { id: string }[] };
      if (name === 'PostgreSQL') {
        // The first claim's transaction stays open, holding its rows' locks, while the second claims on another
        // connection: without SKIP LOCKED the second would wait for the first, which waits for it (the test times out).
        claims = await first.db.transaction().execute(async (trx) => {
          const a = await claimJobs(trx, { worker: 'a', limit: 4, lockSeconds: 60, now: T0 });
          const b = await claimJobs(second.db, { worker: 'b', limit: 10, lockSeconds: 60, now: T0 });
          return { a, b };
        });
      } else {
        // One PGlite instance runs one statement at a time: claims at once still never overlap.
        const [a, b] = await Promise.all([
          claimJobs(first.db, { worker: 'a', limit: 4, lockSeconds: 60, now: T0 }),
          claimJobs(second.db, { worker: 'b', limit: 10, lockSeconds: 60, now: T0 }),
        ]);
        claims = { a, b };
      }
      expect(claims.a).toHaveLength(4);
      expect(claims.b).toHaveLength(6);
      expect(new Set([...claims.a, ...claims.b].map((j) => j.id)).size).toBe(10);
    } finally {
      await close();
    }
  });

  it('four runners sharing the jobs run each exactly once', async () => {
    const { first, second, close } = await shared.open();
    try {
      const JOBS = 300;
      for (let i = 0; i < JOBS; i += 100) {
        const values = Array.from({ length: 100 }, (_, k) => sql`(${'count'}, ${JSON.stringify({ n: i + k })}::jsonb, ${T0})`);
        await sql`insert into jobs (kind, payload, run_at) values ${sql.join(values)}`.execute(first.db);
      }
      const seen = new Map<number, string[]>();
      const runners = [first, second, first, second].map((d, index) =>
        createJobRunner({
          db: d.db,
          log,
          now: () => at(1),
          concurrency: 3,
          worker: `runner-${index}`,
          handlers: {
            count: async (job) => {
              const n = job.payload.n as number;
              seen.set(n, [...(seen.get(n) ?? []), `runner-${index}`]);
              // A little work, so the runners' claims interleave.
              await new Promise((resolve) => setImmediate(resolve));
            },
          },
        }),
      );
      const counts = await Promise.all(runners.map((r) => r.runDue()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(JOBS);
      expect(seen.size).toBe(JOBS);
      expect([...seen.values()].every((by) => by.length === 1)).toBe(true);
      const open = await first.db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute();
      expect(open).toEqual([]);
      // On PostgreSQL the four run side by side, and more than one of them took a share.
      expect(counts.filter((c) => c > 0).length).toBeGreaterThan(shared.name === 'PostgreSQL' ? 1 : 0);
    } finally {
      await close();
    }
  });
});
