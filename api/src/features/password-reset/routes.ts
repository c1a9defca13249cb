/**
 * Password reset at /api/auth/password-reset.
 *
 * POST /password-reset `{ Email }` always answers 202 with the same sentence,
 * and answers before doing anything that depends on the email: the account
 * lookup, the token and the email all happen after the answer is written
 * (`app.background`), so neither the answer nor its time tells whether
 * an account exists. For an account, that work creates a random token (only
 * its SHA-256 is stored), valid once for PASSWORD_RESET_TTL_MINUTES, and
 * emails `<PUBLIC_URL>/reset-password?token=…` (SMTP, or the outbox folder).
 * Limited per client address and email, and per client address whatever the
 * email (one address cannot try email after email).
 *
 * POST /password-reset/confirm `{ Token, Password }` sets the new password
 * (argon2id), uses up every open reset token of the account and bumps its
 * token version, which signs out every session. A token that is unknown,
 * expired or used answers 400.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  apiErrorSchema,
  PASSWORD_RESET_TEXTS,
  PASSWORD_RESET_TTL_MINUTES,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  RATE_LIMIT_TEXTS,
} from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { clientIp, createRequestLimit, rateLimitConfig } from '../../plugins/security.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUserByEmail } from '../users/repository.ts';
import { escapeHtml, nameForEmail, type Mailer } from './mailer.ts';
import { findOpenResetToken, insertResetToken, setPasswordAndSignOut, useResetTokens } from './repository.ts';

export interface PasswordResetRoutesOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The site's origin, e.g. https://roomnest.co.uk. */
  publicUrl: string;
}

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The reset email. The account's name is shown on one line and escaped in the HTML part (see `nameForEmail`): a name
 * cannot add lines, links or markup to the message.
 */
export function resetEmail(name: string, link: string) {
  const shown = nameForEmail(name);
  const text =
    `${shown ? `Hello ${shown},` : 'Hello,'}\n\n` +
    `Someone (we hope you) asked to reset the password of your RoomNest account. Open this link to choose a new one:\n\n${link}\n\n` +
    `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Setting a new password signs you out everywhere else.\n` +
    `If you did not ask for this, ignore this email: your password stays as it is.\n\n— RoomNest\n`;
  const html =
    `<p>${shown ? `Hello ${escapeHtml(shown)},` : 'Hello,'}</p><p>Someone (we hope you) asked to reset the password of your RoomNest account.</p>` +
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. ` +
    `Setting a new password signs you out everywhere else. If you did not ask for this, ignore this email.</p><p>— RoomNest</p>`;
  return { subject: PASSWORD_RESET_TEXTS.emailSubject, text, html };
}

const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = async (app, { db, mailer, publicUrl }) => {
  // Per client address, whatever the email: one address cannot test email after email.
  const limitPerAddress = createRequestLimit(app, 'password-reset-ip', app.rateLimits.passwordResetIp, clientIp, RATE_LIMIT_TEXTS.passwordResetIp);

  /** After the answer: the account's reset link, if the email has an account. */
  async function sendResetLink(email: string, log: FastifyBaseLogger): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await insertResetToken(db, user.id, hashResetToken(token), new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000));
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send({ to: user.email, ...resetEmail(user.name, link) });
    log.debug('password reset email handed to the mailer');
  }

  app.post(
    '/password-reset',
    {
      // Per client address and email: no inbox is flooded with links, and one address cannot lock another out.
      config: rateLimitConfig(
        app.rateLimits.passwordReset,
        (request) => `${clientIp(request)} ${String((request.body as { Email?: unknown }).Email ?? '').toLowerCase()}`,
        RATE_LIMIT_TEXTS.passwordReset,
      ),
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link',
        description:
          'Always 202 with the same message, whether or not an account uses the email (400 only for a malformed email), ' +
          'answered before the account is even looked up, so its time does not tell either. ' +
          `For an account, emails a link to /reset-password?token=… that works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes: ` +
          'by SMTP when SMTP_URL is set, otherwise as a .eml file in `${DATA_DIR}/outbox/` (its path is logged). ' +
          'Rate limited per client address and email (RATE_LIMIT_PASSWORD_RESET, default 5 an hour) and per client address ' +
          'whatever the email (RATE_LIMIT_PASSWORD_RESET_IP, default 20 an hour): then 429 with retry-after.',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // After the limit per address and email (its hook), so that its more precise answer comes first.
      await limitPerAddress(request, reply);
      // Once the answer is written: nothing that depends on the email happens before it.
      app.background.afterAnswer(reply, request.log, 'could not send the password reset email', () => sendResetLink(request.body.Email, request.log));
      return reply.code(202).send({ message: PASSWORD_RESET_TEXTS.requested });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        description:
          'Sets the new password (the rules of registration) and signs out every session of the account. The token works once: ' +
          'an unknown, expired or used token answers 400.',
        body: passwordResetConfirmSchema,
        response: { 200: passwordResetResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { Token, Password } = request.body;
      const tokenHash = hashResetToken(Token);
      // A cheap check before spending an argon2 hash on a dead token.
      if (!(await findOpenResetToken(db, tokenHash))) throw new HttpError(400, PASSWORD_RESET_TEXTS.invalidToken);
      const passwordHash = await hashPassword(Password);
      await db.transaction().execute(async (trx) => {
        // Locked and checked again: two uses of one token at once cannot both pass.
        const token = await findOpenResetToken(trx, tokenHash, { lock: true });
        if (!token) throw new HttpError(400, PASSWORD_RESET_TEXTS.invalidToken);
        await setPasswordAndSignOut(trx, token.user_id, passwordHash);
        // This token and any other open one of the account.
        await useResetTokens(trx, token.user_id);
      });
      return { message: PASSWORD_RESET_TEXTS.done };
    },
  );
};

export default passwordResetRoutes;
