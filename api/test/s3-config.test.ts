/**
 * The object-storage settings (S3_*): what loadConfig makes of them, the ConfigError of each mistake, and the real
 * server process: refusing to start, with one line saying why, on a bad setting or a bucket it cannot reach, and
 * started with a bucket, seeding the demo pictures into it and serving them at /uploads.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_S3_REGION, loadConfig } from '../src/config.ts';
import { startS3Server } from './s3-server.ts';
import { startServer, stopServer } from './server-process.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomnest-s3-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CREDENTIALS = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });

describe('object storage settings', () => {
  it('keeps uploads in the data folder when no S3_* variable is set', () => {
    expect(load({}).objectStorage).toBeNull();
  });

  it('reads a bucket on AWS with its region, virtual-hosted addressing and no public address', () => {
    expect(load({ S3_BUCKET: 'roomnest-uploads', S3_REGION: 'eu-west-2', ...CREDENTIALS }).objectStorage).toEqual({
      bucket: 'roomnest-uploads',
      endpoint: null,
      region: 'eu-west-2',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
      publicUrl: null,
    });
  });

  it('reads an S3-compatible endpoint: path-style by default, the default region, and a public address without its trailing slash', () => {
    const config = load({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_PUBLIC_URL: 'https://cdn.roomnest.test/uploads/', ...CREDENTIALS });
    expect(config.objectStorage).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: DEFAULT_S3_REGION, forcePathStyle: true, publicUrl: 'https://cdn.roomnest.test/uploads' });
    expect(load({ S3_BUCKET: 'photos', S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'false', ...CREDENTIALS }).objectStorage).toMatchObject({
      region: 'auto',
      forcePathStyle: false,
    });
  });

  it.each([
    ['S3_BUCKET without credentials', { S3_BUCKET: 'photos' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too/],
    ['S3_BUCKET without its secret', { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /so S3_SECRET_ACCESS_KEY must be set too/],
    ['a companion without S3_BUCKET', { S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT is set but S3_BUCKET is not/],
    ['credentials without S3_BUCKET', CREDENTIALS, /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not/],
    ['a bucket name S3 refuses', { S3_BUCKET: 'My_Photos', ...CREDENTIALS }, /S3_BUCKET must be a bucket name/],
    ['a bucket name too short', { S3_BUCKET: 'ab', ...CREDENTIALS }, /S3_BUCKET must be a bucket name/],
    ['an endpoint that is no URL', { S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000', ...CREDENTIALS }, /S3_ENDPOINT must be an http:\/\/ or https:\/\/ address/],
    ['an endpoint with a path', { S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000/photos', ...CREDENTIALS }, /S3_ENDPOINT must be .*\(no path\)/],
    ['an endpoint with a password', { S3_BUCKET: 'photos', S3_ENDPOINT: 'http://key:secret@127.0.0.1:9000', ...CREDENTIALS }, /S3_ENDPOINT must be/],
    ['an ftp endpoint', { S3_BUCKET: 'photos', S3_ENDPOINT: 'ftp://127.0.0.1', ...CREDENTIALS }, /S3_ENDPOINT must be/],
    ['a public address with a query', { S3_BUCKET: 'photos', S3_PUBLIC_URL: 'https://cdn.roomnest.test/?v=1', ...CREDENTIALS }, /S3_PUBLIC_URL must be/],
    ['a region with spaces', { S3_BUCKET: 'photos', S3_REGION: 'eu west 2', ...CREDENTIALS }, /S3_REGION must be a region name/],
    ['a path-style flag that is not yes or no', { S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'maybe', ...CREDENTIALS }, /S3_FORCE_PATH_STYLE must be true or false; got "maybe"/],
  ])('refuses %s with a ConfigError naming the setting', (_label, env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('never puts the secret in a ConfigError', () => {
    expect(() => load({ S3_BUCKET: 'photos', S3_ENDPOINT: 'not a url', ...CREDENTIALS })).not.toThrow(/secret-example/);
  });
});

describe('the server process', () => {
  it('stops at start with one line on a half-made object storage setting', { timeout: 120_000 }, async () => {
    const server = await startServer({ DATA_DIR: tempDir(), S3_BUCKET: 'roomnest-uploads' }, { waitUntilUp: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^\[api\] S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too/m);
  });

  it('stops at start with one line naming a bucket it cannot reach', { timeout: 120_000 }, async () => {
    const env = { DATA_DIR: tempDir(), S3_BUCKET: 'roomnest-uploads', S3_ENDPOINT: 'http://127.0.0.1:9', ...CREDENTIALS };
    const server = await startServer(env, { waitUntilUp: false });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^\[api\] The uploads bucket "roomnest-uploads" at http:\/\/127\.0\.0\.1:9 cannot be used: the service could not be reached/m);
    expect(server.output()).not.toContain('secret-example');
  });

  it('seeds the demo pictures into the bucket and serves them at their /uploads paths, with nothing in the data folder', { timeout: 240_000 }, async () => {
    const s3 = await startS3Server({ bucket: 'roomnest-process' });
    const dataDir = tempDir();
    try {
      const server = await startServer({ DATA_DIR: dataDir, ...s3.env, SEED_DEMO: '1', SEED_LISTINGS: '20' });
      try {
        const page = (await (await fetch(`${server.base}/api/listings`)).json()) as { listings: { ThumbnailUrl: string | null }[] };
        const thumb = page.listings.find((l) => l.ThumbnailUrl)?.ThumbnailUrl;
        expect(thumb).toMatch(/^\/uploads\/demo\/[\w-]+-card\.webp$/);
        const image = await fetch(`${server.base}${thumb}`);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/webp');
        expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
        expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
      } finally {
        await stopServer(server);
      }
    } finally {
      await s3.stop();
    }
  });
});
