/**
 * Infrastructure, not a feature (hence beside db/ and plugins/): listings, users and the seed store their images through it.
 *
 * Uploaded images: judged by their bytes (PNG, JPEG or GIF, whatever the file
 * name or declared type says), turned upright by their EXIF orientation, then
 * re-encoded, which drops every piece of metadata (EXIF, GPS, XMP, comments).
 * Profile pictures are stored as one square JPEG under `<folder>/` of the upload
 * storage (storage.ts). The database keeps the `/uploads/...` paths the web
 * plugin serves them at.
 */
import { randomBytes } from 'node:crypto';
import { UPLOAD_TEXTS } from '@roomnest/shared';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { HttpError } from '../plugins/errors.ts';
import { isUploadKey, uploadKey, uploadPath, type UploadStorage } from './storage.ts';

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

/** Validates, re-encodes and stores one profile picture as `<folder>/<random>.jpg`; answers its `/uploads/...` path. */
export async function storeProfilePicture(storage: UploadStorage, folder: string, input: Buffer): Promise<string> {
  const [picture] = await encodeChecked(input, [profilePictureCopy]);
  const key = `${folder}/${randomName()}.jpg`;
  await storage.put(key, picture!);
  return uploadPath(key);
}

/**
 * Deletes stored images. Only paths under `/uploads/<folder>/` are touched, so
 * files shared between rows (the demo illustrations in /uploads/demo) survive.
 * Missing files are fine; other failures are reported to `onError` and skipped.
 */
export async function removeUploads(
  storage: UploadStorage,
  folder: string,
  paths: readonly (string | null | undefined)[],
  onError: (err: unknown) => void = () => {},
): Promise<void> {
  const prefix = `/uploads/${folder}/`;
  const keys = paths.filter((path): path is string => Boolean(path?.startsWith(prefix) && !path.slice(prefix.length).includes('/') && isUploadKey(path.slice('/uploads/'.length))));
  await storage.delete(
    [...new Set(keys)].map((path) => uploadKey(path)),
    (err) => onError(err),
  );
}
