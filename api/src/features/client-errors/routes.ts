/**
 * POST /api/client-errors/remote-failures: the shell reports a remote page that
 * failed to load, timed out or threw while rendering. Nothing is stored: each
 * report becomes one structured warn line in the server's log (through the
 * request's logger, so it carries the request id), which is where operations
 * look when a release goes wrong. Anonymous, so it is bounded every way a log
 * can be filled from outside:
 *   - small bodies only (413 above REMOTE_FAILURE_BODY_LIMIT), every field of
 *     bounded length (the shared schema), malformed reports 400;
 *   - only a remote of the live remotes.json, at its live version or one live
 *     within the last hour (live-remotes.ts): anything else is 400;
 *   - per client IP, RATE_LIMIT_CLIENT_ERRORS reports (then 429);
 *   - the same remote, version, kind and message from the same IP within
 *     REPEAT_WINDOW_MS is logged once, then counted (repeats.ts).
 */
import { apiErrorSchema, RATE_LIMIT_TEXTS, REMOTE_FAILURE_BODY_LIMIT, remoteFailureReportSchema, type RemoteFailureReport } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RequestValidationError } from '../../plugins/errors.ts';
import { clientIp, rateLimitConfig } from '../../plugins/security.ts';
import { createLiveRemotes, RECENTLY_LIVE_MS } from './live-remotes.ts';
import { createRepeatFilter, REPEAT_WINDOW_MS } from './repeats.ts';

/** The log line's message; the fields are the report's own. */
export const REMOTE_FAILURE_LOG_MESSAGE = 'remote module failure reported by a browser';
/** The line that closes a window in which the same report came again (`repeats`: how many more times). */
export const REMOTE_FAILURE_REPEATED_MESSAGE = 'remote module failure reported again by the same client';

export const CLIENT_ERROR_TEXTS = {
  unknownRemote: (remote: string) => `remote ${remote} is not a remote of this site.`,
  unknownVersion: (remote: string) => `version is not a version of ${remote} that is or was recently live.`,
} as const;

export interface ClientErrorsRoutesOptions {
  /** The deployment store: its remotes.json and history.jsonl say which remotes and versions are live. */
  storeDir: string;
  /** How long identical reports from one client are counted instead of logged (REPEAT_WINDOW_MS). */
  repeatWindowMs?: number;
}

type Logged = RemoteFailureReport & { ip: string; reqId: string };

const refused = (field: 'remote' | 'version', message: string) =>
  new RequestValidationError(new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }]));

const clientErrorsRoutes: FastifyPluginAsyncZod<ClientErrorsRoutesOptions> = async (app, { storeDir, repeatWindowMs = REPEAT_WINDOW_MS }) => {
  const live = createLiveRemotes(storeDir);
  const repeats = createRepeatFilter<Logged>({
    windowMs: repeatWindowMs,
    onRepeated: ({ first: { ip: _ip, reqId, ...report }, repeats: count, firstAt, lastAt }) =>
      app.log.warn(
        { clientError: 'remote-failure', ...report, repeats: count, firstReqId: reqId, firstAt: new Date(firstAt).toISOString(), lastAt: new Date(lastAt).toISOString() },
        REMOTE_FAILURE_REPEATED_MESSAGE,
      ),
  });
  const sweeper = setInterval(() => repeats.sweep(), Math.min(60_000, repeatWindowMs));
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    repeats.flush();
  });

  app.post(
    '/remote-failures',
    {
      bodyLimit: REMOTE_FAILURE_BODY_LIMIT,
      // Only logged (JSON-escaped): a message the shell cut inside an emoji, or with a NUL, is still worth reading.
      config: {
        acceptsAnyText: true,
        ...rateLimitConfig(app.rateLimits.clientErrors, (request) => `ip ${clientIp(request)}`, RATE_LIMIT_TEXTS.clientErrors),
      },
      schema: {
        tags: ['client-errors'],
        summary: 'Report a remote module that failed in the browser',
        description:
          'Sent by the shell when a remote page times out, fails to load or throws while rendering (at most once per remote and ' +
          'kind every few seconds). Anyone. 204 after one warn line is logged; 400 for a malformed report, or for a remote that is ' +
          `not in the live remotes.json or a version of it that is not live and was not live within the last ${RECENTLY_LIVE_MS / 60_000} minutes ` +
          `(\`unknown\` is accepted); 413 for a body over ${REMOTE_FAILURE_BODY_LIMIT} bytes; 429 past the limit per client address ` +
          `(RATE_LIMIT_CLIENT_ERRORS). The same remote, version, kind and message from one address is logged once every ` +
          `${REPEAT_WINDOW_MS / 60_000} minutes, with a count of the repeats. Nothing is stored.`,
        body: remoteFailureReportSchema,
        response: { 204: z.null().describe('Logged (or counted as a repeat).'), 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { remote, module, version, kind, message, path, shellVersion } = request.body;
      const check = await live.check(remote, version);
      if (check === 'unknown-remote') throw refused('remote', CLIENT_ERROR_TEXTS.unknownRemote(remote));
      if (check === 'unknown-version') throw refused('version', CLIENT_ERROR_TEXTS.unknownVersion(remote));
      const report = { remote, module, version, kind, message, path, shellVersion };
      // Every report counts, repeats too (the log line is what repeats spare): remote and version are checked above.
      app.metrics.remoteFailures.inc({ remote, version, kind });
      const ip = clientIp(request);
      if (repeats.admit([ip, remote, version, kind, message], { ...report, ip, reqId: String(request.id) })) {
        request.log.warn({ clientError: 'remote-failure', ...report }, REMOTE_FAILURE_LOG_MESSAGE);
      }
      return reply.code(204).send(null);
    },
  );
};

export default clientErrorsRoutes;
