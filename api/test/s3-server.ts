/**
 * Test support: a real S3-compatible server on the loopback, for the object-storage tests of the API and the
 * end-to-end suites (several API instances sharing one bucket). It is s3rver (from the npm registry, so CI has it
 * with `npm ci`): an HTTP server speaking the S3 REST API (path-style addressing, ETags, conditional GETs, its one
 * access key id required; it does not recompute SigV4 signatures, so a wrong secret goes unnoticed here), keeping
 * its objects in a temporary folder of its own.
 *
 *   const s3 = await startS3Server({ bucket: 'roomnest-test' });
 *   // S3_ENDPOINT=s3.endpoint S3_BUCKET=s3.bucket S3_ACCESS_KEY_ID=s3.accessKeyId ... (s3.env)
 *   await s3.stop();   // the server closes and its folder is removed
 *
 * Run as a program it starts one and keeps it until SIGTERM or SIGINT, printing one JSON line with the same
 * fields first (for a suite that starts its servers as processes):
 *   node --import tsx api/test/s3-server.ts [--bucket <name>] [--port <port>]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import type { ObjectStorageSettings } from '../src/config.ts';

/** s3rver's one key pair: another access key id is refused (403 InvalidAccessKeyId). */
export const S3_TEST_ACCESS_KEY_ID = 'S3RVER';
export const S3_TEST_SECRET_ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The API's S3_* variables for this server and bucket. */
  env: Record<string, string>;
  /** The API's object-storage settings for this server and bucket (what loadConfig makes of `env`). */
  settings: ObjectStorageSettings;
  /** Closes the server (connections to it are refused from then on) and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startS3Server({ bucket = 'roomnest-test', port = 0 }: { bucket?: string; port?: number } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'roomnest-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  let address: { port: number };
  try {
    address = (await server.run()) as unknown as { port: number };
  } catch (err) {
    rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped: Promise<void> | null = null;
  return {
    endpoint,
    bucket,
    accessKeyId: S3_TEST_ACCESS_KEY_ID,
    secretAccessKey: S3_TEST_SECRET_ACCESS_KEY,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3_TEST_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: S3_TEST_ACCESS_KEY_ID,
      secretAccessKey: S3_TEST_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      publicUrl: null,
    },
    stop() {
      stopped ??= server.close().finally(() => rmSync(directory, { recursive: true, force: true }));
      return stopped;
    },
  };
}

/** The value after `--<name>` on the command line. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(option('port') ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`--port must be a port number from 0 to 65535; got "${option('port')}".`);
    process.exit(2);
  }
  const s3 = await startS3Server({ bucket: option('bucket') ?? 'roomnest-test', port });
  process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, env: s3.env })}\n`);
  const stop = () => void s3.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
