/**
 * Infrastructure, not a feature (hence beside db/ and plugins/): listings, users and the seed store their images through it.
 *
 * Uploaded images: judged by their bytes (PNG, JPEG or GIF, whatever the file
 * name or declared type says), turned upright by their EXIF orientation, then
 * re-encoded, which drops every piece of metadata (EXIF, GPS, XMP, comments).
 * Each upload is stored twice under `${uploadsDir}/<folder>/`: a full-size JPEG
 * (at most 1600 px a side) and a 640×480 WebP card copy. The database keeps the
 * `/uploads/...` paths the web plugin serves them at.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { UPLOAD_TEXTS } from '@roomnest/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../plugins/errors.ts';

/** Formats accepted, as sharp names them (IMAGE_MIME_TYPES of the contract). */
export const IMAGE_FORMATS = ['png', 'jpeg', 'gif'] as const;
/** Decoding a larger image could take hundreds of MB: refuse it before decoding. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const FULL_IMAGE_MAX_PX = 1600;
export const CARD_SIZE = { width: 640, height: 480 } as const;

/** Where a stored image lives: both paths are relative to the site, e.g. `/uploads/listings/ab12.jpg`. */
export interface StoredImage {
  imagePath: string;
  thumbPath: string;
}

/** Encoders of the two copies; the seed renders its illustrations with the same settings. */
export function fullSizeCopy(image: Sharp): Sharp {
  return image
    .resize({ width: FULL_IMAGE_MAX_PX, height: FULL_IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true });
}

export function cardCopy(image: Sharp): Sharp {
  return image
    .resize({ ...CARD_SIZE, fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .webp({ quality: 74 });
}

/** Checks an upload by its content and answers both encoded copies (415 for another type, 400 if it cannot be decoded). */
export async function encodeImage(input: Buffer): Promise<{ full: Buffer; card: Buffer }> {
  const [full, card] = await encodeChecked(input, [fullSizeCopy, cardCopy]);
  return { full: full!, card: card! };
}

/** Profile pictures: a square JPEG, cropped from the centre (the 150 px preview and the cards at twice their size). */
export const PROFILE_PICTURE_PX = 400;

export function profilePictureCopy(image: Sharp): Sharp {
  return image
    .resize({ width: PROFILE_PICTURE_PX, height: PROFILE_PICTURE_PX, fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 84, mozjpeg: true });
}

/**
 * Checks an upload by its content under the rules above (415 for another type,
 * 413 for too many pixels, 400 if it cannot be decoded) and answers one
 * re-encoded copy, without metadata, per encoder.
 */
export async function encodeChecked(input: Buffer, encoders: readonly ((image: Sharp) => Sharp)[]): Promise<Buffer[]> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, UPLOAD_TEXTS.imageType);
  }
  if (!(IMAGE_FORMATS as readonly string[]).includes(metadata.format ?? '')) throw new HttpError(415, UPLOAD_TEXTS.imageType);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_PIXELS) throw new HttpError(413, UPLOAD_TEXTS.imageTooManyPixels);
  try {
    // failOn 'error': a photo with a harmless warning still goes through; a truncated or corrupt one does not.
    const source = sharp(input, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS, animated: false }).autoOrient();
    return await Promise.all(encoders.map((encode) => encode(source.clone()).toBuffer()));
  } catch {
    throw new HttpError(400, UPLOAD_TEXTS.imageUnreadable);
  }
}

/** A fresh, unguessable file stem. */
export const randomName = () => randomBytes(12).toString('base64url');

/**
 * Writes both copies under `${uploadsDir}/${folder}/` as `<stem>.jpg` and
 * `<stem>-card.webp`; a failed write leaves no file behind. An existing file is
 * an error unless `overwrite` (uploads never reuse a name).
 */
export async function writeImageFiles(
  uploadsDir: string,
  folder: string,
  stem: string,
  copies: { full: Buffer; card: Buffer },
  { overwrite = false }: { overwrite?: boolean } = {},
): Promise<StoredImage> {
  await mkdir(join(uploadsDir, folder), { recursive: true });
  const stored = { imagePath: `/uploads/${folder}/${stem}.jpg`, thumbPath: `/uploads/${folder}/${stem}-card.webp` };
  const flag = overwrite ? 'w' : 'wx';
  try {
    await writeFile(resolveUpload(uploadsDir, stored.imagePath), copies.full, { flag });
    await writeFile(resolveUpload(uploadsDir, stored.thumbPath), copies.card, { flag });
  } catch (err) {
    await removeUploads(uploadsDir, folder, [stored.imagePath, stored.thumbPath]);
    throw err;
  }
  return stored;
}

/** Validates, re-encodes and stores one uploaded image under `folder` (e.g. 'listings'). */
export async function storeImage(uploadsDir: string, folder: string, input: Buffer): Promise<StoredImage> {
  return writeImageFiles(uploadsDir, folder, randomName(), await encodeImage(input));
}

/** Validates, re-encodes and stores one profile picture as `${uploadsDir}/${folder}/<random>.jpg`; answers its `/uploads/...` path. */
export async function storeProfilePicture(uploadsDir: string, folder: string, input: Buffer): Promise<string> {
  const [picture] = await encodeChecked(input, [profilePictureCopy]);
  await mkdir(join(uploadsDir, folder), { recursive: true });
  const path = `/uploads/${folder}/${randomName()}.jpg`;
  await writeFile(resolveUpload(uploadsDir, path), picture!, { flag: 'wx' });
  return path;
}

/** The file behind an `/uploads/...` path; throws for a path that would leave the uploads folder. */
export function resolveUpload(uploadsDir: string, path: string): string {
  const root = resolve(uploadsDir);
  const file = resolve(root, path.replace(/^\/uploads\//, ''));
  if (!path.startsWith('/uploads/') || !file.startsWith(root + sep)) throw new Error(`Not an upload path: ${path}`);
  return file;
}

/**
 * Deletes stored images. Only paths under `/uploads/<folder>/` are touched, so
 * files shared between rows (the demo illustrations in /uploads/demo) survive.
 * Missing files are fine; other failures are reported to `onError` and skipped.
 */
export async function removeUploads(
  uploadsDir: string,
  folder: string,
  paths: readonly (string | null | undefined)[],
  onError: (err: unknown) => void = () => {},
): Promise<void> {
  const prefix = `/uploads/${folder}/`;
  await Promise.all(
    paths.map(async (path) => {
      if (!path?.startsWith(prefix) || path.slice(prefix.length).includes('/')) return;
      try {
        await unlink(resolveUpload(uploadsDir, path));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') onError(err);
      }
    }),
  );
}
