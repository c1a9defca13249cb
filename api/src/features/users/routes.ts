/** GET /api/users/profile. */
import { API_TEXTS, apiErrorSchema } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findUserById } from './repository.ts';
import { profileSchema, toProfile } from './schemas.ts';

export interface UsersRoutesOptions {
  db: Kysely<DB>;
}

const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { db }) => {
  app.get(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The caller’s profile',
        security: BEARER_AUTH,
        response: { 200: profileSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await findUserById(db, requireUser(request).id);
      // Deleted between the token check and this read.
      if (!user) throw new HttpError(404, API_TEXTS.notFound);
      return toProfile(user);
    },
  );
};

export default usersRoutes;
