/**
 * The job queue in the API process. `app.jobs.wake()` is what a route calls
 * after committing a transaction that enqueued a job, so a job due now runs now;
 * `app.jobs.runDue()` runs every due job (the tests call it with a fixed clock).
 *
 * With `run` (RUN_JOBS, on by default) the runner starts when the app is ready
 * and stops when it closes, before main.ts closes the database: it claims
 * nothing more and waits for the jobs running. Without it (separate
 * `npm run worker` processes run the jobs, or a test drives them) nothing runs
 * by itself and wake() does nothing.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { createJobRunner, type JobHandlers } from '../jobs/runner.ts';

export interface JobsPluginOptions {
  db: Kysely<DB>;
  /** Every kind of job and its handler: one object, built in app.ts. */
  handlers: JobHandlers;
  /** Whether this process runs the jobs by itself. */
  run: boolean;
  concurrency?: number;
  now?: () => Date;
}

export interface AppJobs {
  /** Look for due jobs now: call after the transaction that enqueued one has committed. */
  wake(): void;
  /** Claims and runs every due job; answers how many ran. */
  runDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: AppJobs;
  }
}

async function jobsPlugin(app: FastifyInstance, { db, handlers, run, concurrency, now }: JobsPluginOptions): Promise<void> {
  const runner = createJobRunner({
    db,
    handlers,
    log: app.log.child({ component: 'jobs' }),
    concurrency,
    now,
    onJobRun: (kind, outcome) => {
      app.metrics.jobRuns.inc({ kind });
      if (outcome !== 'done') app.metrics.jobFailures.inc({ kind, outcome });
    },
  });
  app.decorate('jobs', { wake: () => runner.wake(), runDue: () => runner.runDue() } satisfies AppJobs);
  if (run) app.addHook('onReady', async () => runner.start());
  // Also when not started: a test's runDue may still be running.
  app.addHook('onClose', async () => runner.stop());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['metrics'] });
