/**
 * The auth guard. `app.authenticate` (a preHandler) requires a valid bearer
 * token and sets `request.user`; `app.identify` does the same when a token is
 * sent and lets anonymous callers through. Either one runs before anything
 * else of its route (moved to onRequest): no body is read before the token.
 * A token is valid while it is genuine, unexpired, its user still exists and
 * its token version matches the user's (so a deleted account's or a revoked
 * token stops working at once).
 *
 *   app.get('/api/x', { preHandler: app.authenticate, schema: { security: BEARER_AUTH } }, (req) => {
 *     const user = requireUser(req);          // or requireLandlord(req)
 *   });
 */
import { API_TEXTS, TRUST_TEXTS, type PlanName, type UserRole, type UserType } from '@roomnest/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import type { TokenService } from '../features/auth/tokens.ts';
import { findSessionUser } from '../features/users/repository.ts';
import { HttpError } from './errors.ts';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  userType: UserType;
  plan: PlanName;
  /** Roles beyond the account type (user_roles), read on every request. */
  roles: UserRole[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, once `app.authenticate` or `app.identify` has run; null when anonymous. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: sets `request.user` when a token is sent (401 if that token is invalid); anonymous callers pass. */
    identify: (request: FastifyRequest) => Promise<void>;
  }
}

/** The OpenAPI security requirement of a route that needs a token. */
export const BEARER_AUTH = [{ bearerAuth: [] }];

export const LANDLORD_ONLY = 'Only landlords can do that.';

/** The authenticated caller; 401 when there is none. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, API_TEXTS.unauthenticated);
  return request.user;
}

/** The authenticated caller when a landlord; 401 when anonymous, 403 for a tenant. */
export function requireLandlord(request: FastifyRequest, message: string = LANDLORD_ONLY): AuthUser {
  const user = requireUser(request);
  if (user.userType !== 'Landlord') throw new HttpError(403, message);
  return user;
}

/** The authenticated caller when a moderator; 401 when anonymous, 403 for anyone else. */
export function requireModerator(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.roles.includes('moderator')) throw new HttpError(403, TRUST_TEXTS.moderatorsOnly);
  return user;
}

/** The token of an `Authorization: Bearer <token>` header; undefined when absent, null when malformed. */
function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_.~+/=-]+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export interface AuthPluginOptions {
  db: Kysely<DB>;
  tokens: TokenService;
}

async function authPlugin(app: FastifyInstance, { db, tokens }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('user', null);

  // Routes name the guard as a preHandler, but it runs first, as an onRequest hook: a call without a valid token
  // answers 401 before its body is read, parsed or validated (it was 400, 413 or 415 for a bad body or path), so an
  // anonymous caller neither learns the validation rules nor makes the server parse a body.
  const guards = new Set<unknown>();
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const early = preHandlers.filter((hook) => guards.has(hook));
    if (early.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !guards.has(hook));
    route.onRequest = [...early, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
  });

  async function resolveUser(token: string): Promise<AuthUser> {
    const claims = await tokens.verify(token);
    if (!claims) throw new HttpError(401, API_TEXTS.tokenInvalid);
    const row = await findSessionUser(db, claims.userId);
    // A suspension bumps the token version in its own transaction; the suspended_at test keeps a token out even if
    // someone sets the column by hand in psql without the bump.
    if (!row || row.token_version !== claims.tokenVersion || row.suspended_at) throw new HttpError(401, API_TEXTS.tokenInvalid);
    return { id: row.id, name: row.name, email: row.email, userType: row.user_type, plan: row.plan, roles: row.roles };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token === undefined) throw new HttpError(401, API_TEXTS.unauthenticated);
    if (token === null) throw new HttpError(401, API_TEXTS.tokenInvalid);
    request.user = await resolveUser(token);
  });

  app.decorate('identify', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token === undefined) return;
    if (token === null) throw new HttpError(401, API_TEXTS.tokenInvalid);
    request.user = await resolveUser(token);
  });
  guards.add(app.authenticate).add(app.identify);
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
