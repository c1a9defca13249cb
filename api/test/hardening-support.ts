/**
 * Test support for the hardening suites: the usual test context (support.ts)
 * with configuration of its own (CORS origins, CSP remote origins, rate
 * limits, trusted proxies, public URL).
 */
import { rmSync } from 'node:fs';
import { buildApp, type BuildAppOptions } from '../src/app.ts';
import { makeDataDir, type TestContext, type TestDatabase } from './support.ts';

export type HardeningConfig = Partial<Pick<BuildAppOptions['config'], 'corsOrigins' | 'cspRemoteOrigins' | 'trustProxy' | 'rateLimits' | 'publicUrl'>>;

export async function createConfiguredContext(database: TestDatabase, overrides: HardeningConfig = {}): Promise<TestContext> {
  const opened = await database.open();
  const config = makeDataDir();
  const app = await buildApp({ db: opened.db, config: { ...config, ...overrides } });
  await app.ready();
  return {
    app,
    db: opened.db,
    config,
    async inject(options) {
      const res = await app.inject(options);
      const request = `${options.method ?? 'GET'} ${String(options.url)}`;
      if (res.statusCode >= 500) throw new Error(`${request} answered ${res.statusCode}: ${res.body}`);
      if (/\n\s+at .+:\d+:\d+/.test(res.body)) throw new Error(`${request} leaked a stack trace: ${res.body}`);
      return res;
    },
    async close() {
      await app.close();
      await opened.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
