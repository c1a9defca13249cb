/**
 * The newsletter at /api/newsletter, with double opt-in.
 *
 * POST /subscriptions `{ Email }` answers 202 with the same sentence for every
 * valid email, and answers before looking the address up (see
 * `app.background`): neither the answer nor its time tells whether the
 * address is subscribed. Then, unless the address is already confirmed, it
 * stores the SHA-256 of a new random token (valid NEWSLETTER_CONFIRM_TTL_DAYS)
 * and emails a link to `/news/confirm-subscription?token=…` through the mailer
 * of the password reset (SMTP, or the outbox folder), with an unsubscribe link.
 * Limited per client address (RATE_LIMIT_NEWSLETTER). The unique index on
 * lower(email) keeps one row per address however many sign-ups race.
 *
 * POST /confirmations `{ Token }` confirms the address: only confirmed
 * addresses are subscribed. A used link answers that it was used; an unknown
 * or expired one 400.
 *
 * POST /unsubscriptions `{ Token }` forgets the address. Its token is the
 * subscription's id signed with the token secret (HMAC-SHA-256), so every
 * later email can carry it without storing it; a new sign-up after an
 * unsubscription is a new row, which old links do not name.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  apiErrorSchema,
  NEWSLETTER_CONFIRM_TTL_DAYS,
  NEWSLETTER_PAGES,
  NEWSLETTER_TEXTS,
  newsletterSubscribeResponseSchema,
  newsletterSubscribeSchema,
  newsletterTokenSchema,
  RATE_LIMIT_TEXTS,
} from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { clientIp, rateLimitConfig } from '../../plugins/security.ts';
import { signature, signatureMatches } from '../../signatures.ts';
import { escapeHtml, type Mailer } from '../password-reset/mailer.ts';
import { confirmSubscription, deleteSubscription, findByConfirmToken, upsertPendingSubscription } from './repository.ts';

export interface NewsletterRoutesOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The site's origin, e.g. https://roomnest.co.uk. */
  publicUrl: string;
  /** Signs the unsubscribe links (the token secret). */
  secret: Uint8Array;
}

export const hashConfirmToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';

/** The unsubscribe token of a subscription: `<id>.<signature>`. */
export const unsubscribeToken = (secret: Uint8Array, id: number) => `${id}.${signature(secret, UNSUBSCRIBE_PURPOSE, String(id))}`;

/** The subscription a genuine unsubscribe token names, or null. */
export function unsubscribeTokenId(secret: Uint8Array, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 && signatureMatches(secret, UNSUBSCRIBE_PURPOSE, String(id), match[2]!) ? id : null;
}

/** The confirmation email: the links only (an email address is all the row holds, and it is not repeated). */
export function confirmationEmail(confirmLink: string, unsubscribeLink: string) {
  const text =
    'Hello,\n\nPlease confirm that you want the RoomNest newsletter (product updates, rent trends and renting guides, about once a month) ' +
    `at this address by opening this link:\n\n${confirmLink}\n\n` +
    `The link works for ${NEWSLETTER_CONFIRM_TTL_DAYS} days. If you did not sign up, ignore this email: you will not be subscribed.\n\n` +
    `To stop at any time, unsubscribe here: ${unsubscribeLink}\n\n— RoomNest\n`;
  const html =
    '<p>Hello,</p><p>Please confirm that you want the RoomNest newsletter (product updates, rent trends and renting guides, about once a month) at this address.</p>' +
    `<p><a href="${escapeHtml(confirmLink)}">Confirm my subscription</a></p>` +
    `<p>The link works for ${NEWSLETTER_CONFIRM_TTL_DAYS} days. If you did not sign up, ignore this email: you will not be subscribed.</p>` +
    `<p>To stop at any time, <a href="${escapeHtml(unsubscribeLink)}">unsubscribe</a>.</p><p>— RoomNest</p>`;
  return { subject: NEWSLETTER_TEXTS.emailSubject, text, html };
}

const newsletterRoutes: FastifyPluginAsyncZod<NewsletterRoutesOptions> = async (app, { db, mailer, publicUrl, secret }) => {
  /** After the answer: a new link for an address not confirmed yet (a new one, or one waiting), none for a subscriber. */
  async function sendConfirmation(email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const values = { confirm_token_hash: hashConfirmToken(token), confirm_expires_at: new Date(Date.now() + NEWSLETTER_CONFIRM_TTL_DAYS * 86_400_000) };
    const row = await upsertPendingSubscription(db, email, values);
    if (!row) return;
    const confirmLink = `${publicUrl}${NEWSLETTER_PAGES.confirm}?token=${encodeURIComponent(token)}`;
    const unsubscribeLink = `${publicUrl}${NEWSLETTER_PAGES.unsubscribe}?token=${encodeURIComponent(unsubscribeToken(secret, row.id))}`;
    await mailer.send({ to: row.email, ...confirmationEmail(confirmLink, unsubscribeLink) });
  }

  app.post(
    '/subscriptions',
    {
      config: rateLimitConfig(app.rateLimits.newsletter, clientIp, RATE_LIMIT_TEXTS.newsletter),
      schema: {
        tags: ['newsletter'],
        summary: 'Sign an email up for the newsletter (a confirmation link is emailed)',
        description:
          `Anyone. 202 with "${NEWSLETTER_TEXTS.checkInbox}" for every valid email, whether it is new, waiting for confirmation or ` +
          'already subscribed: the answer comes before the address is looked up. Then, unless the address is already confirmed, a ' +
          `confirmation email with a link to ${NEWSLETTER_PAGES.confirm}?token=… (valid ${NEWSLETTER_CONFIRM_TTL_DAYS} days) and an unsubscribe ` +
          'link goes out (SMTP_URL, or a .eml file in `${DATA_DIR}/outbox/`). Only confirmed addresses are subscribed. 400 for an invalid ' +
          'email; rate limited per client address (RATE_LIMIT_NEWSLETTER, default 10 an hour): then 429 with retry-after.',
        body: newsletterSubscribeSchema,
        response: { 202: newsletterSubscribeResponseSchema, 400: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Once the answer is written: nothing that depends on the address happens before it.
      app.background.afterAnswer(reply, request.log, 'could not send the newsletter confirmation email', () => sendConfirmation(request.body.Email));
      return reply.code(202).send({ message: NEWSLETTER_TEXTS.checkInbox });
    },
  );

  app.post(
    '/confirmations',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a newsletter subscription with the token of the emailed link',
        description:
          `200 "${NEWSLETTER_TEXTS.confirmed}" the first time; 200 "${NEWSLETTER_TEXTS.alreadyConfirmed}" for a link used before; ` +
          `400 "${NEWSLETTER_TEXTS.confirmInvalid}" for an unknown or expired link.`,
        body: newsletterTokenSchema,
        response: { 200: newsletterSubscribeResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await findByConfirmToken(db, hashConfirmToken(request.body.Token));
      if (!row) throw new HttpError(400, NEWSLETTER_TEXTS.confirmInvalid);
      if (row.confirmed_at) return { message: NEWSLETTER_TEXTS.alreadyConfirmed };
      if (!row.live) throw new HttpError(400, NEWSLETTER_TEXTS.confirmInvalid);
      // Of two uses at once, one confirms and the other finds it confirmed.
      const confirmed = await confirmSubscription(db, row.id);
      return { message: confirmed ? NEWSLETTER_TEXTS.confirmed : NEWSLETTER_TEXTS.alreadyConfirmed };
    },
  );

  app.post(
    '/unsubscriptions',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the token of an emailed unsubscribe link',
        description: `200 "${NEWSLETTER_TEXTS.unsubscribed}": the address is deleted. 400 "${NEWSLETTER_TEXTS.unsubscribeInvalid}" for an unknown link or one used already.`,
        body: newsletterTokenSchema,
        response: { 200: newsletterSubscribeResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const id = unsubscribeTokenId(secret, request.body.Token);
      const deleted = id === null ? undefined : await deleteSubscription(db, id);
      if (!deleted) throw new HttpError(400, NEWSLETTER_TEXTS.unsubscribeInvalid);
      return { message: NEWSLETTER_TEXTS.unsubscribed };
    },
  );
};

export default newsletterRoutes;
