/**
 * Work a route does after it has answered: the answer must not tell, by its
 * content or its time, what that work found (whether an email has an
 * account, whether it is already subscribed). The work starts once the
 * answer has been written; failures are logged with the request's id;
 * closing the server waits for what is still running, so nothing is cut off
 * before the database closes.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface BackgroundWork {
  /** Runs `work` now, in the background: never throws, logs a failure as `failure`. */
  run(log: FastifyBaseLogger, failure: string, work: () => Promise<unknown>): void;
  /** Resolves when nothing is running (for tests). */
  idle(): Promise<void>;
}

export function createBackgroundWork(app: FastifyInstance): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled(running);
  };
  app.addHook('onClose', idle);
  return {
    run(log, failure, work) {
      const task: Promise<unknown> = Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.error({ err }, failure))
        .finally(() => running.delete(task));
      running.add(task);
    },
    idle,
  };
}
