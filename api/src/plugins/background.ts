/**
 * Work a route does after it has answered: the answer must not tell, by its
 * content or its time, what that work found (whether an email has an
 * account, whether it is already subscribed). `app.background.afterAnswer`
 * registers the work at once and starts it when the answer has been written;
 * failures are logged with the request's id; closing the server waits for
 * what is still running, so nothing is cut off before the database closes.
 * Tests wait for `app.background.idle()` before reading the database.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface BackgroundWork {
  /** Runs `work` once `reply` has been written (or its client went away); never throws, logs a failure as `failure`. */
  afterAnswer(reply: FastifyReply, log: FastifyBaseLogger, failure: string, work: () => Promise<unknown>): void;
  /** Runs `work` now, beside the requests (start-up upkeep); never throws, logs a failure as `failure`; closing waits for it. */
  run(log: FastifyBaseLogger, failure: string, work: () => Promise<unknown>): void;
  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
  }
}

async function backgroundPlugin(app: FastifyInstance): Promise<void> {
  const running = new Set<Promise<unknown>>();
  const idle = async () => {
    while (running.size > 0) await Promise.allSettled(running);
  };
  app.decorate('background', {
    afterAnswer(reply, log, failure, work) {
      const answered = new Promise<void>((resolve) => {
        if (reply.raw.writableFinished || reply.raw.destroyed) resolve();
        reply.raw.once('finish', resolve);
        reply.raw.once('close', resolve);
      });
      const task: Promise<unknown> = answered
        .then(work)
        .catch((err: unknown) => log.error({ err }, failure))
        .finally(() => running.delete(task));
      running.add(task);
    },
    run(log, failure, work) {
      const task: Promise<unknown> = Promise.resolve()
        .then(work)
        .catch((err: unknown) => log.error({ err }, failure))
        .finally(() => running.delete(task));
      running.add(task);
    },
    idle,
  } satisfies BackgroundWork);
  app.addHook('onClose', idle);
}

export default fp(backgroundPlugin, { name: 'background' });
