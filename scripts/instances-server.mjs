#!/usr/bin/env node
/**
 * The server of the two-instance suite (e2e/playwright.instances.config.ts): RoomNest as it runs at scale, on one
 * machine. Two API processes (`npm start`'s server, api/src/main.ts) on one fresh PostgreSQL database, with the same
 * deployment store and token secret, each running the job queue, behind a small load balancer
 * (scripts/instances-proxy.mjs) that spreads requests between them and names the instance that answered.
 *
 *   TEST_DATABASE_URL  the PostgreSQL server (required): the database `<its name>_instances` is created afresh on it
 *                      (one left by an earlier run is dropped first), and dropped on SIGTERM or SIGINT (Playwright
 *                      ends its web server with SIGKILL: then the next run drops it)
 *   PORT               the load balancer's port (default 8095); the instances take INSTANCE_PORTS (default PORT+1,PORT+2)
 *   DATA_DIR           this suite's folder (wiped first; must name an e2e folder): each instance's data folder
 *                      (`a/`, `b/`: outbox, local uploads) and, unless STORE_DIR is given, the store
 *   STORE_DIR          a deployment store to serve; modules without a live version there are built into it first
 *                      (none, when the main e2e suite has just filled it)
 *   TOKEN_SECRET       the secret both instances sign and check tokens with
 *   uploads            both instances keep them in one bucket of a real S3-compatible server (s3rver, api/test/s3-server.ts)
 *                      that this script starts on the loopback and stops with the suite; every other setting is passed on
 *
 * Once both answer, `${DATA_DIR}/instances.json` says where everything is (e2e/instances/support.ts reads it).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { startProxy } from './instances-proxy.mjs';

const databaseServer = process.env.TEST_DATABASE_URL?.trim();
if (!databaseServer) {
  console.error('[instances] TEST_DATABASE_URL must name a PostgreSQL server: the two instances share a database on it.');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8095);
const instancePorts = (process.env.INSTANCE_PORTS ?? `${port + 1},${port + 2}`).split(',').map(Number);
if (![port, ...instancePorts].every((p) => Number.isInteger(p) && p > 0 && p < 65536) || instancePorts.length !== 2) {
  console.error('[instances] PORT must be a port number and INSTANCE_PORTS two port numbers separated by a comma.');
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR ?? '.data/e2e-instances');
if (!/e2e/.test(dataDir)) {
  console.error(`[instances] refusing to wipe ${dataDir}: DATA_DIR must name an e2e folder`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
// Before lib.mjs reads them: the store this suite serves.
process.env.DATA_DIR = dataDir;
process.env.STORE_DIR = resolve(process.env.STORE_DIR?.trim() || join(dataDir, 'store'));
const { ROOT, STORE_DIR, bin, writeJsonAtomic } = await import('./lib.mjs');
const { buildModules } = await import('./build-store.mjs');

/** The suite's own database on the server TEST_DATABASE_URL names. */
const serverUrl = new URL(databaseServer);
const databaseName = `${serverUrl.pathname.slice(1) || 'postgres'}_instances`.replace(/[^\w]/g, '_');
const databaseUrl = Object.assign(new URL(databaseServer), { pathname: `/${databaseName}` }).toString();

async function onServer(statement) {
  const client = new Client({ connectionString: databaseServer });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const children = [];
/** The object storage both instances keep uploads in (started first, stopped last). */
let s3 = null;
let proxy = null;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  await proxy?.close().catch(() => undefined);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', done);
          child.kill('SIGTERM');
        }),
    ),
  );
  await onServer(`drop database if exists ${databaseName} with (force)`).catch((err) => console.error(`[instances] could not drop ${databaseName}: ${err.message}`));
  if (s3 && s3.exitCode === null) s3.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));

async function healthy(instancePort, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`an instance on port ${instancePort} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${instancePort}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the instance on port ${instancePort} did not answer its health check within two minutes`);
}

/** Starts the S3-compatible server as a process of its own and answers the S3_* settings it prints on its first line. */
async function startObjectStorage() {
  s3 = spawn(process.execPath, ['--import', 'tsx', 'api/test/s3-server.ts', '--bucket', 'roomnest-instances'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: s3.stdout });
  const [first] = await Promise.race([
    once(lines, 'line'),
    once(s3, 'exit').then(([code]) => {
      throw new Error(`the S3 server exited with code ${code} before it answered`);
    }),
  ]);
  lines.close();
  s3.stdout.resume();
  return JSON.parse(first).env;
}

function startInstance(name, instancePort, extra) {
  const child = spawn(bin('tsx'), ['api/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, name),
      STORE_DIR,
      DATABASE_URL: databaseUrl,
      // Behind the load balancer: the client's address is the one it adds to X-Forwarded-For.
      TRUST_PROXY: '1',
      RUN_JOBS: 'true',
      PUBLIC_URL: `http://localhost:${port}`,
      ...extra,
    },
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[instances] instance ${name} stopped (${signal ?? `code ${code}`}): stopping the suite's server`);
      void stop(1);
    }
  });
  return child;
}

try {
  const built = await buildModules({ missing: true });
  console.info(built ? `[instances] built ${built} module(s) into ${STORE_DIR}` : `[instances] serving the store in ${STORE_DIR}`);
  await onServer(`drop database if exists ${databaseName} with (force)`);
  await onServer(`create database ${databaseName}`);
  const objectStorage = await startObjectStorage();
  console.info(`[instances] uploads go to bucket ${objectStorage.S3_BUCKET} at ${objectStorage.S3_ENDPOINT}`);
  // One after the other: the first migrates and seeds the database, the second finds it ready (as in a rolling start).
  const instances = [
    { name: 'a', port: instancePorts[0], env: { ...objectStorage, SEED_DEMO: 'true' } },
    { name: 'b', port: instancePorts[1], env: { ...objectStorage, SEED_DEMO: 'false' } },
  ];
  for (const instance of instances) await healthy(instance.port, startInstance(instance.name, instance.port, instance.env));
  proxy = await startProxy({ port, instances });
  // What the specs need to know of this setup (the store a canary spec releases into, each instance's own port).
  writeJsonAtomic(join(dataDir, 'instances.json'), { proxy: port, storeDir: STORE_DIR, database: databaseName, bucket: objectStorage.S3_BUCKET, instances: instances.map(({ name, port: p }) => ({ name, port: p, dataDir: join(dataDir, name) })) });
  console.info(`[instances] instances a (:${instancePorts[0]}) and b (:${instancePorts[1]}) on ${databaseName}, behind http://localhost:${port}`);
} catch (err) {
  console.error(`[instances] could not start: ${err.message}`);
  await stop(1);
}
