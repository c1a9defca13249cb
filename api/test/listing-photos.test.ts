/**
 * A listing's photos through the API: every copy of PHOTO_VARIANTS stored per photo, the posting form's roomImages,
 * the cover replaced by the update form, and the photo calls (add, reorder, delete) for the owner, another landlord,
 * a tenant and a visitor, with good and bad input; two uploads at once; files gone with what they belonged to.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_PHOTOS, PHOTO_VARIANTS, photoVariantUrl, UPLOAD_TEXTS, type Listing, type Photo, type PhotoVariant } from '@roomnest/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPhotoSizes } from '../src/features/listings/photo-backfill.ts';
import { LISTING_TEXTS } from '../src/features/listings/texts.ts';
import { OG_MAX_BYTES } from '../src/uploads/photos.ts';
import { LocalUploadStorage } from '../src/uploads/storage.ts';
import { actor, formBody, imagePart, insertListing, jpeg, png, search, sendForm, uploadedFiles, uploadFile, validForm, type Actor, type FilePart } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

const VARIANTS = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];

/** A photo with real detail (noise over a gradient): what a phone sends, and what makes JPEGs large. */
async function noisyPhoto(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = Math.floor(i / 3) % width;
    data[i] = ((x * 255) / width + (seed % 96) - 48) & 0xff;
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

const photoPart = (content: Buffer, filename = 'room.jpg'): FilePart => ({ field: 'photos', filename, type: 'image/jpeg', content });

describe.each(TEST_DATABASES)('listing photos on $name', (database) => {
  let ctx: TestContext;
  let owner: Actor;
  let otherLandlord: Actor;
  let tenant: Actor;
  let small: Buffer;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    owner = await actor(ctx, 'Landlord', 'Professional');
    otherLandlord = await actor(ctx, 'Landlord', 'Professional');
    tenant = await actor(ctx, 'Tenant');
    small = await jpeg(320, 240);
  });
  afterAll(() => ctx?.close());

  const getListing = async (id: number): Promise<Listing> => (await ctx.inject({ method: 'GET', url: `/api/listings/${id}` })).json();
  const postListing = async (files: FilePart[] = []) => {
    const res = await sendForm(ctx, 'POST', '/api/listings', owner.token, validForm(), files);
    expect(res.statusCode).toBe(201);
    return res.json().listingId as number;
  };
  const addPhotos = async (id: number, files: FilePart[], token: string | null = owner.token) => {
    const { payload, contentType } = await formBody({}, files);
    return ctx.inject({ method: 'POST', url: `/api/listings/${id}/photos`, payload, headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) } });
  };
  const reorder = (id: number, body: unknown, token: string | null = owner.token) =>
    ctx.inject({ method: 'PUT', url: `/api/listings/${id}/photos/order`, payload: body as object, headers: token ? bearer(token) : {} });
  const removePhoto = (id: number, photoId: number | string, token: string | null = owner.token) =>
    ctx.inject({ method: 'DELETE', url: `/api/listings/${id}/photos/${photoId}`, headers: token ? bearer(token) : {} });
  const three = (tag: string) => Array.from({ length: 3 }, (_, i) => photoPart(small, `${tag}-${i}.jpg`));
  const filesOf = (photo: Pick<Photo, 'Url'>) => VARIANTS.map((v) => uploadFile(ctx, photoVariantUrl(photo.Url, v)));

  it('stores every copy of a photo, named by its stem, at the sizes of PHOTO_VARIANTS, with the full copy’s size recorded', async () => {
    const id = await postListing([imagePart(await noisyPhoto(2400, 1800), 'IMG_0001.JPG')]);
    const [photo] = (await getListing(id)).Photos;
    expect(photo!.Width).toBe(1600);
    expect(photo!.Height).toBe(1200);
    expect(photo!.ThumbUrl).toBe(photoVariantUrl(photo!.Url, 'card'));
    const sizes = await Promise.all(
      VARIANTS.map(async (v) => {
        const meta = await sharp(uploadFile(ctx, photoVariantUrl(photo!.Url, v))).metadata();
        return [v, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['full', 'jpeg', 1600, 1200],
      ['card', 'webp', 640, 480],
      ['card320', 'webp', 320, 240],
      ['detail', 'webp', 1024, 768],
      ['fullWebp', 'webp', 1600, 1200],
      ['og', 'jpeg', 1200, 630],
    ]);
    // A noisy photo is the hard case for a JPEG: the link preview copy still fits what previewers fetch.
    expect(statSync(uploadFile(ctx, photoVariantUrl(photo!.Url, 'og'))).size).toBeLessThanOrEqual(OG_MAX_BYTES);
  });

  it('makes roomImage and every roomImages part photos, roomImage first wherever it came, and carries them in every full answer', async () => {
    const parts = [
      { field: 'roomImages', filename: 'kitchen.jpg', type: 'image/jpeg', content: await jpeg(400, 300) },
      imagePart(await png(500, 400), 'cover.png', 'image/png'),
      { field: 'roomImages', filename: 'bath.jpg', type: 'image/jpeg', content: await jpeg(300, 400) },
    ];
    const id = await postListing(parts);
    const listing = await getListing(id);
    expect(listing.Photos.map((p) => [p.Width, p.Height])).toEqual([
      [500, 400],
      [400, 300],
      [300, 400],
    ]);
    expect(listing.ImageUrl).toBe(listing.Photos[0]!.Url);
    expect(listing.ThumbnailUrl).toBe(listing.Photos[0]!.ThumbUrl);
    const mine = (await ctx.inject({ method: 'GET', url: '/api/listings/my-listings', headers: bearer(owner.token) })).json().listings as Listing[];
    expect(mine.find((l) => l.ListingID === id)!.Photos).toEqual(listing.Photos);
    // Search carries the cover alone.
    const found = (await search(ctx, 'pageSize=100')).listings.find((l) => l.ListingID === id)!;
    expect(found.Photos).toEqual([listing.Photos[0]]);
  });

  it('answers 400 for an eleventh photo of the posting form, naming it, and stores nothing', async () => {
    const before = uploadedFiles(ctx);
    const files = Array.from({ length: MAX_PHOTOS + 1 }, (_, i) => ({ field: 'roomImages', filename: `photo-${i + 1}.jpg`, type: 'image/jpeg', content: small }));
    const res = await sendForm(ctx, 'POST', '/api/listings', owner.token, validForm(), files);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_TEXTS.tooManyPhotos('photo-11.jpg', MAX_PHOTOS) });
    expect(uploadedFiles(ctx)).toEqual(before);
  });

  it('replaces the cover on update with roomImage, keeping the other photos, and deletes the old cover’s every copy', async () => {
    const id = await postListing([imagePart(small, 'a.jpg'), { field: 'roomImages', filename: 'b.jpg', type: 'image/jpeg', content: small }]);
    const [oldCover, second] = (await getListing(id)).Photos;
    const res = await sendForm(ctx, 'PUT', `/api/listings/${id}`, owner.token, validForm({ Status: 'Available' }), [imagePart(await png(200, 100), 'new.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    const photos = (res.json().listing as Listing).Photos;
    expect(photos).toHaveLength(2);
    expect(photos[0]!.Url).not.toBe(oldCover!.Url);
    expect([photos[0]!.Width, photos[0]!.Height]).toEqual([200, 100]);
    expect(photos[1]).toEqual(second);
    for (const file of filesOf(oldCover!)) expect(existsSync(file)).toBe(false);
    for (const file of filesOf(photos[0]!)) expect(existsSync(file)).toBe(true);
    // One new cover at a time: a second roomImage is refused and nothing changes.
    const two = await sendForm(ctx, 'PUT', `/api/listings/${id}`, owner.token, validForm({ Status: 'Available' }), [imagePart(small, 'x.jpg'), imagePart(small, 'y.jpg')]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: UPLOAD_TEXTS.oneImage });
    expect((await getListing(id)).Photos).toEqual(photos);
        // Without roomImage the photos stay as they are.
    const kept = await sendForm(ctx, 'PUT', `/api/listings/${id}`, owner.token, validForm({ Status: 'Available', Title: 'Renamed room' }));
    expect((kept.json().listing as Listing).Photos).toEqual(photos);
  });

  describe('the photo calls', () => {
    it('adds photos after the current ones and answers the whole list (201)', async () => {
      const id = await postListing([imagePart(small, 'cover.jpg')]);
      const res = await addPhotos(id, [photoPart(await jpeg(200, 100), 'one.jpg'), photoPart(await jpeg(100, 200), 'two.jpg')]);
      expect(res.statusCode).toBe(201);
      const { photos } = res.json() as { photos: Photo[] };
      expect(photos.map((p) => [p.Width, p.Height])).toEqual([
        [320, 240],
        [200, 100],
        [100, 200],
      ]);
      expect((await getListing(id)).Photos).toEqual(photos);
    });

    it('answers 400 past ten photos counting the listing’s own, naming the first that did not fit, and adds none', async () => {
      const id = await postListing(Array.from({ length: 8 }, (_, i) => ({ field: 'roomImages', filename: `r${i}.jpg`, type: 'image/jpeg', content: small })));
      const before = uploadedFiles(ctx);
      const res = await addPhotos(id, [photoPart(small, 'nine.jpg'), photoPart(small, 'ten.jpg'), photoPart(small, 'eleven.jpg')]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.tooManyPhotos('eleven.jpg', MAX_PHOTOS) });
      expect((await getListing(id)).Photos).toHaveLength(8);
      expect(uploadedFiles(ctx)).toEqual(before);
      // Two fit.
      expect((await addPhotos(id, [photoPart(small, 'nine.jpg'), photoPart(small, 'ten.jpg')])).statusCode).toBe(201);
      const full = await addPhotos(id, [photoPart(small, 'more.jpg')]);
      expect(full.json()).toEqual({ message: UPLOAD_TEXTS.tooManyPhotos('more.jpg', MAX_PHOTOS) });
    });

    it('answers 415 naming a file that is not an image, 400 with no photo at all, and stores nothing', async () => {
      const id = await postListing([imagePart(small)]);
      const before = uploadedFiles(ctx);
      const res = await addPhotos(id, [photoPart(small, 'fine.jpg'), photoPart(Buffer.from('%PDF-1.4 not a photo'), 'lease.pdf')]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.photoType('lease.pdf') });
      const none = await addPhotos(id, []);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: UPLOAD_TEXTS.noPhotos });
      expect(uploadedFiles(ctx)).toEqual(before);
    });

    it('answers a HEIC photo 415 with the sentence asking for a JPEG', async () => {
      const id = await postListing();
      // The start of an iPhone's HEIC file: an ISO media box of brand heic.
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(2000)]);
      const res = await addPhotos(id, [photoPart(heic, 'IMG_4032.HEIC')]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_TEXTS.photoHeic('IMG_4032.HEIC') });
    });

    it('reorders photos by a permutation of their ids, the first becoming the cover', async () => {
      const id = await postListing([imagePart(small, 'a.jpg'), ...['b', 'c'].map((n) => ({ field: 'roomImages', filename: `${n}.jpg`, type: 'image/jpeg', content: small }))]);
      const ids = (await getListing(id)).Photos.map((p) => p.PhotoID);
      const wanted = [ids[2]!, ids[0]!, ids[1]!];
      const res = await reorder(id, { PhotoIDs: wanted });
      expect(res.statusCode).toBe(200);
      expect((res.json().photos as Photo[]).map((p) => p.PhotoID)).toEqual(wanted);
      const listing = await getListing(id);
      expect(listing.Photos.map((p) => p.PhotoID)).toEqual(wanted);
      expect(listing.ImageUrl).toBe(listing.Photos[0]!.Url);
    });

    it('answers 400 for anything but a permutation: an id missing, one twice, another listing’s, not integers, no body', async () => {
      const id = await postListing([imagePart(small), { field: 'roomImages', filename: 'b.jpg', type: 'image/jpeg', content: small }]);
      const other = await postListing([imagePart(small)]);
      const [a, b] = (await getListing(id)).Photos.map((p) => p.PhotoID);
      const foreign = (await getListing(other)).Photos[0]!.PhotoID;
      for (const body of [{ PhotoIDs: [a] }, { PhotoIDs: [a, a] }, { PhotoIDs: [a, b, a] }, { PhotoIDs: [a, foreign] }, { PhotoIDs: [b, a, foreign] }]) {
        const res = await reorder(id, body);
        expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
        expect(res.json().message).toBe(LISTING_TEXTS.photoOrder);
        expect(res.json().errors).toEqual([{ field: 'PhotoIDs', message: LISTING_TEXTS.photoOrder }]);
      }
      for (const body of [{ PhotoIDs: ['x', 'y'] }, { PhotoIDs: [1.5, 2] }, { PhotoIDs: 'all' }, {}]) {
        const res = await reorder(id, body);
        expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
        expect(res.json().errors[0].field).toMatch(/^PhotoIDs/);
      }
      expect((await getListing(id)).Photos.map((p) => p.PhotoID)).toEqual([a, b]);
    });

    it('deletes a photo and every copy of it; the next becomes the cover; another listing’s photo id is a 404', async () => {
      const id = await postListing([imagePart(small, 'a.jpg'), { field: 'roomImages', filename: 'b.jpg', type: 'image/jpeg', content: small }]);
      const other = await postListing([imagePart(small)]);
      const [first, second] = (await getListing(id)).Photos;
      const foreign = (await getListing(other)).Photos[0]!;
      const wrong = await removePhoto(id, foreign.PhotoID);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ message: LISTING_TEXTS.photoNotFound });
      expect((await removePhoto(id, 'abc')).statusCode).toBe(404);
      for (const file of filesOf(foreign)) expect(existsSync(file)).toBe(true);

      const res = await removePhoto(id, first!.PhotoID);
      expect(res.statusCode).toBe(200);
      expect(res.json().photos).toEqual([second]);
      for (const file of filesOf(first!)) expect(existsSync(file)).toBe(false);
      const listing = await getListing(id);
      expect(listing.ImageUrl).toBe(second!.Url);
      expect((await removePhoto(id, second!.PhotoID)).json().photos).toEqual([]);
      expect((await getListing(id)).ImageUrl).toBeNull();
    });

    it('deletes every copy of every photo with the listing', async () => {
      const id = await postListing([imagePart(small), { field: 'roomImages', filename: 'b.jpg', type: 'image/jpeg', content: small }]);
      const photos = (await getListing(id)).Photos;
      expect((await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: bearer(owner.token) })).statusCode).toBe(200);
      for (const file of photos.flatMap(filesOf)) expect(existsSync(file)).toBe(false);
    });

    it('answers 401 to a visitor, 403 to a tenant and another landlord, 404 for a listing that does not exist, and changes nothing', async () => {
      const id = await postListing([imagePart(small)]);
      const photos = (await getListing(id)).Photos;
      const ids = photos.map((p) => p.PhotoID);
      const cases: [string | null, number][] = [
        [null, 401],
        [tenant.token, 403],
        [otherLandlord.token, 403],
      ];
      for (const [token, status] of cases) {
        expect((await addPhotos(id, [photoPart(small)], token)).statusCode).toBe(status);
        expect((await reorder(id, { PhotoIDs: ids }, token)).statusCode).toBe(status);
        expect((await removePhoto(id, ids[0]!, token)).statusCode).toBe(status);
      }
      expect((await addPhotos(999_999, [photoPart(small)])).statusCode).toBe(404);
      expect((await reorder(999_999, { PhotoIDs: [1] })).statusCode).toBe(404);
      expect((await removePhoto(999_999, 1)).statusCode).toBe(404);
      expect((await getListing(id)).Photos).toEqual(photos);
    });

    it('lets two uploads at once add no more than ten photos between them, each at its own position', async () => {
      const id = await postListing(Array.from({ length: 6 }, (_, i) => ({ field: 'roomImages', filename: `r${i}.jpg`, type: 'image/jpeg', content: small })));
      const [one, two] = await Promise.all([addPhotos(id, three('left')), addPhotos(id, three('right'))]);
      // Both were under the limit when they started; the second to take the lock finds no room for its three.
      expect([one.statusCode, two.statusCode].sort()).toEqual([201, 400]);
      const photos = (await getListing(id)).Photos;
      expect(photos).toHaveLength(9);
      const positions = await ctx.db.selectFrom('listing_photos').select('position').where('listing_id', '=', id).orderBy('position').execute();
      expect(positions.map((p) => p.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
      // The refused one left no files.
      const stored = new Set(uploadedFiles(ctx));
      const expected = photos.flatMap((p) => VARIANTS.map((v) => photoVariantUrl(p.Url, v).replace('/uploads/listings/', '')));
      for (const file of expected) expect(stored.has(file)).toBe(true);
    });
  });

  it('makes the missing copies of photos from before photos had sizes, records their size, and logs and skips one it cannot read', async () => {
    const id = await insertListing(ctx.db, owner.id);
    const dir = join(ctx.config.uploadsDir, 'listings');
    mkdirSync(dir, { recursive: true });
    const full = await jpeg(900, 600);
    writeFileSync(join(dir, 'before-0014.jpg'), full);
    writeFileSync(join(dir, 'before-0014-card.webp'), await sharp(full).resize(640, 480).webp().toBuffer());
    await ctx.db
      .insertInto('listing_photos')
      .values([
        { listing_id: id, position: 0, path: '/uploads/listings/before-0014.jpg', card_path: '/uploads/listings/before-0014-card.webp' },
        { listing_id: id, position: 1, path: '/uploads/listings/gone-missing.jpg', card_path: '/uploads/listings/gone-missing-card.webp' },
      ])
      .execute();
    const warnings: unknown[] = [];
    const log = Object.assign(Object.create(ctx.app.log), { warn: (...args: unknown[]) => warnings.push(args), info: () => undefined });

    expect(await backfillPhotoSizes(ctx.db, new LocalUploadStorage(ctx.config.uploadsDir), log)).toEqual({ completed: 1, failed: 1 });
    expect(warnings).toHaveLength(1);
    const [photo, missing] = (await getListing(id)).Photos;
    expect([photo!.Width, photo!.Height]).toEqual([900, 600]);
    expect([missing!.Width, missing!.Height]).toEqual([null, null]);
    for (const file of filesOf(photo!)) expect(existsSync(file)).toBe(true);
    expect((await sharp(uploadFile(ctx, photoVariantUrl(photo!.Url, 'og'))).metadata()).width).toBe(1200);
    // The stored full JPEG is the source: kept as it was.
    expect(readFileSync(join(dir, 'before-0014.jpg')).equals(full)).toBe(true);

    // Idempotent: the completed photo is not read again; the broken one is tried and logged again.
    expect(await backfillPhotoSizes(ctx.db, new LocalUploadStorage(ctx.config.uploadsDir), log)).toEqual({ completed: 0, failed: 1 });
  });

  it('completes every photo of a file shared between listings at once, without decoding a file whose copies all exist', async () => {
    const dir = join(ctx.config.uploadsDir, 'demo');
    mkdirSync(dir, { recursive: true });
    const full = await jpeg(800, 600);
    writeFileSync(join(dir, 'shared-room.jpg'), full);
    // Every copy there already, each a marker that a re-encoding would overwrite.
    for (const variant of VARIANTS) if (variant !== 'full') writeFileSync(uploadFile(ctx, photoVariantUrl('/uploads/demo/shared-room.jpg', variant)), 'marker');
    const ids = [await insertListing(ctx.db, owner.id), await insertListing(ctx.db, owner.id), await insertListing(ctx.db, owner.id)];
    await ctx.db
      .insertInto('listing_photos')
      .values(ids.map((listingId) => ({ listing_id: listingId, position: 0, path: '/uploads/demo/shared-room.jpg', card_path: '/uploads/demo/shared-room-card.webp' })))
      .execute();
    const log = Object.assign(Object.create(ctx.app.log), { warn: () => undefined, info: () => undefined });

    // Three rows of one file (the broken file of the test before is still tried, and still fails).
    expect((await backfillPhotoSizes(ctx.db, new LocalUploadStorage(ctx.config.uploadsDir), log)).completed).toBe(3);
    for (const id of ids) expect((await getListing(id)).Photos.map((p) => [p.Width, p.Height])).toEqual([[800, 600]]);
    expect(readFileSync(uploadFile(ctx, photoVariantUrl('/uploads/demo/shared-room.jpg', 'og')), 'utf8')).toBe('marker');
  });
});
