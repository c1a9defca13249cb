import { existsSync, readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { API_TEXTS, IMAGE_MAX_BYTES, PHOTO_MAX_BYTES, TEXTS, UPLOAD_TEXTS, type Listing } from '@roomnest/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_LIMITS } from '../src/uploads/multipart.ts';
import { actor, formBody, gif, imagePart, jpeg, png, sendForm, uploadedFiles, uploadFile, validForm, webp, type Actor, type FilePart } from './listings-support.ts';
import { bearer, createTestContext, TEST_DATABASES, type TestContext } from './support.ts';

/** A small PNG whose header claims `width`×`height` pixels, with a first scrap of pixel data: a decompression bomb's calling card. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(60_001))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG straight from a camera: make, GPS position and a 90° orientation flag. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#7fa7d9' } })
    .composite([{ input: Buffer.from('<svg width="400" height="200"><rect width="100" height="200" fill="#c0553a"/></svg>') }])
    .jpeg()
    .withExif({
      IFD0: { Make: 'RoomNest Test Camera', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 32/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 3/1 24/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The GPS IFD pointer tag (0x8825) in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** What `attempt` answers for a request refused with `status` and `message` that stored nothing. */
const refused = (status: number, message: string) => ({ status, body: { message }, storedSomething: false });

describe.each(TEST_DATABASES)('listing image uploads on $name', (database) => {
  let ctx: TestContext;
  let landlord: Actor;
  beforeAll(async () => {
    ctx = await createTestContext(database);
    landlord = await actor(ctx, 'Landlord', 'Professional');
  });
  afterAll(() => ctx?.close());

  const post = (files: FilePart[], fields = validForm()) => sendForm(ctx, 'POST', '/api/listings', landlord.token, fields, files);
  const getListing = async (id: number): Promise<Listing> => (await ctx.inject({ method: 'GET', url: `/api/listings/${id}` })).json();
  const stored = async (path: string) => {
    const bytes = readFileSync(uploadFile(ctx, path));
    return { bytes, metadata: await sharp(bytes).metadata() };
  };
  const listingCount = async () =>
    (await ctx.db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).where('landlord_id', '=', landlord.id).executeTakeFirstOrThrow()).n;

  /** Runs `send` and answers its status and body, and whether it left a listing or a file behind. */
  async function attempt(send: () => Promise<{ statusCode: number; json: () => unknown }>) {
    const [files, count] = [uploadedFiles(ctx), await listingCount()];
    const res = await send();
    const storedSomething = uploadedFiles(ctx).join() !== files.join() || (await listingCount()) !== count;
    return { status: res.statusCode, body: res.json(), storedSomething };
  }

  const raw = (payload: string | Buffer, contentType?: string, method = 'POST', url = '/api/listings') =>
    ctx.inject({ method: method as 'POST', url, payload, headers: { ...bearer(landlord.token), ...(contentType ? { 'content-type': contentType } : {}) } });

  describe('accepted images', () => {
    it('strips EXIF and GPS from a camera JPEG, turning it upright first', async () => {
      const input = await cameraJpeg();
      const original = await sharp(input).metadata();
      expect(original.orientation).toBe(6);
      expect(original.exif?.includes(Buffer.from('RoomNest Test Camera'))).toBe(true);
      expect(hasGpsPointer(original.exif!)).toBe(true);

      const res = await post([imagePart(input, 'IMG_0001.JPG')]);
      expect(res.statusCode).toBe(201);
      const listing = await getListing(res.json().listingId);
      for (const path of [listing.ImageUrl!, listing.ThumbnailUrl!]) {
        const { bytes, metadata } = await stored(path);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
        expect(bytes.includes(Buffer.from('RoomNest Test Camera'))).toBe(false);
      }
      // Upright: the 400×200 landscape, rotated by its flag, is a 200×400 portrait.
      const full = await stored(listing.ImageUrl!);
      expect([full.metadata.format, full.metadata.width, full.metadata.height]).toEqual(['jpeg', 200, 400]);
      const card = await stored(listing.ThumbnailUrl!);
      expect([card.metadata.format, card.metadata.width, card.metadata.height]).toEqual(['webp', 640, 480]);
    });

    it.each([
      ['a PNG with transparency', () => png(), 'photo.png', 'image/png'],
      ['a WebP', () => webp(), 'photo.webp', 'image/webp'],
      ['a GIF', () => gif(), 'photo.gif', 'image/gif'],
      ['a JPEG named .png and sent as text/plain', () => jpeg(), 'photo.png', 'text/plain'],
    ])('accepts %s, judged by its bytes, and stores an opaque JPEG with a WebP card', async (_label, make, filename, type) => {
      const res = await post([imagePart(await make(), filename, type)]);
      expect(res.statusCode).toBe(201);
      const listing = await getListing(res.json().listingId);
      const full = await stored(listing.ImageUrl!);
      expect([full.metadata.format, full.metadata.hasAlpha]).toEqual(['jpeg', false]);
      expect((await stored(listing.ThumbnailUrl!)).metadata.format).toBe('webp');
    });

    it('shrinks a large photo to 1600 pixels on its long side, never enlarging a small one', async () => {
      const big = await getListing((await post([imagePart(await jpeg(3000, 2000))])).json().listingId);
      expect([(await stored(big.ImageUrl!)).metadata.width, (await stored(big.ImageUrl!)).metadata.height]).toEqual([1600, 1067]);
      const small = await getListing((await post([imagePart(await jpeg(300, 200))])).json().listingId);
      expect([(await stored(small.ImageUrl!)).metadata.width, (await stored(small.ImageUrl!)).metadata.height]).toEqual([300, 200]);
    });

    it("keeps the form's image as the listing's first photo: posted, replaced on update, and every photo's files gone with the listing", async () => {
      const photoRows = (id: number) => ctx.db.selectFrom('listing_photos').select(['position', 'path', 'card_path']).where('listing_id', '=', id).orderBy('position').execute();
      const id = (await post([imagePart(await jpeg())])).json().listingId as number;
      const first = await getListing(id);
      expect(await photoRows(id)).toEqual([{ position: 0, path: first.ImageUrl, card_path: first.ThumbnailUrl }]);

      const res = await sendForm(ctx, 'PUT', `/api/listings/${id}`, landlord.token, validForm({ Status: 'Available' }), [imagePart(await png())]);
      expect(res.statusCode).toBe(200);
      const updated = await getListing(id);
      expect(updated.ImageUrl).not.toBe(first.ImageUrl);
      expect(await photoRows(id)).toEqual([{ position: 0, path: updated.ImageUrl, card_path: updated.ThumbnailUrl }]);
      expect(existsSync(uploadFile(ctx, first.ImageUrl!))).toBe(false);

      // A second photo's files (as the photo calls will store them) go with the listing too.
      const second = await post([imagePart(await jpeg(640, 480))]);
      const other = await getListing(second.json().listingId);
      await ctx.db.insertInto('listing_photos').values({ listing_id: id, position: 1, path: other.ImageUrl!, card_path: other.ThumbnailUrl! }).execute();
      expect((await ctx.inject({ method: 'DELETE', url: `/api/listings/${id}`, headers: bearer(landlord.token) })).statusCode).toBe(200);
      for (const path of [updated.ImageUrl!, updated.ThumbnailUrl!, other.ImageUrl!, other.ThumbnailUrl!]) expect(existsSync(uploadFile(ctx, path))).toBe(false);
      expect(await photoRows(id)).toEqual([]);
    });

    it('serves the stored image at its /uploads path', async () => {
      const listing = await getListing((await post([imagePart(await jpeg())])).json().listingId);
      const res = await ctx.inject({ method: 'GET', url: listing.ImageUrl! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
    });

    it('treats an empty file field (no file chosen in the browser) as no image', async () => {
      const res = await post([imagePart(Buffer.alloc(0), '', 'application/octet-stream')]);
      expect(res.statusCode).toBe(201);
      expect((await getListing(res.json().listingId)).ImageUrl).toBeNull();
    });

    it('accepts an image of exactly 5 MB', async () => {
      // A noisy PNG padded to the limit with a trailing comment chunk is still a valid PNG.
      const noise = await sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width: 300, height: 300, channels: 3 } })
        .png()
        .toBuffer();
      const pad = IMAGE_MAX_BYTES - noise.length;
      const iend = noise.subarray(noise.length - 12);
      const text = Buffer.alloc(pad - 12, 0x61);
      text.write('Comment\0', 0, 'latin1');
      const chunk = Buffer.concat([Buffer.alloc(4), Buffer.from('tEXt'), text, Buffer.alloc(4)]);
      chunk.writeUInt32BE(text.length, 0);
      chunk.writeUInt32BE(crc32(Buffer.concat([Buffer.from('tEXt'), text])), chunk.length - 4);
      const exact = Buffer.concat([noise.subarray(0, noise.length - 12), chunk, iend]);
      expect(exact.length).toBe(IMAGE_MAX_BYTES);
      expect((await post([imagePart(exact, 'exact.png', 'image/png')])).statusCode).toBe(201);
    });
  });

  describe('refused images', () => {
    it('answers 415 for a text file renamed .png', async () => {
      const notes = Buffer.from('Definitely not a picture, just some notes.\n'.repeat(50));
      expect(await attempt(() => post([imagePart(notes, 'notes.png', 'image/png')]))).toEqual(refused(415, UPLOAD_TEXTS.photoType('notes.png')));
    });

    it.each([
      ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'), 'photo.png'],
      ['a TIFF', () => sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).tiff().toBuffer(), 'photo.jpg'],
      ['an HTML page', async () => Buffer.from('<!doctype html><script>alert(1)</script>'), 'photo.gif'],
      ['random bytes', async () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256)), 'photo.jpg'],
    ])('answers 415 for %s', async (_label, make, filename) => {
      const content = await make();
      expect(await attempt(() => post([imagePart(content, filename, 'image/jpeg')]))).toEqual(refused(415, UPLOAD_TEXTS.photoType(filename)));
    });

    it('answers 413 for a file over 10 MB, naming it', async () => {
      const big = Buffer.concat([await jpeg(), Buffer.alloc(PHOTO_MAX_BYTES, 0)]);
      expect(await attempt(() => post([imagePart(big)]))).toEqual(refused(413, UPLOAD_TEXTS.photoTooLarge('room.jpg')));
    });

    it('answers 413 for an image with too many pixels, without decoding it', async () => {
      expect(await attempt(() => post([imagePart(pngHeaderOnly(20_000, 20_000), 'bomb.png', 'image/png')]))).toEqual(refused(413, UPLOAD_TEXTS.photoTooManyPixels('bomb.png')));
    });

    it('answers 400 for a damaged image', async () => {
      const whole = await jpeg(800, 600);
      expect(await attempt(() => post([imagePart(whole.subarray(0, Math.floor(whole.length / 2)))]))).toEqual(refused(400, UPLOAD_TEXTS.photoUnreadable('room.jpg')));
    });

    it('answers 400 for an empty file that has a name', async () => {
      expect(await attempt(() => post([imagePart(Buffer.alloc(0), 'empty.jpg')]))).toEqual(refused(400, UPLOAD_TEXTS.photoUnreadable('empty.jpg')));
    });
  });

  describe('the multipart form itself', () => {
    it('answers 415 to a JSON body, a urlencoded form, plain text or no body at all', async () => {
      const json = await ctx.inject({ method: 'POST', url: '/api/listings', payload: { Title: 'x' }, headers: bearer(landlord.token) });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ message: UPLOAD_TEXTS.notMultipart });
      const none = await ctx.inject({ method: 'POST', url: '/api/listings', headers: bearer(landlord.token) });
      expect(none.json()).toEqual({ message: UPLOAD_TEXTS.notMultipart });
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'image/jpeg']) {
        const res = await raw('Title=x', type);
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({ message: API_TEXTS.unsupportedMediaType });
      }
      const existing = await ctx.db.insertInto('listings').values({ landlord_id: landlord.id, title: 'T', address: 'A', city: 'C', state: 'S', zip_code: 'Z', room_type: 'Single', rent: 500, available_date: '2030-01-01', pet_policy: 'Allowed', smoking_policy: 'Allowed' }).returning('id').executeTakeFirstOrThrow();
      const put = await ctx.inject({ method: 'PUT', url: `/api/listings/${existing.id}`, payload: { Title: 'x', Status: 'Available' }, headers: bearer(landlord.token) });
      expect(put.statusCode).toBe(415);
    });

    it.each([
      ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="Title"\r\n\r\nRoom\r\n--x--\r\n'],
      ['a body cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="Title"\r\n\r\nRoo'],
      ['garbage', 'multipart/form-data; boundary=x', '\u0000\u0001 not multipart at all'],
      ['a __proto__ field', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--x--\r\n'],
      ['a JSON field that is not JSON', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="Title"\r\nContent-Type: application/json\r\n\r\n{oops\r\n--x--\r\n'],
    ])('answers 400, never 500, for malformed multipart: %s', async (_label, contentType, body) => {
      const res = await raw(body, contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UPLOAD_TEXTS.malformed);
    });

    it('reads a part without headers as no field at all (then the required fields are missing)', async () => {
      const res = await raw('--x\r\n\r\nRoom\r\n--x--\r\n', 'multipart/form-data; boundary=x');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TEXTS.postAdRequired);
    });

    it('judges each photo of the form, naming the one that is not an image, and stores none of them', async () => {
      const good = await jpeg();
      expect(await attempt(() => post([imagePart(good, 'kitchen.jpg'), imagePart(Buffer.from('not a picture'), 'notes.jpg')]))).toEqual(
        refused(415, UPLOAD_TEXTS.photoType('notes.jpg')),
      );
    });

    it('answers 400 for a file under another field name', async () => {
      const content = await jpeg();
      expect(await attempt(() => post([{ field: 'image', filename: 'room.jpg', type: 'image/jpeg', content }]))).toEqual(
        refused(400, UPLOAD_TEXTS.unexpectedFile('image', 'roomImage or roomImages')),
      );
    });

    it('answers 400 for a field longer than the parser keeps', async () => {
      expect(await attempt(() => post([], validForm({ Description: 'x'.repeat(MULTIPART_LIMITS.fieldSize + 1) })))).toEqual(refused(400, UPLOAD_TEXTS.fieldTooLong('Description')));
    });

    it('answers 400 for too many fields', async () => {
      const many = Object.fromEntries(Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, i) => [`extra${i}`, 'x']));
      expect(await attempt(() => post([], { ...validForm(), ...many }))).toEqual(refused(400, UPLOAD_TEXTS.tooManyFields));
    });

    it('does not accept multipart on the JSON routes', async () => {
      const { payload, contentType } = await formBody({ Status: 'Pending' });
      const res = await raw(payload, contentType, 'POST', '/api/auth/login');
      expect(res.statusCode).toBe(415);
    });
  });

  describe('when the database write fails after the image is stored', () => {
    it('deletes the new files again (and answers a plain 500)', async () => {
      await sql`
        create function refuse_doomed_listing() returns trigger language plpgsql as $$
        begin
          if new.title = 'Doomed' then raise exception 'refused by the test trigger'; end if;
          return new;
        end $$`.execute(ctx.db);
      await sql`create trigger refuse_doomed before insert or update on listings for each row execute function refuse_doomed_listing()`.execute(ctx.db);
      try {
        const before = uploadedFiles(ctx);
        const { payload, contentType } = await formBody(validForm({ Title: 'Doomed' }), [imagePart(await jpeg())]);
        const res = await ctx.app.inject({ method: 'POST', url: '/api/listings', payload, headers: { 'content-type': contentType, ...bearer(landlord.token) } });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: API_TEXTS.internal });
        expect(uploadedFiles(ctx)).toEqual(before);

        // The same on update: the listing keeps its old image, the new files go.
        const id = (await post([imagePart(await jpeg())])).json().listingId;
        const kept = await getListing(id);
        const beforeUpdate = uploadedFiles(ctx);
        const update = await formBody(validForm({ Title: 'Doomed', Status: 'Available' }), [imagePart(await jpeg(500, 500))]);
        const failed = await ctx.app.inject({ method: 'PUT', url: `/api/listings/${id}`, payload: update.payload, headers: { 'content-type': update.contentType, ...bearer(landlord.token) } });
        expect(failed.statusCode).toBe(500);
        expect(uploadedFiles(ctx)).toEqual(beforeUpdate);
        expect((await getListing(id)).ImageUrl).toBe(kept.ImageUrl);
      } finally {
        await sql`drop trigger refuse_doomed on listings`.execute(ctx.db);
        await sql`drop function refuse_doomed_listing()`.execute(ctx.db);
      }
    });
  });
});
