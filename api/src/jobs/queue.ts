/**
 * The durable work queue: a table of jobs (migration 0017) that any number of
 * workers share. Every email and alert goes through it.
 *
 * - `enqueue` writes a job on the executor it is given: inside the transaction
 *   of the change that caused it (a listing posted, a message sent), the job
 *   exists exactly when the change does, whatever crashes afterwards.
 * - A job's `key` is unique among open jobs: enqueueing the same key again is
 *   harmless (the first one stands).
 * - `claimJobs` takes due jobs with FOR UPDATE SKIP LOCKED and leases them for
 *   `lockSeconds`: two workers never take the same job, and the job of a worker
 *   that died is taken again once its lease has run out.
 * - A failed job runs again after a backoff that doubles each time, until
 *   `max_attempts`; then it is marked failed and kept for a person to look at.
 *
 * Every time is the caller's clock (`now`), not the database's, so tests move
 * time forward instead of waiting for it.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/types.ts';

export interface JobSpec {
  kind: string;
  payload?: Record<string, unknown>;
  /** Makes the job unique among open jobs: a second enqueue with the same key changes nothing. */
  key?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

/** Seconds before the next attempt after failed attempt `attempt` (1, 2, …): 30 s, 1 min, 2 min, … at most an hour. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

/** Writes a job; answers false when an open job already has its key. */
export async function enqueue(db: Executor, job: JobSpec, now: Date = new Date()): Promise<boolean> {
  return (await enqueueMany(db, [job], now)) > 0;
}

export interface ClaimOptions {
  /** Who holds the lease (host and process), for the logs and a person looking at the table. */
  worker: string;
  limit: number;
  /** How long the lease lasts: longer than any one job takes. */
  lockSeconds: number;
  /** Only these kinds (default: any). */
  kinds?: readonly string[];
  now?: Date;
}

/** Takes up to `limit` due jobs, oldest first, leasing them to `worker`. */
export async function claimJobs(db: Executor, { worker, limit, lockSeconds, kinds, now = new Date() }: ClaimOptions): Promise<ClaimedJob[]> {
  const until = new Date(now.getTime() + lockSeconds * 1000);
  const kindFilter = kinds ? sql`and kind in (${sql.join(kinds.length ? kinds : [''])})` : sql``;
  const { rows } = await sql<{ id: string; kind: string; key: string | null; payload: Record<string, unknown>; attempts: number; max_attempts: number }>`
    update jobs set attempts = attempts + 1, locked_until = ${until}, locked_by = ${worker}
    where id in (
      select id from jobs
      where done_at is null and failed_at is null and run_at <= ${now}
        and (locked_until is null or locked_until <= ${now}) ${kindFilter}
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, key, payload, attempts, max_attempts
  `.execute(db);
  return rows.map((r) => ({ id: String(r.id), kind: r.kind, key: r.key, payload: r.payload, attempt: r.attempts, maxAttempts: r.max_attempts }));
}

/**
 * Marks a claimed job done (only while `worker` still holds it: a lease that ran out belongs to whoever took it next).
 * Answers false when the lease was lost: the job has been, or is being, run by another worker too.
 */
export async function completeJob(db: Executor, job: Pick<ClaimedJob, 'id'>, worker: string, now: Date = new Date()): Promise<boolean> {
  const result = await sql`update jobs set done_at = ${now}, locked_until = null where id = ${job.id} and locked_by = ${worker} and done_at is null and failed_at is null`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * Records a failed attempt: the job runs again after backoffSeconds, or is marked failed after its last attempt.
 * 'lost' when `worker` no longer holds the lease (another worker took the job; nothing is recorded).
 */
export async function failJob(db: Executor, job: ClaimedJob, worker: string, error: unknown, now: Date = new Date()): Promise<'retry' | 'failed' | 'lost'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const last = job.attempt >= job.maxAttempts;
  const retryAt = new Date(now.getTime() + backoffSeconds(job.attempt) * 1000);
  const result = await sql`
    update jobs set last_error = ${message}, locked_until = null,
      run_at = ${last ? sql`run_at` : sql`${retryAt}`}, failed_at = ${last ? now : null}
    where id = ${job.id} and locked_by = ${worker} and done_at is null and failed_at is null
  `.execute(db);
  if (Number(result.numAffectedRows ?? 0) === 0) return 'lost';
  return last ? 'failed' : 'retry';
}

/**
 * When the next job of these kinds can be claimed: the earliest due time of the open jobs, or the end of a
 * lease still running (a worker holding it may die); null when none is open. The runner sleeps until then.
 */
export async function nextClaimableAt(db: Executor, kinds?: readonly string[]): Promise<Date | null> {
  const kindFilter = kinds ? sql`and kind in (${sql.join(kinds.length ? kinds : [''])})` : sql``;
  const { rows } = await sql<{ at: Date | null }>`
    select min(greatest(run_at, coalesce(locked_until, run_at))) as at from jobs
    where done_at is null and failed_at is null ${kindFilter}
  `.execute(db);
  const at = rows[0]?.at ?? null;
  return at === null ? null : new Date(at);
}

/**
 * Gives back the leases `worker` still holds on open jobs (a stop that could not wait for them), so another
 * worker takes them at once instead of when the lease runs out. The attempt does not count.
 */
export async function releaseLeases(db: Executor, worker: string): Promise<number> {
  const result = await sql`
    update jobs set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0)
    where locked_by = ${worker} and locked_until is not null and done_at is null and failed_at is null
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Deletes jobs finished (done or failed) before `before`: the table keeps a few days of history, not all of it. */
export async function deleteFinishedJobs(db: Executor, before: Date): Promise<number> {
  const result = await sql`delete from jobs where (done_at is not null or failed_at is not null) and coalesce(done_at, failed_at) < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Writes several jobs in one statement (a fan-out: the daily digest's emails); answers how many were new (see enqueue). */
export async function enqueueMany(db: Executor, jobs: readonly JobSpec[], now: Date = new Date()): Promise<number> {
  if (!jobs.length) return 0;
  const rows = jobs.map((job) => sql`(${job.kind}, ${job.key ?? null}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.runAt ?? now}::timestamptz, ${job.maxAttempts ?? 8}::int)`);
  const result = await sql`
    insert into jobs (kind, key, payload, run_at, max_attempts)
    values ${sql.join(rows)}
    on conflict (key) where key is not null and done_at is null and failed_at is null do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
