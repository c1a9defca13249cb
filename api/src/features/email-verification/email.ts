/**
 * The verification email. Registration and Resend enqueue a 'verify-email' job in their own transaction (the job
 * exists exactly when the account, or the request, does); the job writes the link when it runs, valid for
 * VERIFY_EMAIL_TTL_DAYS from then, and sends nothing once the address is confirmed, the account is gone or uses
 * another address than the one the job was for.
 */
import { ROUTES, VERIFY_EMAIL_TTL_DAYS, VERIFY_TEXTS } from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { notificationEmail } from '../notifications/email-layout.ts';
import { nameForEmail, type Email, type Mailer } from '../password-reset/mailer.ts';
import { findVerification } from './repository.ts';
import { verificationToken } from './tokens.ts';

export const VERIFY_EMAIL_JOB = 'verify-email';

/** The path of the page the link opens (the shell's /verify-email). */
export const verifyEmailUrl = (publicUrl: string, token: string) => `${publicUrl}${ROUTES.verifyEmail}?token=${encodeURIComponent(token)}`;

export interface VerifyEmailPayload {
  userId: number;
  /** The address the email is for: a job for an address the account no longer uses sends nothing. */
  email: string;
}

/**
 * In the caller's transaction: the job that emails the link. `request` names it (0 for registration, the resend's id),
 * so one request is one open job.
 */
export function enqueueVerificationEmail(trx: Executor, payload: VerifyEmailPayload, request: number, now: Date): Promise<boolean> {
  return enqueue(trx, { kind: VERIFY_EMAIL_JOB, key: `${VERIFY_EMAIL_JOB}:${payload.userId}:${request}`, payload: { ...payload } }, now);
}

/** The email: "Confirm your email address", in the product's look, with the one button. */
export function verificationEmail(to: string, name: string, link: string): Email {
  const shown = nameForEmail(name);
  return notificationEmail({
    to,
    subject: VERIFY_TEXTS.emailSubject,
    heading: 'Confirm your email address',
    paragraphs: [
      shown ? `Hello ${shown},` : 'Hello,',
      'Thank you for joining RoomNest. Please confirm that this is your email address: your listings, flatmate card and messages then carry an "Email verified" mark, which helps others trust you.',
      `The link works for ${VERIFY_EMAIL_TTL_DAYS} days. If you did not create an account, ignore this email: nothing happens without the link.`,
    ],
    action: { label: 'Confirm your email address', url: link },
    reason: 'You get this email because this address was used to create a RoomNest account.',
  });
}

function isPayload(value: Record<string, unknown>): value is Record<string, unknown> & VerifyEmailPayload {
  return Number.isSafeInteger(value.userId) && (value.userId as number) > 0 && typeof value.email === 'string';
}

export interface VerifyEmailHandlerOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  publicUrl: string;
  secret: Uint8Array;
  log: FastifyBaseLogger;
  now: () => Date;
}

export function verifyEmailHandler({ db, mailer, publicUrl, secret, log, now }: VerifyEmailHandlerOptions): JobHandler {
  return async (job) => {
    if (!isPayload(job.payload)) {
      log.error({ job: { id: job.id, payload: job.payload } }, 'verify-email job without userId and email: dropped');
      return;
    }
    const { userId, email } = job.payload;
    const account = await findVerification(db, userId);
    // Gone, confirmed already, or now using another address than the one this email was for: nothing to send.
    if (!account || account.email_verified_at !== null || account.email.toLowerCase() !== email.toLowerCase()) return;
    const expiresAt = new Date(now().getTime() + VERIFY_EMAIL_TTL_DAYS * 24 * 3600 * 1000);
    const link = verifyEmailUrl(publicUrl, verificationToken(secret, userId, account.email, expiresAt));
    await mailer.send(verificationEmail(account.email, account.name, link));
  };
}
