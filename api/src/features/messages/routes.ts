/**
 * /api/messages: conversations, threads, sending, the unread count, and the
 * live stream (Server-Sent Events; see live.ts for the fan-out across
 * instances and tickets.ts for how the stream is authenticated).
 *
 * The caller is always one side of every pair read here, so nobody can read or
 * infer another pair's messages.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import { API_TEXTS, apiErrorSchema, FREE_NEW_CONVERSATIONS_PER_MONTH, RATE_LIMIT_TEXTS, sendMessageSchema, unreadCountSchema, wholeNumber } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { enqueueMessageEmail } from '../notifications/message-email.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { rateLimitConfig } from '../../plugins/security.ts';
import { createMessageHub, HEARTBEAT_MS, LiveStream, MAX_STREAMS_PER_USER, RETRY_MS } from './live.ts';
import { findMessage, findPartner, mayReferToListing, findTokenVersion, findUser, listConversations, markThreadRead, messagesAfter, readThread, unreadCount } from './repository.ts';
import type { NewAccountRule } from './new-account-limit.ts';
import { sendMessage } from './send.ts';
import { issueTicket, TICKET_TTL_SECONDS, useTicket, verifyTicket } from './tickets.ts';

export interface MessagesRoutesOptions {
  db: Kysely<DB>;
  /** Signs stream tickets (the token secret). */
  tokenSecret: Uint8Array;
  /** How long a message stays unread before its receiver is emailed (MESSAGE_EMAIL_DELAY_SECONDS). */
  messageEmailDelaySeconds: number;
  /** The clock of the email's due time and of the limits on new conversations (the tests set it). */
  now: () => Date;
  /** NEW_ACCOUNT_DAYS and NEW_ACCOUNT_CONVERSATIONS_PER_DAY (new-account-limit.ts). */
  newAccount: NewAccountRule;
}

export const MESSAGE_API_TEXTS = {
  userNotFound: 'User not found.',
  notToYourself: 'You cannot send a message to yourself.',
  listingNotTheirs: 'That room is not one of this person’s listings, or is no longer advertised.',
  ticketInvalid: 'The stream ticket is missing, invalid, expired or already used. Ask for a new one.',
} as const;

/** Messages replayed at most on one reconnect (older gaps: the client refetches). */
export const REPLAY_LIMIT = 500;

const messageSchema = z.object({
  MessageID: z.number().int(),
  SenderID: z.number().int(),
  ReceiverID: z.number().int(),
  MessageContent: z.string(),
  SentAt: z.string().describe('ISO 8601 time.'),
  SenderName: z.string(),
  ReceiverName: z.string(),
  ReadAt: z.string().nullable().describe('When the receiver opened the thread; null until then.'),
  ListingID: z.number().int().nullable().describe('The room the message is about (an enquiry); null when none or once the listing is deleted.'),
  ListingTitle: z.string().nullable().describe('That room’s current title; null when none.'),
  SafetyWarning: z
    .boolean()
    .describe(
      'The text asks for money before a viewing, or by a channel rental scams use (Western Union, gift cards, PayPal friends and family, crypto, keys by post): ' +
        'the chat shows the receiver a safety banner. Computed by the server from the text each time (shared/src/scam-phrases.ts).',
    ),
});

const conversationSchema = z.object({
  PartnerID: z.number().int(),
  PartnerName: z.string(),
  PartnerProfilePictureURL: z.string().nullable(),
  PartnerEmailVerified: z.boolean().describe('The partner has confirmed their email address (the "Email verified" mark).'),
  LastMessage: z.string(),
  LastMessageSenderID: z.number().int(),
  LastMessageSentAt: z.string(),
  UnreadCount: z.number().int(),
  ListingID: z.number().int().nullable().describe('The room the conversation is about: that of its latest message naming one; null when none.'),
  ListingTitle: z.string().nullable().describe('That room’s current title.'),
  ListingThumbUrl: z.string().nullable().describe('That room’s cover, card size; null without photos.'),
});

const partnerSchema = z.object({
  UserID: z.number().int(),
  Name: z.string(),
  ProfilePictureURL: z.string().nullable(),
  EmailVerified: z.boolean().describe('The person has confirmed their email address (the "Email verified" mark in the chat header).'),
});

const otherUserParams = z.object({ otherUserId: wholeNumber('otherUserId', 1, 2_147_483_647) });
const idParams = z.object({ id: wholeNumber('id', 1, 2_147_483_647) });

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, apiErrorSchema]));

const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (app, { db, tokenSecret, messageEmailDelaySeconds, now, newAccount }) => {
  const hub = createMessageHub(db, app.log);
  await hub.start();
  app.metrics.watchLiveStreams(() => hub.size);
  // preClose: before the server waits for open connections, so a SIGTERM is not held up by open streams.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => hub.stop());

  const publish = (event: Parameters<typeof hub.publish>[0]) =>
    hub.publish(event).catch((err: unknown) => app.log.error({ err }, 'messages: NOTIFY failed (clients catch up by polling)'));

  app.get(
    '/my-conversations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        summary: 'The caller’s conversations, newest first',
        description:
          'One entry per partner: the last message either way, who sent it and when, and how many of the partner’s messages the caller has not read. ' +
          'A partner the caller has blocked is left out (the person blocked is not told: their list still shows the conversation).',
        security: BEARER_AUTH,
        response: { 200: z.array(conversationSchema), ...errors(401) },
      },
    },
    async (request) => listConversations(db, requireUser(request).id),
  );

  app.get(
    '/conversation/:otherUserId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        summary: 'The thread with one user, oldest first; marks the caller’s received messages in it read',
        description:
          'Answers with someone blocked too, either way: the history stays readable, so the chat can say who is blocked and offer Unblock ' +
          '(GET /api/blocks tells the caller whom they have blocked). No message between the two is stored after a block.',
        security: BEARER_AUTH,
        params: otherUserParams,
        response: { 200: z.array(messageSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = requireUser(request).id;
      const other = request.params.otherUserId;
      if (!(await findUser(db, other))) throw new HttpError(404, MESSAGE_API_TEXTS.userNotFound);
      const { count, readAt } = await markThreadRead(db, me, other);
      if (count > 0 && readAt) await publish({ k: 'r', reader: me, sender: other, at: new Date(readAt).toISOString() });
      return readThread(db, me, other);
    },
  );

  app.get(
    '/partner/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        summary: 'Name and picture of a user to message (the chat header, also before any message exists)',
        description:
          'Someone the caller has messages with (either way), or someone public: a landlord with a listing in search (Contact Landlord ' +
          'on a room) or a listed flatmate profile (a flatmate card). Anyone else answers 404, as an id that does not exist.',
        security: BEARER_AUTH,
        params: idParams,
        response: { 200: partnerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = await findPartner(db, requireUser(request).id, request.params.id);
      if (!user) throw new HttpError(404, MESSAGE_API_TEXTS.userNotFound);
      return { UserID: user.id, Name: user.name, ProfilePictureURL: user.profile_picture_url, EmailVerified: user.email_verified_at !== null };
    },
  );

  app.post(
    '/',
    {
      preHandler: app.authenticate,
      // Per sender (counted after authentication and validation).
      config: rateLimitConfig(app.rateLimits.messages, (request) => `user ${request.user?.id ?? 0}`, RATE_LIMIT_TEXTS.messages),
      schema: {
        tags: ['messages'],
        summary: 'Send a message',
        description:
          'MessageContent is trimmed and must then be 1 to 2000 characters. Not to oneself (400); the receiver must exist (404). ' +
          'ListingID (optional) names the room the message is about, an enquiry: it must be one of the receiver’s listings, and either public ' +
          'or already named in this conversation (a room that has gone Pending or expired can still be talked about), else 400. ' +
          'The answer, the thread and the stream carry it as ListingID with the room’s current ListingTitle. ' +
          `Plan limit: a Free account without the unlimited-messages upgrade may start conversations with ${FREE_NEW_CONVERSATIONS_PER_MONTH} new people ` +
          'a calendar month (London time); a message to someone the caller has no messages with, either way, over that answers 403 with the reason. ' +
          'Replying to, or carrying on, a conversation that exists is always free; Premium and Professional have no limit ' +
          '(GET /api/users/plan-usage tells what is left). ' +
          'New accounts: an account younger than NEW_ACCOUNT_DAYS (default 7) may start at most NEW_ACCOUNT_CONVERSATIONS_PER_DAY (default 5) ' +
          'new conversations a London day, whatever its plan; one more answers 429 saying how many and that it resets at midnight UK time. ' +
          'Blocks and suspensions: between two people where either has blocked the other nothing is delivered, either way (403: the blocker is ' +
          'told they blocked this person and how to unblock, the other only that the message could not be delivered); a message to a suspended ' +
          'person answers 403 too. Input errors answer 400 and an unknown receiver 404 before any of these. ' +
          'Rate limited per sender (RATE_LIMIT_MESSAGES, default 30 a minute): then 429 with retry-after. ' +
          'A message still unread after MESSAGE_EMAIL_DELAY_SECONDS (default 600) gets its receiver one email, unless their EmailOnMessage is off; ' +
          'more messages in the same unread spell send no more.',
        security: BEARER_AUTH,
        body: sendMessageSchema,
        response: { 201: z.object({ messageId: z.number().int(), newMessageDetails: messageSchema }), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = requireUser(request).id;
      const { ReceiverID, MessageContent } = request.body;
      const listingId = request.body.ListingID ?? null;
      if (ReceiverID === me) throw new HttpError(400, MESSAGE_API_TEXTS.notToYourself);
      if (listingId !== null && !(await mayReferToListing(db, me, ReceiverID, listingId))) throw new HttpError(400, MESSAGE_API_TEXTS.listingNotTheirs);
      // Input errors are answered above (400), before the receiver, blocks and limits are looked at (send.ts).
      let id: number | null;
      try {
        const at = now();
        // The email about the message, should it stay unread, is enqueued with it (notifications/message-email.ts).
        id = await sendMessage(db, me, ReceiverID, MessageContent, listingId, { newAccount, now: at }, (trx) =>
          enqueueMessageEmail(trx, ReceiverID, me, messageEmailDelaySeconds, at),
        );
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new HttpError(404, MESSAGE_API_TEXTS.userNotFound);
        throw err;
      }
      if (id === null) throw new HttpError(404, MESSAGE_API_TEXTS.userNotFound);
      app.jobs.wake();
      await publish({ k: 'm', id, s: me, r: ReceiverID });
      const message = await findMessage(db, id);
      if (!message) throw new HttpError(404, MESSAGE_API_TEXTS.userNotFound); // an account deleted this very moment
      return reply.code(201).send({ messageId: id, newMessageDetails: message });
    },
  );

  app.get(
    '/unread-count',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        summary: 'How many received messages the caller has not read',
        security: BEARER_AUTH,
        response: { 200: unreadCountSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ totalUnread: await unreadCount(db, requireUser(request).id) }),
  );

  app.post(
    '/stream-ticket',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        summary: 'A ticket for opening the live stream (EventSource cannot send the bearer token)',
        description: `Valid once, within ${TICKET_TTL_SECONDS} s, for GET /api/messages/stream only; ask for a new one before each (re)connection.`,
        security: BEARER_AUTH,
        response: { 200: z.object({ ticket: z.string(), expiresInSeconds: z.number().int() }), ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const tokenVersion = await findTokenVersion(db, user.id);
      // Deleted since authenticate read it: the token is no longer any account's.
      if (tokenVersion === undefined) throw new HttpError(401, API_TEXTS.tokenInvalid);
      return { ticket: issueTicket(tokenSecret, { userId: user.id, tokenVersion }), expiresInSeconds: TICKET_TTL_SECONDS };
    },
  );

  app.get(
    '/stream',
    {
      schema: {
        tags: ['messages'],
        summary: 'Live messages (Server-Sent Events)',
        description: [
          'Authenticate with `?ticket=` from POST /api/messages/stream-ticket. Answers `text/event-stream` with:',
          '`event: message` (id = MessageID; data: Message) for every message the caller sends or receives, from any tab or API instance;',
          '`event: read` (data: `{ReaderID, SenderID, ReadAt}`: ReaderID opened the thread, so SenderID’s messages to them are read);',
          '`event: unread` (data: `{totalUnread}`), sent at once on connecting and whenever the caller’s count changes.',
          `Comment lines every ${HEARTBEAT_MS / 1000} s keep the connection open; \`retry: ${RETRY_MS}\` hints the reconnection delay.`,
          'On reconnecting, send the last message id seen as the `Last-Event-ID` header or the `lastEventId` parameter:',
          `the messages after it (at most ${REPLAY_LIMIT}) are replayed first, each once.`,
          'A ticket opens one stream: a second use, on this API instance or another, answers 401 (ask for a new ticket).',
          `A person holds at most ${MAX_STREAMS_PER_USER} streams on one instance: one more ends the oldest with \`event: superseded\``,
          '(data: `{reason, limit}`), after which that page should not reconnect until it is shown again.',
        ].join(' '),
        querystring: z.object({
          ticket: z.string().max(4000).optional(),
          lastEventId: wholeNumber('lastEventId', 0, 2_147_483_647).optional(),
        }),
        response: { 200: z.string().describe('text/event-stream'), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const claims = request.query.ticket ? verifyTicket(tokenSecret, request.query.ticket) : null;
      if (!claims) throw new HttpError(401, MESSAGE_API_TEXTS.ticketInvalid);
      if ((await findTokenVersion(db, claims.userId)) !== claims.tokenVersion) throw new HttpError(401, MESSAGE_API_TEXTS.ticketInvalid);
      // Once: recorded in the database, so a second use fails on every instance (tickets.ts).
      if (!(await useTicket(db, claims))) throw new HttpError(401, MESSAGE_API_TEXTS.ticketInvalid);
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d{1,10}$/.test(header.trim()) ? Number(header.trim()) : undefined;
      const lastEventId = fromHeader ?? request.query.lastEventId;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // The headers set so far (CORS for a configured origin, security headers) go out too.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.flushHeaders();
      const stream = new LiveStream(claims.userId, res, claims.tokenVersion, lastEventId);
      // Subscribe first, then replay: anything committed meanwhile comes through NOTIFY and is de-duplicated.
      hub.add(stream);
      const close = () => {
        hub.remove(stream);
        stream.end();
      };
      request.raw.on('close', close);
      res.on('error', close);
      stream.write(`retry: ${RETRY_MS}\n\n`);
      try {
        const replay = lastEventId !== undefined ? await messagesAfter(db, claims.userId, lastEventId, REPLAY_LIMIT) : [];
        const totalUnread = await unreadCount(db, claims.userId);
        stream.release(replay);
        stream.event('unread', { totalUnread });
      } catch (err) {
        request.log.error({ err }, 'messages: stream start failed');
        close();
      }
    },
  );
};

export default messagesRoutes;
