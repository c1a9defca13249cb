/** GET /api/health: 200 once the database answers, 503 otherwise (load balancers and `npm start` poll it). */
import { apiErrorSchema, healthResponseSchema } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { pingDatabase } from './repository.ts';

export const HEALTH_TIMEOUT_MS = 5_000;
export const DATABASE_UNAVAILABLE = 'The database is not answering. Please try again shortly.';

export interface HealthRoutesOptions {
  db: Kysely<DB>;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(pingDatabase(db), HEALTH_TIMEOUT_MS);
        return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
      } catch (err) {
        request.log.warn({ err }, 'health check: database unavailable');
        return reply.code(503).header('cache-control', 'no-store').send({ message: DATABASE_UNAVAILABLE });
      }
    },
  );
};

export default healthRoutes;
