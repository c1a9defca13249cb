/**
 * Closing the app (SIGTERM in main.ts: app.close(), then the database) waits
 * for a handler whose client went away, so its write is finished on an open
 * database instead of failing half done (plugins/drain.ts). The SIGTERM of
 * the real process with its client still connected is durability.test.ts.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { DRAIN_LIMIT_MS } from '../src/plugins/drain.ts';
import { captureLog, createTestContext, TEST_DATABASES, uniqueEmail, type TestContext } from './support.ts';

/** A promise and its resolve function. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const settled = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/** Starts the app on a free port, asks for `path`, and hangs up once the handler has `started`. */
async function askAndLeave(app: App, path: string, started: Promise<void>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const req = httpRequest({ host: '127.0.0.1', port, path });
  req.on('error', () => undefined);
  req.end();
  await started;
  req.destroy();
}

describe.each(TEST_DATABASES)('closing the app on $name', (database) => {
  let ctx: TestContext | null = null;
  afterEach(async () => {
    await ctx?.close();
    ctx = null;
  });

  it('waits for a handler whose client went away, and its write is stored', async () => {
    const started = gate();
    const release = gate();
    const email = uniqueEmail('drain');
    const log = captureLog();
    ctx = await createTestContext(
      database,
      (app) => {
        app.get('/api/probe/slow-write', async () => {
          started.open();
          await release.promise;
          // A write after the client left (the app takes no new requests by then: straight to the database).
          await ctx!.db.insertInto('newsletter_subscriptions').values({ email }).execute();
          return { ok: true };
        });
      },
      { logLevel: 'info', logStream: log.stream },
    );
    const { app, db } = ctx;
    // The client asks, and goes away while the handler is at work.
    await askAndLeave(app, '/api/probe/slow-write', started.promise);

    const closed = app.close();
    expect(await settled(closed, 300)).toBe(false);
    expect(log.lines.some((line) => line.msg === 'closing: waiting for handlers still at work')).toBe(true);

    release.open();
    await closed;
    // The close ended once the handler had written, on a database still open.
    const rows = await db.selectFrom('newsletter_subscriptions').select('email').where('email', '=', email).execute();
    expect(rows).toEqual([{ email }]);
    expect(log.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('gives up waiting for a handler that never ends after DRAIN_LIMIT_MS', { timeout: DRAIN_LIMIT_MS + 20_000 }, async () => {
    const started = gate();
    ctx = await createTestContext(database, (app) => {
      app.get('/api/probe/stuck', async () => {
        started.open();
        await new Promise(() => undefined);
      });
    });
    const { app } = ctx;
    await askAndLeave(app, '/api/probe/stuck', started.promise);

    const began = performance.now();
    await app.close();
    const waited = performance.now() - began;
    expect(waited).toBeGreaterThanOrEqual(DRAIN_LIMIT_MS - 50);
    expect(waited).toBeLessThan(DRAIN_LIMIT_MS + 5_000);
  });
});
