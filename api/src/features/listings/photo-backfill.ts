/**
 * Photos moved from before photos had sizes (migration 0014 gave each listing's one image a row with width and
 * height null, and only two files: the full JPEG and the card): at start-up, in the background, their other copies
 * are made from the stored full JPEG and their size recorded, so pages can offer them in a srcset.
 *
 * Idempotent: only rows still without a width are read, and only missing files are written (a file there already,
 * e.g. a demo illustration shared between rows, is kept). A photo that fails (its file gone, damaged) is logged and
 * left as it is; the others go on. Decoding takes the same slots as uploads (PHOTO_ENCODE_CONCURRENCY), so a large
 * backlog never takes more than they would.
 */
import { access, readFile } from 'node:fs/promises';
import { photoVariantUrl, PHOTO_VARIANTS, type PhotoVariant } from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/types.ts';
import { resolveUpload } from '../../uploads/images.ts';
import { encodePhotoFrom, encodeSlot, writePhotoFiles } from '../../uploads/photos.ts';
import { photosWithoutSizes, setPhotoSize } from './photos-repository.ts';

const BATCH = 20;
const VARIANTS = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Makes one photo's missing copies from its full JPEG and answers its size. */
async function completePhoto(uploadsDir: string, path: string): Promise<{ width: number; height: number }> {
  const folder = /^\/uploads\/([^/]+)\/([^/]+)\.jpg$/.exec(path);
  if (!folder) throw new Error(`not a stored photo path: ${path}`);
  const source = await readFile(resolveUpload(uploadsDir, path));
  const missing: PhotoVariant[] = [];
  for (const variant of VARIANTS) if (!(await exists(resolveUpload(uploadsDir, photoVariantUrl(path, variant))))) missing.push(variant);
  const photo = await encodeSlot(() => encodePhotoFrom(sharp(source, { failOn: 'error' }).autoOrient()));
  // The full JPEG is the source itself: its size is the photo's whatever the copies are.
  const { width = photo.width, height = photo.height } = await sharp(source).autoOrient().metadata();
  if (missing.length) await writePhotoFiles(uploadsDir, folder[1]!, photo, { stem: folder[2]!, overwrite: true, only: missing });
  return { width, height };
}

/** Completes every photo without sizes; answers how many were completed and how many failed. */
export async function backfillPhotoSizes(db: Kysely<DB>, uploadsDir: string, log: FastifyBaseLogger): Promise<{ completed: number; failed: number }> {
  let completed = 0;
  let failed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await photosWithoutSizes(db, afterId, BATCH);
    if (!batch.length) break;
    afterId = batch.at(-1)!.id;
    await Promise.all(
      batch.map(async ({ id, path }) => {
        try {
          const { width, height } = await completePhoto(uploadsDir, path);
          await setPhotoSize(db, id, width, height);
          completed++;
        } catch (err) {
          failed++;
          log.warn({ err, photoId: id, path }, 'could not make the copies of a listing photo');
        }
      }),
    );
  }
  if (completed || failed) log.info({ completed, failed }, 'listing photos without sizes completed');
  return { completed, failed };
}
