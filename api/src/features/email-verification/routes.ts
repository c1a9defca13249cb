/**
 * Email verification at /api/auth (docs/security.md, Email verification).
 *
 * POST /verify-email `{ Token }`: the link of the verification email (tokens.ts) confirms the account's address.
 * Idempotent: a second use of a good link answers that the address is confirmed already. A link that is malformed,
 * tampered with, for an account that is gone or now uses another address answers 400 (invalid); a genuine link past
 * its VERIFY_EMAIL_TTL_DAYS answers 400 (expired), unless the address is confirmed already.
 *
 * POST /verify-email/resend (logged in): another email, at most VERIFY_RESEND_MAX_PER_HOUR an hour per person,
 * counted in the database (migration 0021) so the limit holds across instances; then 429 with retry-after.
 * Nothing to send for a confirmed address: 200 saying so.
 */
import { API_TEXTS, apiErrorSchema, VERIFY_RESEND_MAX_PER_HOUR, VERIFY_TEXTS, VERIFY_EMAIL_TTL_DAYS, verifyEmailSchema } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { enqueueVerificationEmail } from './email.ts';
import { findVerification, lockVerification, markVerified, recentResends, recordResend } from './repository.ts';
import { readVerificationToken, tokenMatches } from './tokens.ts';

export interface EmailVerificationRoutesOptions {
  db: Kysely<DB>;
  /** The token secret: signs and checks the links. */
  secret: Uint8Array;
  now: () => Date;
}

const HOUR_MS = 3600 * 1000;

const verifiedSchema = z.object({
  message: z.string(),
  userId: z.number().int().describe('Whose address the link confirms: a browser logged in as that person updates its stored user.'),
});
const resendSchema = z.object({
  message: z.string(),
  emailVerified: z.boolean().describe('True when the address was confirmed already (200, nothing sent); false when an email is on its way (202).'),
});

const emailVerificationRoutes: FastifyPluginAsyncZod<EmailVerificationRoutesOptions> = async (app, { db, secret, now }) => {
  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the link of the verification email',
        description:
          `The token of the emailed /verify-email?token=… link, signed by the server for the account and the address it was sent to, valid for ${VERIFY_EMAIL_TTL_DAYS} days. ` +
          'A second use of a good link answers 200 saying the address is confirmed already. A malformed or tampered token, or one for an account ' +
          'that is gone or now uses another address, answers 400; a genuine token past its time answers 400 saying it has expired. No login needed.',
        body: verifyEmailSchema,
        response: { 200: verifiedSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const claim = readVerificationToken(request.body.Token);
      const account = claim ? await findVerification(db, claim.userId) : undefined;
      if (!claim || !account || !tokenMatches(secret, claim, account.email)) throw new HttpError(400, VERIFY_TEXTS.invalidToken);
      if (account.email_verified_at !== null) return { message: VERIFY_TEXTS.alreadyVerified, userId: claim.userId };
      const at = now();
      if (claim.expires * 1000 < at.getTime()) throw new HttpError(400, VERIFY_TEXTS.expired);
      // Two uses at once: one confirms, the other finds it confirmed; both tell the person so.
      const confirmed = await markVerified(db, claim.userId, at);
      return { message: confirmed ? VERIFY_TEXTS.verified : VERIFY_TEXTS.alreadyVerified, userId: claim.userId };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Send the verification email again',
        description:
          `Emails a new link to the caller's address (the older links keep working until they expire). At most ${VERIFY_RESEND_MAX_PER_HOUR} ` +
          'an hour per person, counted across every server instance: then 429 with retry-after. When the address is confirmed already, ' +
          '200 saying so and nothing is sent.',
        security: BEARER_AUTH,
        response: { 200: resendSchema, 202: resendSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request).id;
      const at = now();
      const outcome = await db.transaction().execute(async (trx) => {
        const account = await lockVerification(trx, me);
        // Deleted since the session was checked.
        if (!account) throw new HttpError(401, API_TEXTS.unauthenticated);
        if (account.email_verified_at !== null) return { verified: true as const };
        const recent = await recentResends(trx, me, new Date(at.getTime() - HOUR_MS));
        if (recent.length >= VERIFY_RESEND_MAX_PER_HOUR) {
          return { verified: false as const, retryAt: new Date(recent[recent.length - VERIFY_RESEND_MAX_PER_HOUR]!.getTime() + HOUR_MS) };
        }
        const requestId = await recordResend(trx, me, at);
        await enqueueVerificationEmail(trx, { userId: me, email: account.email }, requestId, at);
        return { verified: false as const, retryAt: null };
      });
      if (outcome.verified) return reply.code(200).send({ message: VERIFY_TEXTS.alreadyVerified, emailVerified: true });
      if (outcome.retryAt) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((outcome.retryAt.getTime() - at.getTime()) / 1000))));
        throw new HttpError(429, VERIFY_TEXTS.resendTooMany);
      }
      app.jobs.wake();
      return reply.code(202).send({ message: VERIFY_TEXTS.resent, emailVerified: false });
    },
  );
};

export default emailVerificationRoutes;
