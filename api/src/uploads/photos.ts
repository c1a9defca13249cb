/**
 * Infrastructure, not a feature: listing photos, their uploads and the seed store them through it.
 *
 * A listing photo is judged by its bytes (PNG, JPEG, GIF or WebP, whatever the
 * file name or declared type says), turned upright by its EXIF orientation and
 * re-encoded, which drops every piece of metadata (EXIF, GPS, XMP, comments),
 * into every size of PHOTO_VARIANTS (shared/src/photos.ts), named by one stem.
 *
 * HEIC (iPhones' own format): this build of sharp reads the HEIF container
 * for AVIF only, not its HEVC pictures, so a HEIC file is answered 415 with a
 * sentence telling the person to choose a JPEG (iPhones' browsers send a JPEG
 * when a photo is picked from the library).
 *
 * The photo is decoded once: resized to at most 1600 px a side (the largest
 * copy), and every copy is made from those pixels, so a 12-megapixel phone
 * photo is decoded once, not six times. At most PHOTO_ENCODE_CONCURRENCY
 * photos are decoded at a time in the process, whoever sent them: a landlord's
 * ten photos, or ten landlords' one, cannot take every core and the memory of
 * ten decoded photos at once.
 */
import { PHOTO_VARIANTS, photoVariantUrl, UPLOAD_TEXTS, type PhotoVariant } from '@roomnest/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../plugins/errors.ts';
import { IMAGE_MAX_PIXELS, randomName, removeUploads } from './images.ts';
import { uploadKey, type UploadStorage } from './storage.ts';

/** Formats accepted for listing photos, as sharp names them. */
export const PHOTO_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;
/** Photos decoded at once in the process (each holds up to a 12-megapixel decode while it is resized). */
export const PHOTO_ENCODE_CONCURRENCY = 2;
/** Link previews (Facebook, WhatsApp, Slack) skip larger images: the OG copy's quality goes down until it fits. */
export const OG_MAX_BYTES = 300 * 1024;

const VARIANT_NAMES = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];

/** The copies of one photo, encoded, and the full-size copy's pixels. */
export interface EncodedPhoto {
  copies: Record<PhotoVariant, Buffer>;
  width: number;
  height: number;
}

/** A photo's stored files: `path` (the full JPEG, Photo.Url) and `cardPath` (Photo.ThumbUrl); the others share its stem. */
export interface StoredPhoto {
  path: string;
  cardPath: string;
  width: number;
  height: number;
}

/** A counting semaphore: at most `limit` of the functions it runs at once. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Runs `task` when fewer than PHOTO_ENCODE_CONCURRENCY photos are being decoded (uploads, the backfill of sizes). */
export const encodeSlot = limiter(PHOTO_ENCODE_CONCURRENCY);

/** HEIC and HEIF pictures (an ISO media file whose brand is one of HEVC's): their bytes, not their name, say so. */
export function isHeic(input: Buffer): boolean {
  if (input.length < 12 || input.toString('latin1', 4, 8) !== 'ftyp') return false;
  return ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(input.toString('latin1', 8, 12));
}

/** One copy from the resized pixels (`base`, at most 1600 px a side, white behind any transparency). */
async function encodeVariant(base: Sharp, variant: PhotoVariant, { quick }: EncodeOptions): Promise<Buffer> {
  const spec = PHOTO_VARIANTS[variant];
  const resized = base.clone().resize({ width: spec.width, height: spec.height, fit: spec.fit, position: 'centre', withoutEnlargement: spec.fit === 'inside' });
  if (variant === 'og') {
    // A noisy photo at quality 80 can pass 300 KB: step down until it fits.
    for (const quality of [80, 68, 55, 42]) {
      const out = await resized.clone().jpeg({ quality, mozjpeg: !quick }).toBuffer();
      if (out.length <= OG_MAX_BYTES || quality === 42) return out;
    }
  }
  if (spec.format === 'jpeg') return resized.jpeg({ quality: 82, mozjpeg: !quick }).toBuffer();
  // Effort 2 rather than 4: the large copies encode about twice as fast for a few per cent more bytes.
  return resized.webp({ quality: variant === 'card' || variant === 'card320' ? 74 : 78, effort: quick ? 1 : 2 }).toBuffer();
}

/**
 * Makes every copy of one photo from pixels already decoded (the seed's drawings, the backfill's stored JPEGs, an
 * upload after its checks).
 */
export interface EncodeOptions {
  /**
   * Plain libjpeg and the quickest WebP effort: files about a fifth larger, made several times faster. For the
   * seed's flat drawings, drawn on every fresh start; uploads are encoded once and served many times, so not them.
   */
  quick?: boolean;
}

export async function encodePhotoFrom(source: Sharp, options: EncodeOptions = {}): Promise<EncodedPhoto> {
  const { data, info } = await source
    .resize({ width: PHOTO_VARIANTS.full.width, height: PHOTO_VARIANTS.full.height, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const base = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const buffers = await Promise.all(VARIANT_NAMES.map((variant) => encodeVariant(base, variant, options)));
  const copies = Object.fromEntries(VARIANT_NAMES.map((variant, i) => [variant, buffers[i]!])) as Record<PhotoVariant, Buffer>;
  return { copies, width: info.width, height: info.height };
}

/**
 * Checks one uploaded photo by its content and answers its copies: 415 for another type (HEIC with its own
 * sentence), 413 for too many pixels, 400 when it cannot be decoded; each sentence names `filename`.
 */
export async function encodePhoto(input: Buffer, filename: string): Promise<EncodedPhoto> {
  if (isHeic(input)) throw new HttpError(415, UPLOAD_TEXTS.photoHeic(filename));
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, UPLOAD_TEXTS.photoType(filename));
  }
  if (!(PHOTO_FORMATS as readonly string[]).includes(metadata.format ?? '')) throw new HttpError(415, UPLOAD_TEXTS.photoType(filename));
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_PIXELS) throw new HttpError(413, UPLOAD_TEXTS.photoTooManyPixels(filename));
  return encodeSlot(async () => {
    try {
      // failOn 'error': a photo with a harmless warning still goes through; a truncated or corrupt one does not.
      return await encodePhotoFrom(sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: false }).autoOrient());
    } catch {
      throw new HttpError(400, UPLOAD_TEXTS.photoUnreadable(filename));
    }
  });
}

/** Every file of a photo, from its full-size path (`/uploads/listings/ab12.jpg`): the path itself and its copies. */
export function photoFiles(path: string): string[] {
  return [...new Set(VARIANT_NAMES.map((variant) => photoVariantUrl(path, variant)))];
}

/**
 * Every file of the listing photos named by `paths`: a full-size path (`.jpg`) stands for all its copies, any other
 * path (a card path given too) for itself. What a photo's, a listing's or an account's deletion removes.
 */
export function listingPhotoFiles(paths: readonly (string | null | undefined)[]): string[] {
  return [...new Set(paths.flatMap((path) => (path ? (path.endsWith('.jpg') ? photoFiles(path) : [path]) : [])))];
}

/**
 * Writes every copy under `<folder>/` of the upload storage, named by `stem` (a fresh one by default); a failed
 * write leaves no file behind. An existing file is an error unless `overwrite` (uploads never reuse a name; the
 * backfill and the seed's shared illustrations do). The copies are written at once (to a bucket, each is a
 * round trip); when one fails, the others are removed once they have settled.
 */
export async function writePhotoFiles(
  storage: UploadStorage,
  folder: string,
  photo: EncodedPhoto,
  { stem = randomName(), overwrite = false, only }: { stem?: string; overwrite?: boolean; only?: readonly PhotoVariant[] } = {},
): Promise<StoredPhoto> {
  const path = `/uploads/${folder}/${stem}.jpg`;
  const files = (only ?? VARIANT_NAMES).map((variant) => ({ variant, file: photoVariantUrl(path, variant) }));
  const results = await Promise.allSettled(files.map(({ variant, file }) => storage.put(uploadKey(file), photo.copies[variant], { overwrite })));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    if (!overwrite) await removeUploads(storage, folder, files.filter((_, i) => results[i]!.status === 'fulfilled').map((f) => f.file));
    throw failed.reason;
  }
  return { path, cardPath: photoVariantUrl(path, 'card'), width: photo.width, height: photo.height };
}
