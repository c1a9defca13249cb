/**
 * Closing without cutting work short. Fastify's close stops taking requests
 * and waits for the open connections; but a handler whose client went away
 * (a closed tab, a proxy's timeout) goes on working with no connection left
 * to wait for, and main.ts would then close the database under it: a write
 * half done, "driver has already been destroyed" in the log. So every route
 * handler that returns a promise is counted while it runs, and the app's
 * close waits until none is left (at most DRAIN_LIMIT_MS, within main.ts's
 * shutdown grace).
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

export const DRAIN_LIMIT_MS = 8_000;

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

async function drainPlugin(app: FastifyInstance) {
  let running = 0;
  let idle: (() => void) | null = null;
  const finished = () => {
    running -= 1;
    if (running === 0) idle?.();
  };

  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function counted(this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (!isThenable(result)) return result;
      running += 1;
      return Promise.resolve(result).finally(finished);
    } as RouteHandlerMethod;
  });

  app.addHook('onClose', async () => {
    if (running === 0) return;
    app.log.info({ running }, 'closing: waiting for handlers still at work');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        app.log.warn({ running }, `closing: handlers still at work after ${DRAIN_LIMIT_MS} ms`);
        resolve();
      }, DRAIN_LIMIT_MS);
      timer.unref();
      idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}

export default fp(drainPlugin, { name: 'roomnest-drain' });
