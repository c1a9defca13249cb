/**
 * POST /api/auth/register and POST /api/auth/login. Registration also enqueues the verification email, in the
 * transaction that creates the account (email-verification/email.ts).
 */
import {
  API_TEXTS,
  apiErrorSchema,
  loginResponseSchema,
  loginSchema,
  RATE_LIMIT_TEXTS,
  registerResponseSchema,
  registerSchema,
  TRUST_TEXTS,
} from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DB } from '../../db/types.ts';
import { HttpError } from '../../plugins/errors.ts';
import { clientIp, createFailureLimiter, rateLimitConfig } from '../../plugins/security.ts';
import { enqueueVerificationEmail } from '../email-verification/email.ts';
import { rolesOf } from '../moderation/roles-repository.ts';
import { findUserByEmail, insertUser } from '../users/repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import type { TokenService } from './tokens.ts';

export interface AuthRoutesOptions {
  db: Kysely<DB>;
  tokens: TokenService;
  /** The clock of the verification email's job. */
  now: () => Date;
}

const loginEmail = (request: { body: unknown }) => String((request.body as { Email?: unknown } | null)?.Email ?? '').trim().toLowerCase();

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, tokens, now }) => {
  const limits = app.rateLimits;
  // Failed logins only: per address and email (guessing one password), and per address (trying many emails).
  const beginLogin = createFailureLimiter(
    app,
    [
      { name: 'login', limit: limits.login, key: (request) => `${clientIp(request)} ${loginEmail(request)}` },
      { name: 'login-ip', limit: limits.loginIp, key: clientIp },
    ],
    RATE_LIMIT_TEXTS.login,
  );
  // A 409 tells that an email has an account: few of those per address.
  const beginRegistration = createFailureLimiter(app, [{ name: 'register-taken', limit: limits.registerTaken, key: clientIp }], RATE_LIMIT_TEXTS.register);

  app.post(
    '/register',
    {
      // Every well-formed registration counts against RATE_LIMIT_REGISTER; refused duplicates against RATE_LIMIT_REGISTER_TAKEN too.
      config: rateLimitConfig(limits.register, clientIp, RATE_LIMIT_TEXTS.register),
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        description:
          'Does not log the user in. Emails compare case-insensitively: an address already registered in any letter case answers 409. ' +
          'Rate limited per client address: RATE_LIMIT_REGISTER registrations (default 100 an hour), of which ' +
          'RATE_LIMIT_REGISTER_TAKEN may be refused as already registered (default 10 an hour); then 429 with retry-after. ' +
          'Emails the new account a link to confirm its address (POST /api/auth/verify-email).',
        body: registerSchema,
        response: { 201: registerResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { Name, Email, Password, UserType } = request.body;
      const attempt = await beginRegistration(request, reply);
      const taken = async () => {
        await attempt.failed();
        return new HttpError(409, API_TEXTS.emailTaken);
      };
      try {
        if (await findUserByEmail(db, Email)) throw await taken();
        const passwordHash = await hashPassword(Password);
        try {
          // The account and its verification email together: the job exists exactly when the account does.
          const { id } = await db.transaction().execute(async (trx) => {
            const user = await insertUser(trx, { name: Name, email: Email, passwordHash, userType: UserType });
            await enqueueVerificationEmail(trx, { userId: user.id, email: Email }, 0, now());
            return user;
          });
          app.jobs.wake();
          return reply.code(201).send({ message: API_TEXTS.registered, userId: id });
        } catch (err) {
          // Two registrations of one address at the same moment: the unique index decides.
          if (isUniqueViolation(err)) throw await taken();
          throw err;
        }
      } finally {
        await attempt.end();
      }
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in',
        description:
          'Answers a bearer token for the Authorization header of later calls. Unknown email and wrong password get the same 401 ' +
          '(and take as long: the password is hashed either way). After RATE_LIMIT_LOGIN failed attempts (default 10 in 15 minutes) ' +
          'for one email from one client address, or RATE_LIMIT_LOGIN_IP (default 100) for any email, every attempt answers 429 with ' +
          'retry-after until the window ends. Successful logins do not count. A suspended account answers 403 with the right ' +
          'password (the wrong one still 401, so a suspension is not revealed without it). The user carries its roles.',
        body: loginSchema,
        response: { 200: loginResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { Email, Password } = request.body;
      const attempt = await beginLogin(request, reply);
      try {
        const user = await findUserByEmail(db, Email);
        const valid = user ? await verifyPassword(user.password_hash, Password) : await verifyAgainstDummy(Password);
        if (!user || !valid) {
          await attempt.failed();
          throw new HttpError(401, API_TEXTS.invalidCredentials);
        }
        // Only after the password is checked: a suspension is not revealed to someone who does not know it.
        if (user.suspended_at) throw new HttpError(403, TRUST_TEXTS.suspendedLogin);
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
            roles: await rolesOf(db, user.id),
            emailVerified: user.email_verified_at !== null,
          },
        };
      } finally {
        await attempt.end();
      }
    },
  );
};

export default authRoutes;
