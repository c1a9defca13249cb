/**
 * POST /api/client-errors/remote-failures: the shell reports a remote page that
 * failed to load, timed out or threw while rendering. Nothing is stored: each
 * report becomes one structured warn line in the server's log (through the
 * request's logger, so it carries the request id), which is where operations
 * look when a release goes wrong. Anonymous; small bodies only (413 above
 * REMOTE_FAILURE_BODY_LIMIT); malformed reports are 400 like any other body.
 */
import { apiErrorSchema, REMOTE_FAILURE_BODY_LIMIT, remoteFailureReportSchema } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The log line's message; the fields are the report's own. */
export const REMOTE_FAILURE_LOG_MESSAGE = 'remote module failure reported by a browser';

const clientErrorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/remote-failures',
    {
      bodyLimit: REMOTE_FAILURE_BODY_LIMIT,
      // Only logged (JSON-escaped): a message the shell cut inside an emoji, or with a NUL, is still worth reading.
      config: { acceptsAnyText: true },
      schema: {
        tags: ['client-errors'],
        summary: 'Report a remote module that failed in the browser',
        description:
          'Sent by the shell when a remote page times out, fails to load or throws while rendering (at most once per remote and ' +
          'kind every few seconds). Anyone. 204 after one warn line is logged; 400 for a malformed report; 413 for a body over ' +
          `${REMOTE_FAILURE_BODY_LIMIT} bytes. Nothing is stored.`,
        body: remoteFailureReportSchema,
        response: { 204: z.null().describe('Logged.'), 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { remote, module, version, kind, message, path, shellVersion } = request.body;
      request.log.warn({ clientError: 'remote-failure', remote, module, version, kind, message, path, shellVersion }, REMOTE_FAILURE_LOG_MESSAGE);
      return reply.code(204).send(null);
    },
  );
};

export default clientErrorsRoutes;
