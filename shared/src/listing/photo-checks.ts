/**
 * The browser's own check of chosen photos, before anything is sent: the same rules the server keeps
 * (at most MAX_PHOTOS, each at most PHOTO_MAX_BYTES, an image type it decodes), so a landlord hears at
 * once which file will not do and why. The server still judges each file by its content.
 */
import { MAX_PHOTOS, PHOTO_MAX_BYTES, PHOTO_MIME_TYPES } from '../constants.ts';
import { fileDisplayName } from '../photos.ts';
import { UPLOAD_TEXTS } from '../texts.ts';

export interface RejectedFile {
  name: string;
  message: string;
}

/** HEIC and HEIF: the server cannot read their pictures yet (it answers UPLOAD_TEXTS.photoHeic). */
const HEIC = /^image\/hei[cf]$|\.(heic|heif)$/i;
const isHeic = (file: File) => HEIC.test(file.type) || HEIC.test(file.name);

/**
 * What the file input offers: the types the server reads. HEIC is left out on purpose: offered a chooser
 * that does not take it, an iPhone hands over a JPEG copy of the photo instead.
 */
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.filter((type) => !HEIC.test(type)).join(',');

/** Splits chosen files into those to add (in the order chosen) and those refused, each with its reason. */
export function checkPhotoFiles(files: readonly File[], alreadyHeld: number): { accepted: File[]; rejected: RejectedFile[] } {
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    // The server's own sentences, so a file refused here or there reads the same.
    if (isHeic(file)) rejected.push({ name: file.name, message: UPLOAD_TEXTS.photoHeic(file.name) });
    else if (!PHOTO_ACCEPT.split(',').includes(file.type)) rejected.push({ name: file.name, message: UPLOAD_TEXTS.photoType(file.name) });
    else if (file.size > PHOTO_MAX_BYTES) rejected.push({ name: file.name, message: UPLOAD_TEXTS.photoTooLarge(file.name) });
    else if (alreadyHeld + accepted.length >= MAX_PHOTOS) rejected.push({ name: file.name, message: UPLOAD_TEXTS.tooManyPhotos(file.name, MAX_PHOTOS) });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** Moves one entry of a list to another index (a new list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/** A file as the server's sentences name it. */
const shown = fileDisplayName;

/** The multipart parts that carry photos (POST /api/listings, and POST /api/listings/{id}/photos). */
const PHOTO_PARTS = ['roomImage', 'roomImages', 'photos'];

/**
 * The server's refusal of photos, file by file: a message that names a file belongs beside that file; one
 * about the photos that names none (a photo part's field error, or the answer's message when it has no
 * field errors or has photo ones) is for the whole picker. Field errors about other fields are not the
 * picker's: the form shows them at their fields.
 */
export function serverPhotoErrors(error: unknown, names: readonly string[]): { byName: Map<string, string>; general: string | null } {
  const byName = new Map<string, string>();
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : null;
  const fieldErrors: { field?: unknown; message: string }[] = [];
  let message: string | null = null;
  if (data && typeof data === 'object') {
    const errors = (data as { errors?: unknown }).errors;
    if (Array.isArray(errors)) for (const e of errors) if (e && typeof e.message === 'string') fieldErrors.push(e);
    const m = (data as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) message = m;
  }
  const named = (text: string) => names.find((n) => shown(n) && text.includes(shown(n)));
  let general: string | null = null;
  let aboutPhotos = false;
  for (const e of fieldErrors) {
    const name = named(e.message);
    if (name) {
      aboutPhotos = true;
      if (!byName.has(name)) byName.set(name, e.message);
    } else if (typeof e.field === 'string' && PHOTO_PARTS.includes(e.field)) {
      aboutPhotos = true;
      general ??= e.message;
    }
  }
  if (message) {
    const name = named(message);
    if (name) {
      if (!byName.has(name)) byName.set(name, message);
    } else if (!fieldErrors.length || aboutPhotos) general ??= message;
  }
  return { byName, general };
}
