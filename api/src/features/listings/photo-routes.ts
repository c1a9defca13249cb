/**
 * A listing's photos: adding (a multipart form of repeated `photos` parts), reordering and deleting. Every answer
 * is the listing's whole list after the change, in display order. Owner only, answered as the other changes to a
 * listing are: 401 without a session, 404 for a listing that does not exist (or is not public and not yours), 403
 * for someone else's public listing.
 *
 * Every change holds the listing's row lock while it counts and writes (photos-repository.ts), so two uploads at
 * once cannot pass MAX_PHOTOS between them or collide on a position. Files are written before the transaction and
 * removed when it fails; the files of a deleted photo go once it has committed.
 */
import { MAX_PHOTOS, UPLOAD_TEXTS } from '@roomnest/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError, RequestValidationError } from '../../plugins/errors.ts';
import { readPhotoForm, registerMultipart } from '../../uploads/multipart.ts';
import { documentedBodyOnly } from './form-routes.ts';
import { appendPhotos, deletePhoto, listingPhotos, lockListingForPhotos, photoIds, reorderPhotos } from './photos-repository.ts';
import { errors, LISTING_PHOTOS_FIELD, notYours, parseListingId, photoStore, requireOwnListing, type ListingsApp, type ListingsRouteContext } from './route-support.ts';
import { photosAnswerSchema } from './schemas.ts';
import { LISTING_TEXTS } from './texts.ts';

const photoParamsSchema = z.object({ id: z.string().describe('The ListingID.') });
const onePhotoParamsSchema = z.object({ id: z.string().describe('The ListingID.'), photoId: z.string().describe('The PhotoID.') });

const photosFormDoc = z
  .object({
    photos: z
      .array(z.string().meta({ format: 'binary' }))
      .describe(`Repeated part, one photo each: PNG, JPEG, GIF or WebP (judged by content), at most 10 MB each; at most ${MAX_PHOTOS} photos a listing, counting those it has.`),
  })
  .describe('The photos to add, as multipart/form-data.');

const photoOrderSchema = z.object({
  PhotoIDs: z.array(z.number().int()).max(MAX_PHOTOS).describe('Every PhotoID of the listing, once each, in the new order (the first becomes the cover).'),
});

const PHOTO_ID = /^[1-9]\d{0,9}$/;

/** A validation 400 on PhotoIDs: not the listing's photos, each once. */
const notAPermutation = (ids: unknown) =>
  new RequestValidationError(new z.ZodError([{ code: 'custom', path: ['PhotoIDs'], message: LISTING_TEXTS.photoOrder, input: ids }]));

/**
 * The listing's row, locked until the transaction ends, when it is still the caller's (it may have been deleted, or
 * passed the checks before the upload was read); else the same 404 or 403 as those checks.
 */
async function lockOwnListing(trx: Parameters<typeof lockListingForPhotos>[0], id: number, userId: number) {
  const current = await lockListingForPhotos(trx, id);
  if (!current) throw new HttpError(404, LISTING_TEXTS.notFound);
  if (current.landlord_id !== userId) throw notYours(current.is_public);
  return current;
}

export async function photoRoutes(app: ListingsApp, { db, uploads, clearSearchCaches, removeImages }: ListingsRouteContext): Promise<void> {
  // The photo form in a context of its own, so that only it (and the listing forms) accept multipart bodies.
  await app.register(async (context) => {
    await registerMultipart(context);
    context.withTypeProvider<ZodTypeProvider>().post(
      '/:id/photos',
      {
        preHandler: app.authenticate,
        validatorCompiler: documentedBodyOnly,
        schema: {
          tags: ['listings'],
          summary: 'Add photos to a listing',
          description:
            `The owner only. A multipart form of repeated \`${LISTING_PHOTOS_FIELD}\` parts, added after the current photos in the order sent. ` +
            `Past ${MAX_PHOTOS} photos in all: 400, naming the first file that did not fit, and nothing is added. ` +
            'A file over 10 MB: 413 naming it; not a PNG, JPEG, GIF or WebP image: 415 naming it (HEIC: the sentence asks for a JPEG); ' +
            'damaged: 400 naming it. Any failure adds none of the photos. Answers the whole list.',
          security: BEARER_AUTH,
          consumes: ['multipart/form-data'],
          params: photoParamsSchema,
          body: photosFormDoc,
          response: { 201: photosAnswerSchema, ...errors(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const id = parseListingId(request.params.id);
        await requireOwnListing(db, id, user);
        // Told before the upload is read when it can be; the count is checked again under the lock.
        const before = (await listingPhotos(db, id)).length;
        const store = photoStore(uploads, removeImages);
        try {
          await readPhotoForm(request, { fileFields: [LISTING_PHOTOS_FIELD], maxPhotos: MAX_PHOTOS - before, onPhoto: store.add });
          await store.finish();
          if (!store.photos.length) throw new HttpError(400, UPLOAD_TEXTS.noPhotos);
          const names = store.names;
          await db.transaction().execute(async (trx) => {
            const current = await lockOwnListing(trx, id, user.id);
            const room = MAX_PHOTOS - current.photoCount;
            // Another upload took the room meanwhile.
            if (store.photos.length > room) throw new HttpError(400, UPLOAD_TEXTS.tooManyPhotos(names[Math.max(room, 0)] ?? 'A photo', MAX_PHOTOS));
            await appendPhotos(trx, id, store.photos, current.photoCount);
          });
        } catch (err) {
          await store.discard();
          throw err;
        }
        clearSearchCaches();
        return reply.code(201).send({ photos: await listingPhotos(db, id) });
      },
    );
  });

  app.put(
    '/:id/photos/order',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Reorder a listing’s photos',
        description: 'The owner only. PhotoIDs: every photo of the listing once, in the new order; anything else is a 400 on PhotoIDs. The first becomes the cover.',
        security: BEARER_AUTH,
        params: photoParamsSchema,
        body: photoOrderSchema,
        response: { 200: photosAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseListingId(request.params.id);
      await requireOwnListing(db, id, user);
      const wanted = request.body.PhotoIDs;
      await db.transaction().execute(async (trx) => {
        await lockOwnListing(trx, id, user.id);
        const ids = await photoIds(trx, id);
        const same = wanted.length === ids.length && new Set(wanted).size === wanted.length && wanted.every((photoId) => ids.includes(photoId));
        if (!same) throw notAPermutation(wanted);
        await reorderPhotos(trx, id, wanted);
      });
      clearSearchCaches();
      return { photos: await listingPhotos(db, id) };
    },
  );

  app.delete(
    '/:id/photos/:photoId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Delete a photo of a listing',
        description: 'The owner only. Deletes the photo and every stored copy of it; the photos after it move up (deleting the cover makes the next one the cover). 404 for a PhotoID that is not this listing’s.',
        security: BEARER_AUTH,
        params: onePhotoParamsSchema,
        response: { 200: photosAnswerSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseListingId(request.params.id);
      await requireOwnListing(db, id, user);
      const photoId = PHOTO_ID.test(request.params.photoId) ? Number(request.params.photoId) : NaN;
      if (!(photoId <= 2_147_483_647)) throw new HttpError(404, LISTING_TEXTS.photoNotFound);
      const path = await db.transaction().execute(async (trx) => {
        await lockOwnListing(trx, id, user.id);
        const gone = await deletePhoto(trx, id, photoId);
        if (!gone) throw new HttpError(404, LISTING_TEXTS.photoNotFound);
        return gone;
      });
      clearSearchCaches();
      await removeImages([path]);
      return { photos: await listingPhotos(db, id) };
    },
  );
}
