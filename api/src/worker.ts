/**
 * `npm run worker`: a process that only runs the job queue (emails and alerts),
 * for when the API instances should not (RUN_JOBS=false) or more hands are
 * needed. It reads the same configuration as the API (config.ts), opens the
 * same PostgreSQL database, runs the same handlers (jobs/handlers.ts) and
 * stops cleanly on SIGTERM or SIGINT: it claims nothing more, finishes the jobs
 * it is running, then closes the database. Any number may run at once: a job is
 * claimed by one of them only (FOR UPDATE SKIP LOCKED) and marked done only by
 * the one holding its lease (jobs/queue.ts).
 *
 * PostgreSQL only: the embedded PGlite database lives in one process, the
 * API's, which holds its data folder; there the API runs the jobs itself.
 */
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig, WORKER_NEEDS_DATABASE_URL, WORKER_NEEDS_SHARED_SETTINGS } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { createMailer } from './features/password-reset/mailer.ts';
import { jobHandlers } from './jobs/handlers.ts';
import { createJobRunner } from './jobs/runner.ts';
import { logDestination } from './log-format.ts';
import { redactSecrets } from './log-redaction.ts';
import { stopOnSignals } from './shutdown.ts';

/** How long a stop may take (jobs finishing) before the process exits anyway; their leases run out and another worker takes them. */
const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(`[worker] ${WORKER_NEEDS_DATABASE_URL}`);
    process.exit(1);
  }
  // Left unset, each would be the worker's own (a secret generated in its DATA_DIR, links to localhost), and the
  // unsubscribe links and room links of the emails it sends would not work.
  if (!process.env.TOKEN_SECRET?.trim() || !process.env.PUBLIC_URL?.trim()) {
    console.error(`[worker] ${WORKER_NEEDS_SHARED_SETTINGS}`);
    process.exit(1);
  }
  // LOG_FORMAT as the API's: a pretty line is made from the redacted JSON one (log-format.ts).
  const destination = logDestination(config.logFormat);
  const log = pino({ level: config.logLevel, base: { pid: process.pid, component: 'worker' }, hooks: { streamWrite: redactSecrets } }, ...(destination ? [destination] : []));
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  await migrateToLatest(database.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log });
  const handlers = jobHandlers({ db: database.db, mailer, publicUrl: config.publicUrl, secret: config.tokenSecret, log, now: () => new Date(), digestHour: config.digestHour });
  const runner = createJobRunner({ db: database.db, handlers, log, concurrency: config.jobConcurrency });

  stopOnSignals(
    'worker',
    SHUTDOWN_GRACE_MS,
    async (signal) => {
      log.info(`${signal} received: finishing the jobs running, then stopping`);
      await runner.stop();
      await database.close();
      log.info('worker stopped');
    },
    ' (the leases of unfinished jobs run out and another worker takes them)',
  );

  runner.start();
  log.info({ worker: runner.worker, kinds: Object.keys(handlers), concurrency: config.jobConcurrency, email: config.smtpUrl ? 'SMTP' : 'outbox' }, 'job worker running');
}

main().catch((err: unknown) => {
  if (err instanceof Error && ['ConfigError', 'MigrationError'].includes(err.name)) console.error(`[worker] ${err.message}`);
  else console.error('[worker] failed to start:', err);
  process.exit(1);
});
