/**
 * The job queue's throughput: BENCH_JOBS (20,000) jobs of a no-op handler, all due, drained by the real runner
 * (jobs/runner.ts: claims with FOR UPDATE SKIP LOCKED, one completion per job) in
 *   - 1 and 4 worker PROCESSES on PostgreSQL (a fresh database each time, dropped afterwards), each process one runner
 *     at JOB_CONCURRENCY's default (4 jobs at once), started together on a signal; and
 *   - 1 runner on PGlite (in memory, in this process) for reference.
 * It reports jobs per second (all jobs / from the first start to the last finish), the 4-worker figure as a ratio of
 * the 1-worker one, the p95 of one claim statement, and how many jobs ran twice (must be 0: the exit code is 1
 * otherwise). Then the same on PostgreSQL with BENCH_SLOW_JOBS (2,000) jobs that each wait 20 ms (an SMTP round
 * trip, no CPU), where the ratio shows what more workers buy when the work is not the CPU's. Rows in bench-results/jobs.json for scripts/bench.mjs.
 *
 *   npm run bench -- jobs
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55433/postgres npx tsx api/bench/jobs.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { pino } from 'pino';
import { DEFAULT_JOB_CONCURRENCY, REPO_ROOT } from '../src/config.ts';
import { runStatement } from '../src/db/admin.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import type { DB } from '../src/db/types.ts';
import { createJobRunner } from '../src/jobs/runner.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
/** The second measure: jobs that wait (an SMTP round trip) rather than compute. */
const SLOW_JOBS = Number(process.env.BENCH_SLOW_JOBS ?? 2_000);
const WAIT_MS = 20;
const PG_URL = process.env.BENCH_DATABASE_URL?.trim();
const log = pino({ level: 'warn' });

const percentile = (values: number[], p: number) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface RunResult {
  ids: string[];
  claimMs: number[];
  startedAt: number;
  endedAt: number;
}

/** Drains every due job with one runner; answers what it ran and how long its claims took. `workMs`: each job waits that long (an SMTP round trip), using no CPU. */
async function drain(db: Kysely<DB>, workMs = 0): Promise<RunResult> {
  const ids: string[] = [];
  const claimMs: number[] = [];
  const runner = createJobRunner({
    db,
    log,
    concurrency: DEFAULT_JOB_CONCURRENCY,
    handlers: {
      bench: async (job) => {
        if (workMs > 0) await new Promise((resolve) => setTimeout(resolve, workMs));
        ids.push(job.id);
      },
    },
    onClaim: (ms) => claimMs.push(ms),
  });
  const startedAt = Date.now();
  await runner.runDue();
  return { ids, claimMs, startedAt, endedAt: Date.now() };
}

async function enqueueAll(db: Kysely<DB>, count = JOBS): Promise<void> {
  await sql`delete from jobs`.execute(db);
  const due = new Date(Date.now() - 1000);
  for (let i = 0; i < count; i += 1000) {
    const values = Array.from({ length: Math.min(1000, count - i) }, (_, k) => sql`('bench', ${JSON.stringify({ n: i + k })}::jsonb, ${due})`);
    await sql`insert into jobs (kind, payload, run_at) values ${sql.join(values)}`.execute(db);
  }
  await sql`analyze jobs`.execute(db);
}

/** A worker process: opens the database, waits for "go", drains, sends its result. */
async function child(url: string, workMs: number): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: DEFAULT_JOB_CONCURRENCY + 2 });
  process.send!({ ready: true });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  const result = await drain(database.db, workMs);
  await database.close();
  await new Promise<void>((resolve) => process.send!({ result }, () => resolve()));
  process.exit(0);
}

async function workersOnPostgres(url: string, workers: number, { jobs = JOBS, workMs = 0 } = {}) {
  const name = `bench_jobs_${process.pid}_${randomBytes(3).toString('hex')}`;
  await runStatement(url, `create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  try {
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.href });
    await migrateToLatest(database.db);
    await enqueueAll(database.db, jobs);
    const procs = Array.from({ length: workers }, () =>
      spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', dbUrl.href, String(workMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    // A worker that exits before it has answered fails the run (and the database is still dropped below).
    const failed = Promise.race(procs.map((p) => new Promise<never>((_resolve, reject) => p.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`))))));
    failed.catch(() => undefined);
    const ready = procs.map((p) => new Promise<void>((resolve) => p.once('message', () => resolve())));
    const results = procs.map((p) => new Promise<RunResult>((resolve) => p.on('message', (m: { result?: RunResult }) => m.result && resolve(m.result))));
    await Promise.race([Promise.all(ready), failed]);
    for (const p of procs) p.send('go');
    const done = await Promise.race([Promise.all(results), failed]);
    const open = await database.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('done_at', 'is', null).executeTakeFirstOrThrow();
    await database.close();
    return summarise(done, Number(open.n));
  } finally {
    await runStatement(url, `drop database if exists ${name} with (force)`);
  }
}

function summarise(results: RunResult[], open: number) {
  const ids = results.flatMap((r) => r.ids);
  const seconds = (Math.max(...results.map((r) => r.endedAt)) - Math.min(...results.map((r) => r.startedAt))) / 1000;
  return {
    jobsPerSecond: Math.round(ids.length / seconds),
    ran: ids.length,
    twice: ids.length - new Set(ids).size,
    open,
    claimP95: round(percentile(results.flatMap((r) => r.claimMs), 95), 2),
    perWorker: results.map((r) => r.ids.length),
    seconds: round(seconds, 2),
  };
}

async function main(): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  let twice = 0;
  const pgGroup = `Job queue, PostgreSQL, ${JOBS.toLocaleString('en-GB')} no-op jobs, worker processes of ${DEFAULT_JOB_CONCURRENCY} jobs at once`;
  if (PG_URL) {
    const one = await workersOnPostgres(PG_URL, 1);
    console.info(`[jobs] PostgreSQL, 1 worker: ${one.jobsPerSecond} jobs/s, claim p95 ${one.claimP95} ms, ${one.seconds} s, ran ${one.ran}, twice ${one.twice}, open ${one.open}`);
    const four = await workersOnPostgres(PG_URL, 4);
    console.info(
      `[jobs] PostgreSQL, 4 workers: ${four.jobsPerSecond} jobs/s, claim p95 ${four.claimP95} ms, ${four.seconds} s, ran ${four.ran} (${four.perWorker.join(' / ')}), twice ${four.twice}, open ${four.open}`,
    );
    twice += one.twice + four.twice + (one.open ? 1 : 0) + (four.open ? 1 : 0);
    rows.push(
      { group: pgGroup, metric: '1 worker: throughput', value: one.jobsPerSecond, unit: 'jobs/s', note: `${one.seconds} s` },
      { group: pgGroup, metric: '1 worker: claim p95', value: one.claimP95, unit: 'ms' },
      { group: pgGroup, metric: '4 workers: throughput', value: four.jobsPerSecond, unit: 'jobs/s', note: `${four.seconds} s; per worker ${four.perWorker.join(' / ')}` },
      { group: pgGroup, metric: '4 workers: ratio to 1 worker', value: round(four.jobsPerSecond / one.jobsPerSecond, 2), unit: 'x' },
      { group: pgGroup, metric: '4 workers: claim p95', value: four.claimP95, unit: 'ms' },
    );
    // Real jobs wait on the SMTP server, not the CPU: the same with each job waiting WAIT_MS, where workers add hands.
    const slowOne = await workersOnPostgres(PG_URL, 1, { jobs: SLOW_JOBS, workMs: WAIT_MS });
    const slowFour = await workersOnPostgres(PG_URL, 4, { jobs: SLOW_JOBS, workMs: WAIT_MS });
    console.info(`[jobs] PostgreSQL, ${WAIT_MS} ms jobs: 1 worker ${slowOne.jobsPerSecond} jobs/s, 4 workers ${slowFour.jobsPerSecond} jobs/s`);
    twice += slowOne.twice + slowFour.twice + (slowOne.open ? 1 : 0) + (slowFour.open ? 1 : 0);
    const slowGroup = `Job queue, PostgreSQL, ${SLOW_JOBS.toLocaleString('en-GB')} jobs waiting ${WAIT_MS} ms each (an SMTP round trip), worker processes of ${DEFAULT_JOB_CONCURRENCY} jobs at once`;
    rows.push(
      { group: slowGroup, metric: '1 worker: throughput', value: slowOne.jobsPerSecond, unit: 'jobs/s', note: `${slowOne.seconds} s` },
      { group: slowGroup, metric: '4 workers: throughput', value: slowFour.jobsPerSecond, unit: 'jobs/s', note: `${slowFour.seconds} s` },
      { group: slowGroup, metric: '4 workers: ratio to 1 worker', value: round(slowFour.jobsPerSecond / slowOne.jobsPerSecond, 2), unit: 'x' },
      {
        group: slowGroup,
        metric: 'jobs run twice or left open (all PostgreSQL runs)',
        value: one.twice + four.twice + one.open + four.open + slowOne.twice + slowFour.twice + slowOne.open + slowFour.open,
        unit: '',
        budget: { op: '<=', value: 0 },
      },
    );
  } else {
    rows.push({ group: pgGroup, metric: 'all PostgreSQL rows', value: null, unit: '', note: 'skipped: no BENCH_DATABASE_URL' });
  }

  const pglite = await openDatabase({ kind: 'pglite' });
  await migrateToLatest(pglite.db);
  await enqueueAll(pglite.db);
  const local = summarise([await drain(pglite.db)], 0);
  await pglite.close();
  console.info(`[jobs] PGlite, 1 runner: ${local.jobsPerSecond} jobs/s, claim p95 ${local.claimP95} ms, ${local.seconds} s, ran ${local.ran}, twice ${local.twice}`);
  twice += local.twice;
  const liteGroup = `Job queue, PGlite (in memory), ${JOBS.toLocaleString('en-GB')} no-op jobs, 1 runner of ${DEFAULT_JOB_CONCURRENCY} jobs at once`;
  rows.push(
    { group: liteGroup, metric: '1 runner: throughput', value: local.jobsPerSecond, unit: 'jobs/s', note: `${local.seconds} s` },
    { group: liteGroup, metric: '1 runner: claim p95', value: local.claimP95, unit: 'ms' },
  );

  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-results', 'jobs.json'), `${JSON.stringify(rows, null, 2)}\n`);
  if (twice > 0) {
    console.error(`[jobs] ${twice} job(s) ran twice or were left open`);
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--child') {
  child(process.argv[3]!, Number(process.argv[4] ?? 0)).catch((err: unknown) => {
    console.error('[jobs] worker failed:', err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error('[jobs] failed:', err);
    process.exit(1);
  });
}
