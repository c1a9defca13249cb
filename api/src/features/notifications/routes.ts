/**
 * /api/notifications/unsubscribe: the one-click unsubscribe of every
 * notification email (RFC 8058). The email's List-Unsubscribe header holds this
 * address with a signed token (tokens.ts) naming exactly one notification; a
 * mail client POSTs `List-Unsubscribe=One-Click` to it, with no login and no
 * cookie, and the page at EMAIL_PAGES.unsubscribe POSTs to it from its button.
 * The token is the authority, so no login and no CSRF check apply.
 *
 * - `search:<id>`: that saved search's Frequency becomes 'off' (only that one);
 * - `messages:<userId>`: the account's EmailOnMessage becomes false.
 *
 * A genuine token whose search or account no longer exists answers 200 saying
 * so: what the person asked for (no more of those emails) is true, and a mail
 * client retrying a 404 would gain nothing. A bad or forged token answers 400.
 * GET changes nothing (405): link scanners and prefetchers open every URL in an
 * email.
 */
import { apiErrorSchema, messageResponseSchema, UNSUBSCRIBE_TEXTS } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { turnSavedSearchOff } from '../saved-searches/repository.ts';
import { setEmailOnMessage } from '../users/repository.ts';
import { readNotificationToken } from './tokens.ts';

export interface NotificationsRoutesOptions {
  db: Kysely<DB>;
  /** Checks the tokens' signatures (the token secret). */
  secret: Uint8Array;
}

/** The one-click body is `List-Unsubscribe=One-Click`; nothing in it matters, so it is read up to this size and dropped. */
const ONE_CLICK_BODY_LIMIT = 1024;

const querystring = z.object({
  // Any text: what is not a genuine token answers the one clear sentence (invalidToken), however it is wrong.
  token: z.string().optional().describe('The signed token of the email’s List-Unsubscribe address.'),
});

const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, { db, secret }) => {
  // RFC 8058: the mail client's POST is a form (either encoding). The token in the URL is what counts; the body is dropped.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT }, (_request, _body, done) =>
    done(null, undefined),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): turns off exactly the notification the token names',
        description:
          'No login: the token (from the email’s List-Unsubscribe header or its unsubscribe page) is the authority. A mail client posts ' +
          '`List-Unsubscribe=One-Click` as application/x-www-form-urlencoded; an empty body (or multipart/form-data, or JSON) does the same. ' +
          'A saved search’s token sets that search’s Frequency to off; a messages token sets the account’s EmailOnMessage to false. ' +
          'Answers 200 `{ message }` naming what was turned off, also when the search or account no longer exists (nothing is sent to it). ' +
          'A missing, malformed or forged token answers 400.',
        querystring,
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        response: { 200: messageResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const ref = request.query.token ? readNotificationToken(secret, request.query.token) : null;
      if (!ref) throw new HttpError(400, UNSUBSCRIBE_TEXTS.invalidToken);
      if (ref.kind === 'messages') {
        const found = (await setEmailOnMessage(db, ref.id, false)) !== undefined;
        request.log.info({ userId: ref.id, found }, 'unsubscribe: emails about unread messages turned off');
        return { message: found ? UNSUBSCRIBE_TEXTS.messagesOff : UNSUBSCRIBE_TEXTS.accountGone };
      }
      const name = await turnSavedSearchOff(db, ref.id);
      request.log.info({ savedSearchId: ref.id, found: name !== null }, 'unsubscribe: saved search alerts turned off');
      return { message: name === null ? UNSUBSCRIBE_TEXTS.searchGone : UNSUBSCRIBE_TEXTS.searchOff(name) };
    },
  );

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Changes nothing (405): unsubscribing takes a POST',
        description: 'Link scanners and prefetchers open every address in an email, so a GET never turns anything off. People open the page the email links to.',
        querystring,
        response: { 405: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('allow', 'POST');
      throw new HttpError(405, UNSUBSCRIBE_TEXTS.postOnly);
    },
  );
};

export default notificationsRoutes;
