/**
 * The server process: reads the configuration, opens the database (PGlite in
 * DATA_DIR unless DATABASE_URL is set), migrates it, seeds the demo data on
 * first start, then serves the API, uploads, the deployment store and the shell
 * on one port until SIGTERM or SIGINT, when it drains and closes cleanly.
 */
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { startAdminListener, type AdminListener } from './features/moderation/admin-listener.ts';
import { seedDemoData } from './seed/index.ts';
import { stopOnSignals } from './shutdown.ts';
import { createUploadStorage } from './uploads/storage.ts';

/** How long a shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const uploads = createUploadStorage(config);
  // First: a bucket that cannot be used stops the start at once with the reason, not the first upload an hour later.
  await uploads.check().catch((err: unknown) => {
    uploads.close();
    throw err;
  });
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  let app: App | null = null;
  let admin: AdminListener | null = null;

  stopOnSignals('api', SHUTDOWN_GRACE_MS, async (signal) => {
    app?.log.info(`${signal} received: closing`);
    // First, so `npm run moderators` stops finding this server before its database closes.
    await admin?.close();
    await app?.close();
    await database.close();
    uploads.close();
  });

  try {
    const ran = await migrateToLatest(database.db);
    const seedStarted = performance.now();
    const seeded = config.seedDemo ? await seedDemoData(database.db, { uploads, listings: config.seedListings }) : false;
    const seedMs = Math.round(performance.now() - seedStarted);
    app = await buildApp({ db: database.db, config, uploads });
    if (ran.length) app.log.info({ migrations: ran }, 'database migrated');
    if (seeded) app.log.info({ listings: config.seedListings, ms: seedMs }, 'demo accounts and listings seeded (see api/src/seed/demo-accounts.ts)');
    const log = app.log;
    await database.startMaintenance((err) => log.warn({ err }, 'database maintenance failed'));
    await app.listen({ port: config.port, host: config.host });
    app.log.info(
      {
        database: database.kind === 'pglite' ? `PGlite in ${join(config.dataDir, 'db')}` : 'PostgreSQL',
        store: config.storeDir,
        uploads: config.objectStorage ? `bucket ${config.objectStorage.bucket}${config.objectStorage.endpoint ? ` at ${config.objectStorage.endpoint}` : ''}` : config.uploadsDir,
      },
      `RoomNest API listening on port ${config.port}; docs at /api/docs`,
    );
  } catch (err) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    uploads.close();
    throw err;
  }
  // The moderators command's way in while this process holds the database (features/moderation/admin-listener.ts).
  // Without it the site still serves; only `npm run moderators` has to wait for a stop (on PGlite).
  try {
    admin = await startAdminListener({ db: database.db, dataDir: config.dataDir, publicPort: (app.server.address() as AddressInfo).port, log: app.log });
  } catch (err) {
    app.log.error({ err }, 'the admin listener for npm run moderators could not start');
  }
}

main().catch((err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`[api] port ${process.env.PORT ?? 8080} is already in use: stop whatever uses it, or set PORT to another port.`);
  } else if (err instanceof Error && ['ConfigError', 'DataDirLockedError', 'MigrationError', 'StorageCheckError'].includes(err.name)) {
    console.error(`[api] ${err.message}`);
  } else {
    console.error('[api] failed to start:', err);
  }
  process.exit(1);
});
