/**
 * The automatic canary guard. Every API instance checks every CANARY_CHECK_SECONDS each remote with a canary in the
 * store's remotes.json: the canary's page loads and failures since it began against the stable version's over the
 * same minutes (remote-loads.ts). Once the canary has CANARY_MIN_LOADS page loads and its failure rate exceeds the
 * stable version's by more than CANARY_MAX_EXTRA_FAILURE_RATE percentage points, the guard ends it the way
 * `npm run rollback` would (the deployment store's endCanary, history action `auto-rollback`, by `automatic guard`),
 * and logs one error line. endCanary is given the canary's version and changes the store under its lock only while
 * that canary is still running, so when several instances judge the same canary at once exactly one ends it and logs.
 *
 * The guard also deletes load counts older than REMOTE_LOADS_KEPT_DAYS, once an hour.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { endCanary, MODULES, readRegistry } from '../../../../scripts/deployment-store.mjs';
import type { CanaryGuardSettings } from '../../config.ts';
import type { DB } from '../../db/types.ts';
import { pruneRemoteLoads, readCanaryHealth, REMOTE_LOADS_KEPT_DAYS, type CanaryHealth } from './remote-loads.ts';

/** Who the store's history names for a canary the guard ended. */
export const AUTOMATIC_GUARD = 'automatic guard';
/** The message of the one error line an automatic rollback writes. */
export const CANARY_GUARD_LOG_MESSAGE = 'canary rolled back automatically: its failure rate exceeded the stable version’s';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CanaryOutcome =
  /** Fewer page loads of the canary than CANARY_MIN_LOADS: not judged yet. */
  | 'too-few-loads'
  /** Judged and within the margin: left running. */
  | 'healthy'
  /** Ended by this guard. */
  | 'ended'
  /** Failing, but ended meanwhile by another instance (or by hand): nothing done here. */
  | 'ended-elsewhere';

export interface CanaryVerdict {
  remote: string;
  /** The store's folder name of the remote (mf-content). */
  module: string;
  stableVersion: string;
  canaryVersion: string;
  health: CanaryHealth;
  outcome: CanaryOutcome;
}

export interface CanaryGuardOptions {
  db: Kysely<DB>;
  storeDir: string;
  settings: CanaryGuardSettings;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const oneDecimal = (n: number) => n.toFixed(1);

export function createCanaryGuard({ db, storeDir, settings, log, now = () => new Date() }: CanaryGuardOptions) {
  let running: Promise<CanaryVerdict[]> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let prunedAt = -Infinity;

  async function judge(remote: string, module: string, stableVersion: string, canary: { version: string; since: string }): Promise<CanaryVerdict | null> {
    const since = new Date(canary.since);
    if (Number.isNaN(since.getTime())) return null;
    const health = await readCanaryHealth(db, { remote, stableVersion, canaryVersion: canary.version, since });
    const verdict = { remote, module, stableVersion, canaryVersion: canary.version, health };
    if (health.canary.pageLoads < settings.minLoads) return { ...verdict, outcome: 'too-few-loads' };
    if (health.extraFailureRate <= settings.maxExtraFailureRate) return { ...verdict, outcome: 'healthy' };
    const reason =
      `failure rate ${oneDecimal(health.canary.failureRate)}% over ${health.canary.pageLoads} page loads against the stable version's ` +
      `${oneDecimal(health.stable.failureRate)}% over ${health.stable.pageLoads}, more than ${settings.maxExtraFailureRate} points above it`;
    const ended = await endCanary(storeDir, MODULES.find((m) => m.remote === remote)!, {
      action: 'auto-rollback',
      by: AUTOMATIC_GUARD,
      reason,
      expectVersion: canary.version,
    });
    if (!ended) return { ...verdict, outcome: 'ended-elsewhere' };
    log.error(
      {
        canaryGuard: 'auto-rollback',
        remote,
        module,
        canaryVersion: canary.version,
        stableVersion,
        since: canary.since,
        canary: health.canary,
        stable: health.stable,
        extraFailureRate: health.extraFailureRate,
        minLoads: settings.minLoads,
        maxExtraFailureRate: settings.maxExtraFailureRate,
      },
      `${CANARY_GUARD_LOG_MESSAGE}: ${module} ${canary.version} ended, ${stableVersion} live for everyone; ${reason}`,
    );
    return { ...verdict, outcome: 'ended' };
  }

  async function checkOnce(): Promise<CanaryVerdict[]> {
    const at = now();
    if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await pruneRemoteLoads(db, new Date(at.getTime() - REMOTE_LOADS_KEPT_DAYS * DAY_MS));
    }
    const registry = await readRegistry(storeDir);
    const verdicts: CanaryVerdict[] = [];
    for (const [remote, entry] of Object.entries(registry ?? {})) {
      const module = MODULES.find((m) => m.remote === remote);
      if (!entry.canary || !module) continue;
      const verdict = await judge(remote, module.pkg, entry.version, entry.canary);
      if (verdict) verdicts.push(verdict);
    }
    return verdicts;
  }

  /** One check of every canary (a check under way is joined, never doubled); answers what it found. */
  function check(): Promise<CanaryVerdict[]> {
    running ??= checkOnce().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    check,
    /** Checks every CANARY_CHECK_SECONDS until stop(). */
    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        check().catch((error: unknown) => log.warn({ err: error }, 'the canary guard could not check the canaries; it tries again at its next check'));
      }, settings.checkSeconds * 1000);
      timer.unref();
    },
    /** Stops the checks and waits for one under way. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type CanaryGuard = ReturnType<typeof createCanaryGuard>;
