/**
 * Uploads in S3-compatible object storage (S3_BUCKET), against a real S3 server started on the loopback
 * (s3-server.ts), with two API instances on one database and one bucket, as production runs them: what one stores,
 * the other serves; deletions remove every object; a missing key is the JSON 404; a bucket that stops answering is
 * a 503 that saves nothing; S3_PUBLIC_URL sends browsers to the bucket's public address.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PHOTO_VARIANTS, photoVariantUrl, type Listing, type PhotoVariant, type Profile } from '@roomnest/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../src/app.ts';
import type { ObjectStorageSettings } from '../src/config.ts';
import { backfillPhotoSizes } from '../src/features/listings/photo-backfill.ts';
import { FILE_NOT_FOUND } from '../src/plugins/web.ts';
import { renderAvatars } from '../src/seed/avatars.ts';
import { renderRoomIllustrations } from '../src/seed/room-images.ts';
import { S3UploadStorage, STORAGE_TEXTS, StorageCheckError, UPLOAD_CACHE_CONTROL } from '../src/uploads/storage.ts';
import { actor, formBody, imagePart, insertListing, jpeg, sendForm, validForm, type Actor, type FilePart } from './listings-support.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { bearer, captureLog, makeDataDir, SHARED_DATABASES, type SharedDatabase, type TestContext } from './support.ts';

const VARIANTS = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];
const picture = (content: Buffer): FilePart => ({ field: 'profileImage', filename: 'me.jpg', type: 'image/jpeg', content });
const profileForm = { Name: 'Nadia Okonkwo', Bio: 'Nurse, tidy and calm.' };
const keyOf = (path: string) => path.replace(/^\/uploads\//, '');

/** One API instance on `database` with uploads in `storage`'s bucket, as a TestContext (any 500 fails the test). */
async function instance(database: SharedDatabase['first'], objectStorage: ObjectStorageSettings, logStream?: BuildAppOptions['logStream']): Promise<TestContext & { app: App }> {
  const config = { ...makeDataDir(), objectStorage, ...(logStream ? { logLevel: 'warn' as const } : {}) };
  const app = await buildApp({ db: database.db, config, logStream });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async inject(options: InjectOptions): Promise<LightMyRequestResponse> {
      const res = await app.inject(options);
      if (res.statusCode === 500) throw new Error(`${options.method ?? 'GET'} ${String(options.url)} answered 500: ${res.body}`);
      return res;
    },
    async close() {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** An SDK client of its own on the test server: what is in the bucket, read without the API. */
function bucketReader(s3: S3TestServer) {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    client,
    async keys(prefix: string): Promise<string[]> {
      const out = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async read(key: string): Promise<{ bytes: Buffer; contentType: string | undefined; cacheControl: string | undefined }> {
      const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return { bytes: Buffer.from(await out.Body!.transformToByteArray()), contentType: out.ContentType, cacheControl: out.CacheControl };
    },
  };
}

const getListing = async (ctx: TestContext, id: number): Promise<Listing> => (await ctx.inject({ method: 'GET', url: `/api/listings/${id}` })).json();

/** Files written to an instance's own uploads folder (none should be, with a bucket). */
const localFiles = (ctx: TestContext) => (existsSync(ctx.config.uploadsDir) ? readdirSync(ctx.config.uploadsDir, { recursive: true }) : []);

describe.each(SHARED_DATABASES)('uploads in object storage, two instances on $name', ({ open }) => {
  let shared: SharedDatabase;
  let s3: S3TestServer;
  let bucket: ReturnType<typeof bucketReader>;
  let one: TestContext;
  let two: TestContext;
  let landlord: Actor;
  let tenant: Actor;
  let small: Buffer;

  beforeAll(async () => {
    shared = await open();
    s3 = await startS3Server({ bucket: 'roomnest-uploads' });
    bucket = bucketReader(s3);
    one = await instance(shared.first, s3.settings);
    two = await instance(shared.second, s3.settings);
    landlord = await actor(one, 'Landlord', 'Professional');
    tenant = await actor(one, 'Tenant');
    small = await jpeg(800, 600);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    bucket?.client.destroy();
    await s3?.stop();
    await shared?.close();
  });

  const postListing = async (ctx: TestContext, files: FilePart[]) => {
    const res = await sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm(), files);
    expect(res.statusCode).toBe(201);
    return res.json().listingId as number;
  };

  it('stores every copy of a listing photo in the bucket, none on disk, and the other instance serves them with their headers', async () => {
    const id = await postListing(one, [imagePart(small, 'IMG_0001.JPG')]);
    const [photo] = (await getListing(two, id)).Photos;
    const keys = VARIANTS.map((v) => keyOf(photoVariantUrl(photo!.Url, v)));
    expect(await bucket.keys(keyOf(photo!.Url).replace(/\.jpg$/, ''))).toEqual([...keys].sort());
    expect(localFiles(one)).toEqual([]);

    for (const variant of VARIANTS) {
      const url = photoVariantUrl(photo!.Url, variant);
      const stored = await bucket.read(keyOf(url));
      expect(stored.contentType).toBe(PHOTO_VARIANTS[variant].format === 'jpeg' ? 'image/jpeg' : 'image/webp');
      expect(stored.cacheControl).toBe(UPLOAD_CACHE_CONTROL);
      const res = await two.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(stored.contentType);
      expect(res.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
      expect(Number(res.headers['content-length'])).toBe(stored.bytes.length);
      expect(res.rawPayload.equals(stored.bytes)).toBe(true);
    }
    expect((await sharp((await two.inject({ method: 'GET', url: photo!.Url })).rawPayload).metadata()).width).toBe(800);
  });

  it('answers a conditional GET with 304 when the browser’s copy is current, and HEAD with the headers alone', async () => {
    const id = await postListing(one, [imagePart(small)]);
    const [photo] = (await getListing(one, id)).Photos;
    const first = await two.inject({ method: 'GET', url: photo!.ThumbUrl });
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(new Date(lastModified).getTime()).not.toBeNaN();

    const current = await two.inject({ method: 'GET', url: photo!.ThumbUrl, headers: { 'if-none-match': etag } });
    expect(current.statusCode).toBe(304);
    expect(current.body).toBe('');
    const since = await two.inject({ method: 'GET', url: photo!.ThumbUrl, headers: { 'if-modified-since': lastModified } });
    expect(since.statusCode).toBe(304);
    const stale = await two.inject({ method: 'GET', url: photo!.ThumbUrl, headers: { 'if-none-match': '"another-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);

    const head = await one.inject({ method: 'HEAD', url: photo!.ThumbUrl });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('image/webp');
    expect(Number(head.headers['content-length'])).toBe(first.rawPayload.length);
    expect(head.headers.etag).toBe(etag);
  });

  it.each([
    ['a missing key', '/uploads/listings/none.jpg'],
    ['a missing folder', '/uploads/nowhere/none.jpg'],
    ['a dotfile', '/uploads/listings/.hidden'],
    ['an encoded traversal', '/uploads/..%2fstore%2fremotes.json'],
    ['a bare folder', '/uploads/listings/'],
  ])('answers %s (%s) with the JSON 404 of a file not served, for GET and HEAD', async (_label, url) => {
    const res = await two.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: FILE_NOT_FOUND });
    expect((await two.inject({ method: 'HEAD', url })).statusCode).toBe(404);
  });

  /** The objects of a photo: its full-size key's stem, and every copy named by it. */
  const objects = (path: string) => bucket.keys(keyOf(path).replace(/\.jpg$/, ''));
  const putPicture = (ctx: TestContext, content: Buffer) => sendForm(ctx, 'PUT', '/api/users/profile', tenant.token, profileForm, [picture(content)]);

  it('removes every object of a photo deleted, of a cover replaced and of a listing deleted', async () => {
    const id = await postListing(one, [imagePart(small, 'a.jpg')]);
    const { payload, contentType } = await formBody({}, [
      { field: 'photos', filename: 'b.jpg', type: 'image/jpeg', content: small },
      { field: 'photos', filename: 'c.jpg', type: 'image/jpeg', content: small },
    ]);
    const added = await one.inject({ method: 'POST', url: `/api/listings/${id}/photos`, payload, headers: { 'content-type': contentType, ...bearer(landlord.token) } });
    expect(added.statusCode).toBe(201);
    const [a, b, c] = (await getListing(one, id)).Photos;
    for (const photo of [a, b, c]) expect(await objects(photo!.Url)).toHaveLength(VARIANTS.length);

    // Deleted through the second instance: the objects the first wrote go.
    const removed = await two.inject({ method: 'DELETE', url: `/api/listings/${id}/photos/${b!.PhotoID}`, headers: bearer(landlord.token) });
    expect(removed.statusCode).toBe(200);
    expect(await objects(b!.Url)).toEqual([]);

    const replaced = await sendForm(two, 'PUT', `/api/listings/${id}`, landlord.token, validForm({ Status: 'Available' }), [imagePart(small, 'new-cover.jpg')]);
    expect(replaced.statusCode).toBe(200);
    expect(await objects(a!.Url)).toEqual([]);
    const [cover] = (await getListing(one, id)).Photos;
    expect(await objects(cover!.Url)).toHaveLength(VARIANTS.length);

    expect((await one.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: bearer(landlord.token) })).statusCode).toBe(200);
    expect(await objects(c!.Url)).toEqual([]);
    expect(await objects(cover!.Url)).toEqual([]);
    expect((await two.inject({ method: 'GET', url: cover!.Url })).statusCode).toBe(404);
  });

  it('stores a profile picture in the bucket, serves it on the other instance, and removes the one it replaces', async () => {
    const first = await putPicture(one, await jpeg(500, 500));
    expect(first.statusCode).toBe(200);
    const url = (first.json().user as Profile).ProfilePictureURL!;
    expect(url).toMatch(/^\/uploads\/profiles\/[\w-]+\.jpg$/);
    const stored = await bucket.read(keyOf(url));
    expect((await sharp(stored.bytes).metadata()).width).toBe(400);
    const served = await two.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored.bytes)).toBe(true);

    const second = await putPicture(two, await jpeg(300, 300));
    const next = (second.json().user as Profile).ProfilePictureURL!;
    expect(next).not.toBe(url);
    expect(await bucket.keys('profiles/')).toContain(keyOf(next));
    expect(await bucket.keys('profiles/')).not.toContain(keyOf(url));
  });

  it('removes the picture and every copy of every listing photo with the account', async () => {
    const owner = await actor(one, 'Landlord', 'Professional');
    const res = await sendForm(one, 'POST', '/api/listings', owner.token, validForm(), [imagePart(small)]);
    expect(res.statusCode).toBe(201);
    const [photo] = (await getListing(one, res.json().listingId as number)).Photos;
    const withPicture = await sendForm(one, 'PUT', '/api/users/profile', owner.token, profileForm, [picture(small)]);
    const pictureUrl = (withPicture.json().user as Profile).ProfilePictureURL!;
    expect(await bucket.keys(keyOf(photo!.Url).replace(/\.jpg$/, ''))).toHaveLength(VARIANTS.length);

    expect((await two.inject({ method: 'DELETE', url: '/api/users/profile', headers: bearer(owner.token) })).statusCode).toBe(200);
    expect(await bucket.keys(keyOf(photo!.Url).replace(/\.jpg$/, ''))).toEqual([]);
    expect(await bucket.keys(keyOf(pictureUrl))).toEqual([]);
  });

  it('makes the missing copies of an older photo from its stored JPEG in the bucket (the backfill)', async () => {
    const id = await insertListing(shared.first.db, landlord.id);
    const full = await jpeg(900, 600);
    await bucket.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'listings/older-photo.jpg', Body: full, ContentType: 'image/jpeg' }));
    await shared.first.db
      .insertInto('listing_photos')
      .values({ listing_id: id, position: 0, path: '/uploads/listings/older-photo.jpg', card_path: '/uploads/listings/older-photo-card.webp' })
      .execute();
    const storage = new S3UploadStorage(s3.settings);
    const log = Object.assign(Object.create(one.app.log), { warn: () => undefined, info: () => undefined });
    try {
      expect(await backfillPhotoSizes(shared.first.db, storage, log)).toMatchObject({ completed: 1 });
    } finally {
      storage.close();
    }
    expect(await bucket.keys('listings/older-photo')).toHaveLength(VARIANTS.length);
    expect((await bucket.read('listings/older-photo.jpg')).bytes.equals(full)).toBe(true);
    expect((await getListing(two, id)).Photos.map((p) => [p.Width, p.Height])).toEqual([[900, 600]]);
  });

  it('renders the seed’s demo pictures into the bucket once', async () => {
    const storage = new S3UploadStorage(s3.settings);
    try {
      const [room] = await renderRoomIllustrations(storage, 1);
      expect(await bucket.keys(keyOf(room!.imagePath).replace(/\.jpg$/, ''))).toHaveLength(VARIANTS.length);
      const [avatar] = await renderAvatars(storage, 1);
      const before = await bucket.read(keyOf(avatar!));
      expect(before.contentType).toBe('image/jpeg');
      // Already there: the second start writes nothing (the object keeps its ETag's bytes and its time).
      const stamp = (await two.inject({ method: 'HEAD', url: avatar! })).headers['last-modified'];
      expect(await renderAvatars(storage, 1)).toEqual([avatar]);
      expect((await two.inject({ method: 'HEAD', url: avatar! })).headers['last-modified']).toBe(stamp);
    } finally {
      storage.close();
    }
  });
});

describe.each(SHARED_DATABASES)('a bucket that stops answering, on $name', ({ open }) => {
  let shared: SharedDatabase;
  let s3: S3TestServer;
  let ctx: TestContext;
  let landlord: Actor;
  let listing: number;
  let small: Buffer;
  const log = captureLog();

  beforeAll(async () => {
    shared = await open();
    s3 = await startS3Server({ bucket: 'roomnest-failing' });
    ctx = await instance(shared.first, s3.settings, log.stream);
    landlord = await actor(ctx, 'Landlord', 'Professional');
    small = await jpeg(400, 300);
    const res = await sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm(), [imagePart(small)]);
    if (res.statusCode !== 201) throw new Error(`the listing was not posted: ${res.statusCode} ${res.body}`);
    listing = res.json().listingId as number;
    await s3.stop();
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
    await shared?.close();
  });

  const countRows = async () => ({
    listings: (await shared.first.db.selectFrom('listings').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    photos: (await shared.first.db.selectFrom('listing_photos').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
  });

  it('answers a new listing with photos 503 in the API’s format, and saves neither the listing nor a photo row', async () => {
    const before = await countRows();
    const res = await sendForm(ctx, 'POST', '/api/listings', landlord.token, validForm({ Title: 'Never saved' }), [imagePart(small)]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_TEXTS.unavailable });
    expect(await countRows()).toEqual(before);
    // The person reads the sentence; the log keeps what failed underneath.
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 50, msg: STORAGE_TEXTS.unavailable, err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }) }));
  });

  it('answers photos added to a listing 503, and adds no photo row', async () => {
    const before = await countRows();
    const { payload, contentType } = await formBody({}, [{ field: 'photos', filename: 'b.jpg', type: 'image/jpeg', content: small }]);
    const res = await ctx.inject({ method: 'POST', url: `/api/listings/${listing}/photos`, payload, headers: { 'content-type': contentType, ...bearer(landlord.token) } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_TEXTS.unavailable });
    expect(await countRows()).toEqual(before);
  });

  it('answers a new profile picture 503 and keeps the profile as it was', async () => {
    const res = await sendForm(ctx, 'PUT', '/api/users/profile', landlord.token, profileForm, [picture(small)]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_TEXTS.unavailable });
    const row = await shared.first.db.selectFrom('users').select(['name', 'profile_picture_url']).where('id', '=', landlord.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Test User', profile_picture_url: null });
  });

  it('answers /uploads 503 for GET and HEAD, not a 404 that would say the image is gone', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/uploads/listings/any.jpg' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: STORAGE_TEXTS.unavailable });
    expect((await ctx.inject({ method: 'HEAD', url: '/uploads/listings/any.jpg' })).statusCode).toBe(503);
  });

  it('still deletes the listing, logging the objects it could not remove', async () => {
    const res = await ctx.inject({ method: 'DELETE', url: `/api/listings/${listing}`, headers: bearer(landlord.token) });
    expect(res.statusCode).toBe(200);
    expect(await shared.first.db.selectFrom('listings').select('id').where('id', '=', listing).executeTakeFirst()).toBeUndefined();
    expect(log.lines.filter((line) => line.msg === 'could not delete a listing image')).toHaveLength(VARIANTS.length);
  });
});

describe('S3_PUBLIC_URL', () => {
  let s3: S3TestServer;
  let shared: SharedDatabase;
  let ctx: TestContext;
  beforeAll(async () => {
    shared = await SHARED_DATABASES[0]!.open();
    s3 = await startS3Server({ bucket: 'roomnest-public' });
    ctx = await instance(shared.first, { ...s3.settings, publicUrl: 'https://photos.roomnest.test/uploads' });
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
    await shared?.close();
  });

  it('sends /uploads/<key> to the public address, cacheable, without asking the bucket', async () => {
    await s3.stop();
    const res = await ctx.inject({ method: 'GET', url: '/uploads/listings/ab12-card.webp' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://photos.roomnest.test/uploads/listings/ab12-card.webp');
    expect(res.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
    expect((await ctx.inject({ method: 'GET', url: '/uploads/listings/.env' })).statusCode).toBe(404);
  });

  it('lets pages load images from its origin', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/rooms', headers: { accept: 'text/html' } });
    const imgSrc = /img-src ([^;]+)/.exec(res.headers['content-security-policy'] as string)?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain('https://photos.roomnest.test');
  });
});

describe('the start-up check of the bucket', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'roomnest-check' });
  });
  afterAll(() => s3?.stop());

  it('passes for a bucket that exists', async () => {
    const storage = new S3UploadStorage(s3.settings);
    await expect(storage.check()).resolves.toBeUndefined();
    storage.close();
  });

  it.each([
    ['a bucket that does not exist', { bucket: 'no-such-bucket' }, /bucket "no-such-bucket" .* cannot be used: it does not exist/],
    ['credentials the service refuses', { accessKeyId: 'NOT-A-KEY' }, /the credentials \(S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\) are refused/],
    ['an endpoint nothing listens on', { endpoint: 'http://127.0.0.1:9' }, /at http:\/\/127\.0\.0\.1:9 cannot be used: the service could not be reached/],
  ])('fails with a StorageCheckError saying why for %s', async (_label, change, message) => {
    const storage = new S3UploadStorage({ ...s3.settings, ...change });
    try {
      const failure = await storage.check().then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(StorageCheckError);
      expect((failure as Error).message).toMatch(message);
    } finally {
      storage.close();
    }
  });
});
