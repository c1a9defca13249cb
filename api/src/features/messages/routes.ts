/** GET /api/messages/unread-count. */
import { apiErrorSchema, unreadCountSchema } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';

export interface MessagesRoutesOptions {
  db: Kysely<DB>;
}

const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (app, { db }) => {
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
    async (request) => {
      const { count } = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('receiver_id', '=', requireUser(request).id)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { totalUnread: count };
    },
  );
};

export default messagesRoutes;
