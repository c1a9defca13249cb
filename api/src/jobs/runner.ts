/**
 * Runs the queue's jobs: claims due ones of the kinds it has handlers for,
 * runs each, marks it done or failed (see queue.ts). The API process runs one
 * by default; `npm run worker` runs the same thing on its own.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { claimJobs, completeJob, failJob, type ClaimedJob } from './queue.ts';

/** Does one job's work; throwing makes it run again later (backoff), until its last attempt. */
export type JobHandler = (job: ClaimedJob) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobRunnerOptions {
  db: Kysely<DB>;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /** The lease of a claimed job: longer than any one job takes (an SMTP send with its timeouts). */
  lockSeconds?: number;
  /** How often to look for due jobs when idle. */
  pollMs?: number;
  now?: () => Date;
  /** Names this runner in the table's locked_by (default: host and process id). */
  worker?: string;
}

export interface JobRunner {
  /** Starts polling for due jobs. */
  start(): void;
  /** Stops polling and waits for the jobs running now to finish. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; answers how many ran (tests, and a wake-up after an enqueue). */
  runDue(): Promise<number>;
}

export function createJobRunner({
  db,
  handlers,
  log,
  concurrency = 4,
  lockSeconds = 300,
  pollMs = 1000,
  now = () => new Date(),
  worker = `${hostname()}:${process.pid}`,
}: JobRunnerOptions): JobRunner {
  const kinds = Object.keys(handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job);
      await completeJob(db, job, worker, now());
    } catch (err) {
      const outcome = await failJob(db, job, worker, err, now());
      log[outcome === 'failed' ? 'error' : 'warn']({ err, job: { id: job.id, kind: job.kind, attempt: job.attempt } }, `job ${job.kind} failed (${outcome === 'failed' ? 'no more attempts' : 'will retry'})`);
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await claimJobs(db, { worker, limit: concurrency, lockSeconds, kinds, now: now() });
      if (jobs.length === 0) return ran;
      await Promise.all(jobs.map(runOne));
      ran += jobs.length;
    }
  }

  // One drain at a time: a wake-up while one runs joins it.
  const runDue = () => (running ??= drain().finally(() => (running = undefined)));

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      runDue()
        .catch((err: unknown) => log.error({ err }, 'job runner could not read the queue'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
    runDue,
  };
}
