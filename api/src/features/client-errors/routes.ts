/**
 * POST /api/client-errors/remote-failures: the shell reports a remote page that
 * failed to load, timed out or threw while rendering. Each report becomes one
 * structured warn line in the server's log (through the request's logger, so
 * it carries the request id), which is where operations look when a release
 * goes wrong, and one failure in the counts of its remote version
 * (remote-loads.ts) that the canary guard judges by.
 *
 * POST /api/client-errors/remote-loads: the shell reports a remote page that
 * rendered: every one of a canary version, a sample (REMOTE_LOAD_SAMPLE_RATE)
 * of a stable version's, which the count weights by 1/rate. Not logged.
 *
 * A client address's loads of one remote version are counted once per
 * REMOTE_LOAD_REPORT_SECONDS, and so are its failures: one browser (or script)
 * can neither drown a canary's failures in loads nor fail a healthy canary by
 * itself. With several API instances each keeps its own memory of this, so an
 * address counts at most once per instance in that time.
 *
 * Both are anonymous, so they are bounded every way a log or a count can be
 * filled from outside:
 *   - small bodies only (413 above REMOTE_FAILURE_BODY_LIMIT), every field of
 *     bounded length (the shared schema), malformed reports 400;
 *   - only a remote of the live remotes.json, at its live version or one live
 *     within the last hour (live-remotes.ts): anything else is 400;
 *   - per client IP, RATE_LIMIT_CLIENT_ERRORS reports (then 429);
 *   - the same remote, version, kind and message from the same IP within
 *     REPEAT_WINDOW_MS is logged once, then counted (repeats.ts).
 * The load reports have the same bounds (their own body limit, and their own
 * count of RATE_LIMIT_CLIENT_ERRORS per address).
 */
import {
  apiErrorSchema,
  RATE_LIMIT_TEXTS,
  REMOTE_FAILURE_BODY_LIMIT,
  REMOTE_LOAD_BODY_LIMIT,
  remoteFailureReportSchema,
  remoteLoadReportSchema,
  type RemoteFailureReport,
} from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DEFAULT_REMOTE_LOAD_REPORT_SECONDS, DEFAULT_REMOTE_LOAD_SAMPLE_RATE, type CanaryGuardSettings } from '../../config.ts';
import type { DB } from '../../db/types.ts';
import { RequestValidationError } from '../../plugins/errors.ts';
import { clientIp, rateLimitConfig } from '../../plugins/security.ts';
import { createCanaryGuard } from './canary-guard.ts';
import { createLiveRemotes, RECENTLY_LIVE_MS, UNKNOWN_VERSION } from './live-remotes.ts';
import { countRemoteLoad } from './remote-loads.ts';
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
  db: Kysely<DB>;
  /** The deployment store: its remotes.json and history.jsonl say which remotes and versions are live. */
  storeDir: string;
  /** How long identical reports from one client are counted instead of logged (REPEAT_WINDOW_MS). */
  repeatWindowMs?: number;
  /** The share of a stable version's loads the shell reports (REMOTE_LOAD_SAMPLE_RATE): such a report counts 1/rate loads. */
  loadSampleRate?: number;
  /** A client address's loads, and its failures, of one remote version count once in this many seconds (REMOTE_LOAD_REPORT_SECONDS). */
  loadReportSeconds?: number;
  /** The clock of the counts' minutes. */
  now?: () => Date;
  /** Runs the automatic canary guard (canary-guard.ts) with these settings from start to close; without them it does not run. */
  canaryGuard?: CanaryGuardSettings;
}

type Logged = RemoteFailureReport & { ip: string; reqId: string };

const refused = (field: 'remote' | 'version', message: string) =>
  new RequestValidationError(new z.ZodError([{ code: 'custom', path: [field], message, input: undefined }]));

const clientErrorsRoutes: FastifyPluginAsyncZod<ClientErrorsRoutesOptions> = async (
  app,
  {
    db,
    storeDir,
    repeatWindowMs = REPEAT_WINDOW_MS,
    loadSampleRate = DEFAULT_REMOTE_LOAD_SAMPLE_RATE,
    loadReportSeconds = DEFAULT_REMOTE_LOAD_REPORT_SECONDS,
    now = () => new Date(),
    canaryGuard,
  },
) => {
  if (canaryGuard) {
    const guard = createCanaryGuard({ db, storeDir, settings: canaryGuard, log: app.log, now });
    app.addHook('onReady', async () => guard.start());
    app.addHook('onClose', () => guard.stop());
  }

  const live = createLiveRemotes(storeDir);
  // Only its "first of the window" answer is used: what it held back is not worth a log line.
  const counted = createRepeatFilter<null>({ windowMs: loadReportSeconds * 1000, now: () => now().getTime(), onRepeated: () => undefined });

  /**
   * Counts a load or a failure of a remote version, unless the same client counted one of this version in the last
   * REMOTE_LOAD_REPORT_SECONDS. 'unknown' (the shell could not read remotes.json) is no version to count.
   */
  async function countReport(outcome: 'load' | 'failure', ip: string, remote: string, version: string): Promise<void> {
    if (version === UNKNOWN_VERSION || !counted.admit([outcome, ip, remote, version], null)) return;
    await countRemoteLoad(db, { remote, version, at: now(), ...(outcome === 'failure' ? { failures: 1 } : { loads: loadWeight(remote, version) }) });
  }

  /** The loads one load report stands for: a canary's are all reported, a stable version's only a sample. */
  const loadWeight = (remote: string, version: string) => (live.role(remote, version) === 'canary' ? 1 : 1 / loadSampleRate);

  /** 400 unless `remote` is live and `version` is one of its live (or recently live) versions. */
  async function checkLive(remote: string, version: string): Promise<void> {
    const check = await live.check(remote, version);
    if (check === 'unknown-remote') throw refused('remote', CLIENT_ERROR_TEXTS.unknownRemote(remote));
    if (check === 'unknown-version') throw refused('version', CLIENT_ERROR_TEXTS.unknownVersion(remote));
  }

  const repeats = createRepeatFilter<Logged>({
    windowMs: repeatWindowMs,
    onRepeated: ({ first: { ip: _ip, reqId, ...report }, repeats: count, firstAt, lastAt }) =>
      app.log.warn(
        { clientError: 'remote-failure', ...report, repeats: count, firstReqId: reqId, firstAt: new Date(firstAt).toISOString(), lastAt: new Date(lastAt).toISOString() },
        REMOTE_FAILURE_REPEATED_MESSAGE,
      ),
  });
  const sweeper = setInterval(() => {
    repeats.sweep();
    counted.sweep();
  }, Math.min(60_000, repeatWindowMs));
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    repeats.flush();
    counted.flush();
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
          `${REPEAT_WINDOW_MS / 60_000} minutes, with a count of the repeats. Each report is also one failure in the counts of ` +
          'its remote version that the automatic canary guard judges by (once per address and version every REMOTE_LOAD_REPORT_SECONDS).',
        body: remoteFailureReportSchema,
        response: { 204: z.null().describe('Logged (or counted as a repeat).'), 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { remote, module, version, kind, message, path, shellVersion } = request.body;
      await checkLive(remote, version);
      const report = { remote, module, version, kind, message, path, shellVersion };
      // Every report counts, repeats too (the log line is what repeats spare): remote and version are checked above.
      app.metrics.remoteFailures.inc({ remote, version, kind });
      const ip = clientIp(request);
      if (repeats.admit([ip, remote, version, kind, message], { ...report, ip, reqId: String(request.id) })) {
        request.log.warn({ clientError: 'remote-failure', ...report }, REMOTE_FAILURE_LOG_MESSAGE);
      }
      await countReport('failure', ip, remote, version);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/remote-loads',
    {
      bodyLimit: REMOTE_LOAD_BODY_LIMIT,
      config: rateLimitConfig(app.rateLimits.clientErrors, (request) => `ip ${clientIp(request)}`, RATE_LIMIT_TEXTS.clientErrors),
      schema: {
        tags: ['client-errors'],
        summary: 'Report a remote page that rendered',
        description:
          'Sent by the shell when a remote page has rendered: every time for a canary version (remotes.json says `cohort: canary`), ' +
          'otherwise for a sample of loads (the share in the `X-RoomNest-Load-Sample` header of /remotes.json, REMOTE_LOAD_SAMPLE_RATE). ' +
          'Anyone. 204 once counted: a report of the canary version counts one page load, any other 1/REMOTE_LOAD_SAMPLE_RATE; one ' +
          'address counts once per remote version every REMOTE_LOAD_REPORT_SECONDS (the rest are answered 204 and not counted). ' +
          `400 for a malformed report, or for a remote that is not in the live remotes.json or a version of it that is not live and was ` +
          `not live within the last ${RECENTLY_LIVE_MS / 60_000} minutes; 413 for a body over ${REMOTE_LOAD_BODY_LIMIT} bytes; 429 past ` +
          'the limit per client address (RATE_LIMIT_CLIENT_ERRORS, counted apart from the failure reports). Nothing is logged.',
        body: remoteLoadReportSchema,
        response: { 204: z.null().describe('Counted (or within the time one address counts once).'), 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { remote, version } = request.body;
      await checkLive(remote, version);
      // Every report, weighted like the guard's counts (which also count one address once a while: see countReport).
      if (version !== UNKNOWN_VERSION) app.metrics.remoteLoads.inc({ remote, version }, loadWeight(remote, version));
      await countReport('load', clientIp(request), remote, version);
      return reply.code(204).send(null);
    },
  );
};

export default clientErrorsRoutes;
