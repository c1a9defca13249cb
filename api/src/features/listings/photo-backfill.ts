/**
 * Photos moved from before photos had sizes (migration 0014 gave each listing's one image a row with width and
 * height null, and only two files: the full JPEG and the card): at start-up, in the background, their other copies
 * are made from the stored full JPEG and their size recorded, so pages can offer them in a srcset.
 *
 * By file, not by row: rows sharing a file (the demo illustrations under /uploads/demo, on thousands of listings)
 * cost one look at that file, and a file whose copies all exist is not decoded at all (only its header is read for
 * its size). Idempotent: only rows still without a width are read, and only missing files are written. A file that
 * fails (gone, damaged) is logged and left as it is; the others go on. Decoding takes the same slots as uploads (PHOTO_ENCODE_CONCURRENCY), so a large
 * backlog never takes more than they would.
 */
import { photoVariantUrl, PHOTO_VARIANTS, type PhotoVariant } from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/types.ts';
import { encodePhotoFrom, encodeSlot, writePhotoFiles } from '../../uploads/photos.ts';
import { uploadKey, type UploadStorage } from '../../uploads/storage.ts';
import { photoFilesWithoutSizes, setPhotoFileSize } from './photos-repository.ts';

const BATCH = 20;
const VARIANTS = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];

/** Makes one photo file's missing copies from it (decoding it only when one is missing) and answers its size. */
async function completePhoto(uploads: UploadStorage, path: string): Promise<{ width: number; height: number }> {
  const folder = /^\/uploads\/([^/]+)\/([^/]+)\.jpg$/.exec(path);
  if (!folder) throw new Error(`not a stored photo path: ${path}`);
  const source = await uploads.read(uploadKey(path));
  if (!source) throw new Error(`no stored file for ${path}`);
  const missing: PhotoVariant[] = [];
  for (const variant of VARIANTS) if (!(await uploads.exists(uploadKey(photoVariantUrl(path, variant))))) missing.push(variant);
  // The full JPEG is the source itself: its size is the photo's whatever the copies are.
  const { width, height } = await sharp(source, { failOn: 'error' }).autoOrient().metadata();
  if (!width || !height) throw new Error(`no size in ${path}`);
  if (missing.length) {
    const photo = await encodeSlot(() => encodePhotoFrom(sharp(source, { failOn: 'error' }).autoOrient()));
    await writePhotoFiles(uploads, folder[1]!, photo, { stem: folder[2]!, overwrite: true, only: missing });
  }
  return { width, height };
}

/** Completes every photo without sizes; answers how many photos (rows) were completed and how many files failed. */
export async function backfillPhotoSizes(db: Kysely<DB>, uploads: UploadStorage, log: FastifyBaseLogger): Promise<{ completed: number; failed: number }> {
  let completed = 0;
  let failed = 0;
  let afterPath = '';
  for (;;) {
    const paths = await photoFilesWithoutSizes(db, afterPath, BATCH);
    if (!paths.length) break;
    afterPath = paths.at(-1)!;
    await Promise.all(
      paths.map(async (path) => {
        try {
          const { width, height } = await completePhoto(uploads, path);
          completed += await setPhotoFileSize(db, path, width, height);
        } catch (err) {
          failed++;
          log.warn({ err, path }, 'could not make the copies of a listing photo');
        }
      }),
    );
  }
  if (completed || failed) log.info({ completed, failed }, 'listing photos without sizes completed');
  return { completed, failed };
}
