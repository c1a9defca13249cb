/**
 * Every kind of job and what runs it, in this one object: the API process
 * (plugins/jobs.ts, through app.ts) and `npm run worker` (worker.ts) run the
 * same ones. A feature adds its kinds here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { VERIFY_EMAIL_JOB, verifyEmailHandler } from '../features/email-verification/email.ts';
import { MESSAGE_EMAIL_JOB, messageEmailHandler } from '../features/notifications/message-email.ts';
import type { Mailer } from '../features/password-reset/mailer.ts';
import { createAlertHandlers } from '../features/saved-searches/alerts.ts';
import type { JobHandlers } from './runner.ts';

export interface JobHandlerDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
  /** The token secret (signs the unsubscribe and verification links). */
  secret: Uint8Array;
  log: FastifyBaseLogger;
  now: () => Date;
  /** DIGEST_HOUR: the London hour of the daily digest. */
  digestHour: number;
}

export function jobHandlers(deps: JobHandlerDeps): JobHandlers {
  return {
    [MESSAGE_EMAIL_JOB]: messageEmailHandler(deps),
    [VERIFY_EMAIL_JOB]: verifyEmailHandler(deps),
    ...createAlertHandlers(deps),
  };
}
