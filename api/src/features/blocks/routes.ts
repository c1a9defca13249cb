/**
 * /api/blocks: a person's blocks (docs/product.md, Blocks). Blocking someone stops messages between the two both
 * ways, the live stream between them and the emails about their messages; the blocker's conversation list leaves
 * the conversation out. Blocking and unblocking are idempotent, so a button pressed twice, or in two tabs, answers
 * the same. The blocked person is never told (they learn only that their message could not be delivered).
 */
import { messageResponseSchema, TRUST_TEXTS } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { errors } from '../listings/route-support.ts';
import { block, blockedUsers, unblock } from './repository.ts';
import { blockedUsersSchema, userIdParams } from './schemas.ts';

export interface BlocksRoutesOptions {
  db: Kysely<DB>;
}

export const BLOCK_API_TEXTS = {
  userNotFound: 'User not found.',
} as const;

const blocksRoutes: FastifyPluginAsyncZod<BlocksRoutesOptions> = async (app, { db }) => {
  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['blocks'],
        summary: 'The people the caller has blocked',
        description: 'Most recently blocked first; only the caller’s own blocks (nobody learns who has blocked them).',
        security: BEARER_AUTH,
        response: { 200: blockedUsersSchema, ...errors(401) },
      },
    },
    async (request) => ({ users: await blockedUsers(db, requireUser(request).id) }),
  );

  app.put(
    '/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['blocks'],
        summary: 'Block a person',
        description:
          'Idempotent: a person already blocked stays blocked, and keeps their place in the list. From then on neither can message the other ' +
          '(POST /api/messages answers 403), the live stream carries nothing between them, no email is sent about their messages, and the ' +
          'conversation leaves the caller’s list and unread count (the history stays readable in the chat). Only someone the caller may know, ' +
          'as for GET /api/messages/partner/{id} (messages either way, a landlord with a room in search, a listed flatmate), or someone already ' +
          'blocked: anyone else answers 404, as an id that does not exist. Not oneself (400).',
        security: BEARER_AUTH,
        params: userIdParams,
        response: { 200: messageResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const me = requireUser(request).id;
      const other = request.params.userId;
      if (other === me) throw new HttpError(400, TRUST_TEXTS.blockSelf);
      if ((await block(db, me, other)) === 'not-found') throw new HttpError(404, BLOCK_API_TEXTS.userNotFound);
      return { message: TRUST_TEXTS.blockDone };
    },
  );

  app.delete(
    '/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['blocks'],
        summary: 'Unblock a person',
        description:
          'Idempotent: someone not blocked (never was, already unblocked, or an account that is gone) answers 200 too. Messages flow again, ' +
          'unless the other person has blocked the caller.',
        security: BEARER_AUTH,
        params: userIdParams,
        response: { 200: messageResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      await unblock(db, requireUser(request).id, request.params.userId);
      return { message: TRUST_TEXTS.unblockDone };
    },
  );
};

export default blocksRoutes;
