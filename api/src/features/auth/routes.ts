/** POST /api/auth/register and POST /api/auth/login. */
import {
  API_TEXTS,
  apiErrorSchema,
  loginResponseSchema,
  loginSchema,
  registerResponseSchema,
  registerSchema,
} from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findUserByEmail } from '../users/repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { TokenService } from './tokens.ts';

export interface AuthRoutesOptions {
  db: Kysely<DB>;
  tokens: TokenService;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, tokens }) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description: 'Does not log the user in. Emails compare case-insensitively: an address already registered in any letter case answers 409.',
        body: registerSchema,
        response: { 201: registerResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { Name, Email, Password, UserType } = request.body;
      if (await findUserByEmail(db, Email)) throw new HttpError(409, API_TEXTS.emailTaken);
      const passwordHash = await hashPassword(Password);
      try {
        const { id } = await db
          .insertInto('users')
          .values({ name: Name, email: Email, password_hash: passwordHash, user_type: UserType })
          .returning('id')
          .executeTakeFirstOrThrow();
        return reply.code(201).send({ message: API_TEXTS.registered, userId: id });
      } catch (err) {
        // Two registrations of one address at the same moment: the unique index decides.
        if (isUniqueViolation(err)) throw new HttpError(409, API_TEXTS.emailTaken);
        throw err;
      }
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        description: 'Answers a bearer token for the Authorization header of later calls. Unknown email and wrong password get the same 401.',
        body: loginSchema,
        response: { 200: loginResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { Email, Password } = request.body;
      const user = await findUserByEmail(db, Email);
      const valid = user ? await verifyPassword(user.password_hash, Password) : await verifyAgainstDummy(Password);
      if (!user || !valid) throw new HttpError(401, API_TEXTS.invalidCredentials);
      const token = await tokens.issue({ userId: user.id, tokenVersion: user.token_version });
      return {
        token,
        message: API_TEXTS.loggedIn,
        user: {
          userId: user.id,
          name: user.name,
          email: user.email,
          userType: user.user_type,
          plan: user.plan,
          profilePictureURL: user.profile_picture_url,
        },
      };
    },
  );
};

export default authRoutes;
