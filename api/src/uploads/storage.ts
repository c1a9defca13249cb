/**
 * Infrastructure, not a feature: where uploaded images are kept. One interface, two implementations, chosen once
 * from the configuration (createUploadStorage) and handed to everything that writes, reads or deletes an upload, so
 * no other code knows which is in use:
 *   local  files under `${DATA_DIR}/uploads` (the default: `npm start` needs nothing else)
 *   s3     an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...) through the AWS SDK, when S3_BUCKET is set:
 *          what lets several API instances share uploads, since none of them holds a file the others lack
 *
 * Objects are named by their key, an upload's site path without `/uploads/` (`listings/ab12.jpg`); the database
 * keeps the site paths, so moving between the two is a copy of the files, not a change of rows.
 *
 * A storage that cannot be reached (a refused or timed-out connection, the service's own 5xx, a refusal of the
 * credentials) is a StorageUnavailableError: a 503 in the API's error format, never a 500.
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ObjectStorageSettings } from '../config.ts';
import { HttpError } from '../plugins/errors.ts';

/** How long browsers and shared caches keep an upload (its name is never reused, so a day is safe). */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=86400';
/** A bucket that does not answer a connection within this is unreachable (an upload must not hang on it). */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
/** A request to the bucket that has not finished within this fails (a 10 MB photo's copies are well under 1 MB each). */
export const S3_REQUEST_TIMEOUT_MS = 15_000;

export const STORAGE_TEXTS = {
  unavailable: 'Images cannot be stored or read just now. Please try again in a few minutes.',
} as const;

/** The storage could not be reached or refused the request: the request is answered 503 and its cause logged. */
/** Deletes every key at once; a key already gone is no error, any other failure goes to `onError` and the rest go on. */
async function deleteEach(keys: readonly string[], deleteOne: (key: string) => Promise<unknown>, isGone: (err: unknown) => boolean, onError: (err: unknown, key: string) => void): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await deleteOne(key);
      } catch (err) {
        if (!isGone(err)) onError(err, key);
      }
    }),
  );
}

export class StorageUnavailableError extends HttpError {
  override name = 'StorageUnavailableError';

  constructor(cause: unknown) {
    super(503, STORAGE_TEXTS.unavailable);
    this.cause = cause;
  }
}

/** The storage could not be used at start (S3: HeadBucket failed): the process says why and stops. */
export class StorageCheckError extends Error {
  override name = 'StorageCheckError';
}

/** Conditions of a conditional GET, as the browser sent them. */
export interface ReadConditions {
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/** What a read answers about an object; `body` only when it was asked for (not for HEAD). */
export interface StoredObjectInfo {
  contentType: string;
  contentLength: number;
  etag: string | null;
  lastModified: Date | null;
}

export interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

export interface UploadStorage {
  readonly kind: 'local' | 's3';
  /** Writes `body` under `key`; an existing object is an error for the local folder unless `overwrite`. */
  put(key: string, body: Buffer, options?: { overwrite?: boolean }): Promise<void>;
  /** The object as a stream, 'not-modified' when the conditions say the browser's copy is current, null when there is none. */
  get(key: string, conditions?: ReadConditions): Promise<StoredObject | 'not-modified' | null>;
  /** The object's headers without its bytes (HEAD), with the same answers as `get`. */
  head(key: string, conditions?: ReadConditions): Promise<StoredObjectInfo | 'not-modified' | null>;
  /** The whole object, or null when there is none (the backfill reads a stored JPEG this way). */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes objects; a missing one is fine. Failures are reported per key to `onError` and the rest go on. */
  delete(keys: readonly string[], onError?: (err: unknown, key: string) => void): Promise<void>;
  /** Fails with a StorageCheckError when the storage cannot be used (the start-up check). */
  check(): Promise<void>;
  close(): void;
}

/** Content types by the extensions uploads are written with (images.ts, photos.ts, the seed). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** One path segment of a key: no dotfile, no `..`, nothing but letters, digits, `.`, `_` and `-`. */
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Whether `key` is one the storage may hold: the same keys in both implementations, none leaving the uploads folder. */
export function isUploadKey(key: string): boolean {
  const segments = key.split('/');
  return key.length <= 512 && segments.length >= 1 && segments.every((s) => KEY_SEGMENT.test(s));
}

/** The key of an `/uploads/...` site path; throws for any other path. */
export function uploadKey(path: string): string {
  const key = path.startsWith('/uploads/') ? path.slice('/uploads/'.length) : '';
  if (!isUploadKey(key)) throw new Error(`Not an upload path: ${path}`);
  return key;
}

/** The `/uploads/...` site path of a key. */
export const uploadPath = (key: string) => `/uploads/${key}`;

// ---------------------------------------------------------------------------------------------------------------
// The local folder

/** Uploads as files under `dir`; web.ts serves the folder itself with @fastify/static (uploads/serve.ts). */
export class LocalUploadStorage implements UploadStorage {
  readonly kind = 'local' as const;
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /** The file of a key; throws for one that would leave the folder. */
  file(key: string): string {
    const file = resolve(this.dir, key);
    if (!isUploadKey(key) || !file.startsWith(this.dir + sep)) throw new Error(`Not an upload key: ${key}`);
    return file;
  }

  async put(key: string, body: Buffer, { overwrite = false }: { overwrite?: boolean } = {}): Promise<void> {
    const file = this.file(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, body, { flag: overwrite ? 'w' : 'wx' });
  }

  async head(key: string, conditions: ReadConditions = {}): Promise<StoredObjectInfo | 'not-modified' | null> {
    let info;
    try {
      info = await stat(this.file(key));
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    // The same validators @fastify/static gives the files it serves: a weak ETag of size and time, and the time.
    const etag = `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
    const lastModified = new Date(Math.floor(info.mtime.getTime() / 1000) * 1000);
    if (notModified(conditions, etag, lastModified)) return 'not-modified';
    return { contentType: contentTypeOf(key), contentLength: info.size, etag, lastModified };
  }

  async get(key: string, conditions: ReadConditions = {}): Promise<StoredObject | 'not-modified' | null> {
    const info = await this.head(key, conditions);
    if (info === null || info === 'not-modified') return info;
    return { ...info, body: createReadStream(this.file(key)) };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(keys: readonly string[], onError: (err: unknown, key: string) => void = () => {}): Promise<void> {
    await deleteEach(keys, (key) => unlink(this.file(key)), (err) => (err as NodeJS.ErrnoException).code === 'ENOENT', onError);
  }

  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  close(): void {}
}

/** An entity tag without its weak marker, for the weak comparison of If-None-Match. */
const bare = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether a browser's copy is current: If-None-Match decides when sent (weak comparison), else If-Modified-Since. */
function notModified({ ifNoneMatch, ifModifiedSince }: ReadConditions, etag: string | null, lastModified: Date | null): boolean {
  if (ifNoneMatch) {
    return etag !== null && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
  }
  if (ifModifiedSince && lastModified) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && lastModified.getTime() <= since;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------
// S3-compatible object storage

/** The status of an SDK failure: the service's answer, or undefined when none came (refused, reset, timed out). */
const statusOf = (err: unknown): number | undefined =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? (err instanceof S3ServiceException ? err.$response?.statusCode : undefined);

const isMissing = (err: unknown) => statusOf(err) === 404 || (err as { name?: string }).name === 'NoSuchKey' || (err as { name?: string }).name === 'NotFound';

/** Uploads as objects of one bucket, through the AWS SDK's S3 client (which speaks to AWS, R2, MinIO alike). */
export class S3UploadStorage implements UploadStorage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  readonly client: S3Client;
  readonly settings: ObjectStorageSettings;

  constructor(settings: ObjectStorageSettings) {
    this.settings = settings;
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // The SDK's default checksums (CRC32 headers and trailers on every request) are refused or mishandled by
      // several S3-compatible services; a checksum only where the API requires one works with all of them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without them a bucket that accepts a connection and never answers would hold an upload forever.
      requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, requestTimeout: S3_REQUEST_TIMEOUT_MS },
      // Two tries, not the SDK's three: a person is waiting on the answer, and a bucket down for one try is usually down.
      maxAttempts: 2,
    });
  }

  async put(key: string, body: Buffer): Promise<void> {
    if (!isUploadKey(key)) throw new Error(`Not an upload key: ${key}`);
    try {
      // The content type and cache lifetime travel with the object, so a CDN serving the bucket (S3_PUBLIC_URL) sends
      // the same headers as /uploads. Names are never reused (random stems), so there is nothing to overwrite by mistake.
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentTypeOf(key), CacheControl: UPLOAD_CACHE_CONTROL }),
      );
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }

  async head(key: string, conditions: ReadConditions = {}): Promise<StoredObjectInfo | 'not-modified' | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: key, IfNoneMatch: conditions.ifNoneMatch, IfModifiedSince: sinceDate(conditions) }),
      );
      return describeObject(key, out);
    } catch (err) {
      return this.readFailure(err);
    }
  }

  async get(key: string, conditions: ReadConditions = {}): Promise<StoredObject | 'not-modified' | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, IfNoneMatch: conditions.ifNoneMatch, IfModifiedSince: sinceDate(conditions) }),
      );
      return { ...describeObject(key, out), body: out.Body as Readable };
    } catch (err) {
      return this.readFailure(err);
    }
  }

  /** A missing object is null, a browser's current copy 'not-modified'; anything else is the storage failing. */
  private readFailure(err: unknown): 'not-modified' | null {
    const status = statusOf(err);
    if (status === 304) return 'not-modified';
    if (isMissing(err)) return null;
    throw new StorageUnavailableError(err);
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    if (object === null || object === 'not-modified') return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(keys: readonly string[], onError: (err: unknown, key: string) => void = () => {}): Promise<void> {
    // One DeleteObject each rather than a DeleteObjects batch: the batch needs a Content-MD5 or checksum header that
    // S3-compatible services disagree about, and a photo has only a handful of files.
    await deleteEach(keys, (key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })), isMissing, onError);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      const where = this.settings.endpoint ?? `AWS S3 (${this.settings.region})`;
      const why =
        status === 404
          ? 'it does not exist'
          : status === 403 || status === 401
            ? 'the credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) are refused'
            : status
              ? `the service answered ${status}`
              : `the service could not be reached (${(err as Error).message || (err as Error).name})`;
      throw new StorageCheckError(`The uploads bucket "${this.bucket}" at ${where} cannot be used: ${why}. Check S3_BUCKET, S3_ENDPOINT and S3_REGION.`, { cause: err });
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function sinceDate({ ifNoneMatch, ifModifiedSince }: ReadConditions): Date | undefined {
  // If-None-Match wins when both are sent (RFC 9110), as it does for the local folder.
  if (ifNoneMatch || !ifModifiedSince) return undefined;
  const since = Date.parse(ifModifiedSince);
  return Number.isNaN(since) ? undefined : new Date(since);
}

function describeObject(key: string, out: { ContentType?: string; ContentLength?: number; ETag?: string; LastModified?: Date }): StoredObjectInfo {
  return {
    contentType: out.ContentType || contentTypeOf(key),
    contentLength: out.ContentLength ?? 0,
    etag: out.ETag ?? null,
    lastModified: out.LastModified ?? null,
  };
}

/** The storage the configuration asks for: the bucket when S3_BUCKET is set, else the local folder. */
export function createUploadStorage(config: { uploadsDir: string; objectStorage?: ObjectStorageSettings | null }): UploadStorage {
  return config.objectStorage ? new S3UploadStorage(config.objectStorage) : new LocalUploadStorage(config.uploadsDir);
}
