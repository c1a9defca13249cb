/**
 * Runs the queue's jobs: claims due ones of the kinds it has handlers for,
 * runs each, marks it done or failed (see queue.ts). The API process runs one
 * by default (plugins/jobs.ts); `npm run worker` runs the same thing on its own
 * (worker.ts), as many processes at once as wanted.
 *
 * When it sleeps: until the earliest time an open job can be claimed (its
 * run_at, or the end of a lease a worker still holds), read from the table
 * after every pass and capped by `pollMs`, so a job due in 60 s runs at 60 s
 * and a job written by another process is seen within `pollMs`. `wake()` (the
 * API calls it after committing a transaction that enqueued something) looks
 * again at once.
 *
 * Up to `concurrency` jobs run at once; a free slot claims the next due job
 * without waiting for the others, so one slow SMTP send does not hold up the
 * rest. `stop()` claims nothing more, waits for the jobs running, and gives
 * back any lease it still holds. Every hour or so it deletes finished jobs
 * older than `keepFinishedMs`.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { claimJobs, completeJob, deleteFinishedJobs, failJob, nextClaimableAt, releaseLeases, type ClaimedJob } from './queue.ts';

/** Does one job's work; throwing makes it run again later (backoff), until its last attempt. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export const DEFAULT_POLL_MS = 5_000;
/** Finished jobs are kept this long (for a person looking at what was sent), then deleted. */
export const KEEP_FINISHED_MS = 3 * 24 * 3600 * 1000;
const CLEANUP_EVERY_MS = 3600 * 1000;
/** The shortest sleep between passes: a job due now that another worker took must not make this one spin. */
const MIN_SLEEP_MS = 25;

export interface JobRunnerOptions {
  db: Kysely<DB>;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** The lease of a claimed job: longer than any one job takes (an SMTP send with its timeouts). */
  lockSeconds?: number;
  /** The longest sleep between looks at the table (jobs written by another process are seen within it). */
  pollMs?: number;
  now?: () => Date;
  /** Names this runner in the table's locked_by (default: host, process id and a random part, unique per runner). */
  worker?: string;
  /** How long finished jobs are kept before the clean-up deletes them. */
  keepFinishedMs?: number;
  /** Told of every claim: how long the statement took and how many jobs it took (the benchmark; metrics). */
  onClaim?: (ms: number, jobs: number) => void;
  /**
   * Told of every job run as it ends (GET /metrics): `done`, or how it failed: `retry` (it runs again later), `failed`
   * (no attempts left), `lost` (its lease had run out: another worker has it).
   */
  onJobRun?: (kind: string, outcome: JobOutcome) => void;
}

export type JobOutcome = 'done' | 'retry' | 'failed' | 'lost';

export interface JobRunner {
  /** Starts running due jobs, and sleeping until the next one is due. */
  start(): void;
  /** Claims nothing more, waits for the jobs running now to finish, gives back any lease left. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; answers how many ran (tests call it with a fixed clock). */
  runDue(): Promise<number>;
  /** Looks for due jobs now (after a transaction that enqueued one has committed). */
  wake(): void;
  /** Deletes finished jobs older than keepFinishedMs; answers how many. */
  cleanUp(): Promise<number>;
  /** This runner's name in locked_by. */
  readonly worker: string;
}

export function createJobRunner({
  db,
  handlers,
  log,
  concurrency = 4,
  lockSeconds = 300,
  pollMs = DEFAULT_POLL_MS,
  now = () => new Date(),
  worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
  keepFinishedMs = KEEP_FINISHED_MS,
  onClaim,
  onJobRun,
}: JobRunnerOptions): JobRunner {
  const kinds = Object.keys(handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let pass: Promise<void> | undefined;
  let started = false;
  let closing = false;
  let woken = false;
  let lastCleanUp = 0;

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job);
    } catch (err) {
      try {
        const outcome = await failJob(db, job, worker, err, now());
        onJobRun?.(job.kind, outcome);
        const what = { failed: 'no more attempts', retry: 'will retry', lost: 'its lease had run out: another worker has it' }[outcome];
        log[outcome === 'failed' ? 'error' : 'warn']({ err, job: { id: job.id, kind: job.kind, attempt: job.attempt } }, `job ${job.kind} failed (${what})`);
      } catch (recordErr) {
        // The lease runs out and the job is claimed again.
        onJobRun?.(job.kind, 'retry');
        log.error({ err: recordErr, job: { id: job.id, kind: job.kind } }, 'job failed and its failure could not be recorded');
      }
      return;
    }
    try {
      // Lost: the job outlived its lease and another worker took it (it may run twice: lockSeconds is too short for it).
      onJobRun?.(job.kind, 'done');
      if (!(await completeJob(db, job, worker, now()))) log.warn({ job: { id: job.id, kind: job.kind } }, `job ${job.kind} finished after its lease ran out`);
    } catch (err) {
      // The work is done but not marked: it runs again when the lease runs out (at least once, see docs/reliability.md).
      log.error({ err, job: { id: job.id, kind: job.kind } }, 'job done but could not be marked done');
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    const active = new Set<Promise<void>>();
    try {
      for (;;) {
        // stop() sets closing while this runs: claim nothing more.
        if (closing) break;
        const free = concurrency - active.size;
        // Claim when at least half the slots are free: a claim per finished job would double the statements per job.
        if (free === 0 || (active.size > 0 && free < Math.ceil(concurrency / 2))) {
          await Promise.race(active);
          continue;
        }
        const claimStarted = performance.now();
        const jobs = await claimJobs(db, { worker, limit: free, lockSeconds, kinds, now: now() });
        onClaim?.(performance.now() - claimStarted, jobs.length);
        for (const job of jobs) {
          const task: Promise<void> = runOne(job).finally(() => active.delete(task));
          active.add(task);
        }
        ran += jobs.length;
        if (jobs.length === 0) {
          if (active.size === 0) break;
          await Promise.race(active);
        }
      }
    } finally {
      await Promise.all(active);
    }
    return ran;
  }

  // One drain at a time: a call while one runs joins it.
  const runDue = () => (running ??= drain().finally(() => (running = undefined)));

  async function cleanUp(): Promise<number> {
    const deleted = await deleteFinishedJobs(db, new Date(now().getTime() - keepFinishedMs));
    if (deleted > 0) log.info({ deleted }, 'job queue: finished jobs deleted');
    return deleted;
  }

  /** One pass: run what is due, clean up now and then, and say how long to sleep. */
  async function onePass(): Promise<number> {
    woken = false;
    await runDue();
    if (Date.now() - lastCleanUp >= CLEANUP_EVERY_MS) {
      lastCleanUp = Date.now();
      await cleanUp();
    }
    const next = await nextClaimableAt(db, kinds);
    if (woken) return 0;
    if (next === null) return pollMs;
    return Math.min(pollMs, Math.max(MIN_SLEEP_MS, next.getTime() - now().getTime()));
  }

  function loop(): void {
    timer = undefined;
    if (!started || closing) return;
    pass = onePass()
      .catch((err: unknown) => {
        log.error({ err }, 'job runner could not read the queue');
        return pollMs;
      })
      .then((sleepMs) => {
        pass = undefined;
        if (started && !closing) timer = setTimeout(loop, sleepMs);
      });
  }

  return {
    worker,
    start() {
      if (started) return;
      started = true;
      closing = false;
      loop();
    },
    async stop() {
      if (!started && !running) return;
      closing = true;
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await pass?.catch(() => undefined);
      await running?.catch(() => undefined);
      try {
        const released = await releaseLeases(db, worker);
        if (released > 0) log.info({ released }, 'job runner stopped: leases given back');
      } catch (err) {
        log.warn({ err }, 'job runner stopped: its leases could not be given back (they run out by themselves)');
      }
    },
    runDue,
    wake() {
      if (!started || closing) return;
      woken = true;
      // Asleep: look now. In a pass: `woken` makes it look again at once.
      if (timer) {
        clearTimeout(timer);
        timer = setTimeout(loop, 0);
      }
    },
    cleanUp,
  };
}
