/**
 * The multipart forms: posting a room (POST /) and updating a listing (PUT /:id), each with an optional
 * `roomImage`. Their body schemas document the form; the handlers read it and check it with the shared schemas.
 */
import {
  API_TEXTS,
  MAX_PHOTOS,
  UPLOAD_TEXTS,
  availableDateInPast,
  LISTING_ACTIVE_DAYS,
  listingInputSchema,
  listingUpdateSchema,
  londonToday,
  TEXTS,
} from '@roomnest/shared';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BEARER_AUTH, requireLandlord, requireUser } from '../../plugins/auth.ts';
import { HttpError, RequestValidationError, validatorCompiler } from '../../plugins/errors.ts';
import { readPhotoForm, registerMultipart } from '../../uploads/multipart.ts';
import { enqueueListingAlerts } from '../saved-searches/alerts.ts';
import { appendPhotos, replaceCover } from './photos-repository.ts';
import { insertListing, lockLandlordPlan, lockListingImage, updateListingForm } from './repository.ts';
import {
  assertUnderPlanLimit,
  errors,
  LISTING_IMAGE_FIELD,
  LISTING_IMAGES_FIELD,
  loadListing,
  photoStore,
  notYours,
  parseListingId,
  requireOwnListing,
  type ListingsApp,
  type ListingsRouteContext,
} from './route-support.ts';
import { LISTING_TEXTS } from './texts.ts';
import { listingCreatedSchema, listingFormDoc, listingIdParamsSchema, listingMessageSchema, listingUpdateFormDoc } from './schemas.ts';

/** Checks form fields with a shared schema; a failure answers the contract's validation 400. */
function parseForm<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(fields);
  if (!result.success) throw new RequestValidationError(result.error);
  return result.data;
}

/** A validation 400 on AvailableDate when it is before `today` in London, unless it is the listing's own `unchanged` date. */
function assertAvailableDate(date: string, today: string, unchanged?: string): void {
  if (!availableDateInPast(date, today, unchanged)) return;
  throw new RequestValidationError(new z.ZodError([{ code: 'custom', path: ['AvailableDate'], message: TEXTS.availableDatePast, input: date }]));
}

/** Multipart routes: their body schema documents the form; the handler reads and checks it. */
export function documentedBodyOnly<S>(route: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  return route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

export async function formRoutes(app: ListingsApp, { db, uploads, now, clearSearchCaches, removeImages, alertDelaySeconds }: ListingsRouteContext): Promise<void> {
  // The multipart forms, in a context of their own so that only they accept multipart bodies.
  await app.register(async (context) => {
    await registerMultipart(context);
    const forms = context.withTypeProvider<ZodTypeProvider>();

    forms.post(
      '/',
      {
        preHandler: app.authenticate,
        validatorCompiler: documentedBodyOnly,
        schema: {
          tags: ['listings'],
          summary: 'Post a room',
          description:
            'Landlords only. A multipart form (any other body answers 415) with an optional `roomImage` and repeated `roomImages` parts: ' +
            `all become photos in the order sent, roomImage first, at most ${MAX_PHOTOS} (400 naming the first one past that). ` +
            'Each photo at most 10 MB (413 naming it), PNG, JPEG, GIF or WebP judged by content (415 naming it; HEIC: choose JPEG). ' +
            'Plan limits count unexpired listings of any status: Free 1, Premium 5, Professional unlimited (403 with the reason). ' +
            `The listing is Available and stays in search for ${LISTING_ACTIVE_DAYS} days. ` +
            'AvailableDate may not be before today in UK time (Europe/London): 400 on AvailableDate.',
          security: BEARER_AUTH,
          consumes: ['multipart/form-data'],
          body: listingFormDoc,
          response: { 201: listingCreatedSchema, ...errors(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) => {
        const landlord = requireLandlord(request, LISTING_TEXTS.onlyLandlordsCanList);
        // Before reading the upload: no point receiving an image that cannot be used.
        await assertUnderPlanLimit(db, landlord.id, landlord.plan, 'post');
        // Each photo is encoded and stored as it arrives; anything failing after that removes them all.
        const store = photoStore(uploads, removeImages);
        try {
          const { fields } = await readPhotoForm(request, {
            fileFields: [LISTING_IMAGE_FIELD, LISTING_IMAGES_FIELD],
            maxPhotos: MAX_PHOTOS,
            onPhoto: store.add,
          });
          await store.finish();
          const input = parseForm(listingInputSchema, fields);
          assertAvailableDate(input.AvailableDate, londonToday(now()));
          // roomImage is the cover wherever it came in the form; the others follow in the order sent.
          const photos = [...store.photos].sort((a, b) => Number(b.field === LISTING_IMAGE_FIELD) - Number(a.field === LISTING_IMAGE_FIELD));
          const { id } = await db.transaction().execute(async (trx) => {
            const account = await lockLandlordPlan(trx, landlord.id);
            // The account was deleted while the upload came in.
            if (!account) throw new HttpError(401, API_TEXTS.tokenInvalid);
            // …or switched to a tenant account meanwhile.
            if (!account.isLandlord) throw new HttpError(403, LISTING_TEXTS.onlyLandlordsCanList);
            await assertUnderPlanLimit(trx, landlord.id, account.plan, 'post');
            const listing = await insertListing(trx, landlord.id, input, null);
            await appendPhotos(trx, listing.id, photos, 0);
            // Saved searches hear of it after the grace period; with the listing, so that a crash loses neither.
            await enqueueListingAlerts(trx, listing.id, alertDelaySeconds, now());
            return listing;
          });
          clearSearchCaches();
          // The alert job is committed: the runner sets its alarm by it (due after the grace period).
          app.jobs.wake();
          return reply.code(201).send({ listingId: id, message: LISTING_TEXTS.created });
        } catch (err) {
          await store.discard();
          throw err;
        }
      },
    );

    forms.put(
      '/:id',
      {
        preHandler: app.authenticate,
        validatorCompiler: documentedBodyOnly,
        schema: {
          tags: ['listings'],
          summary: 'Update a listing',
          description:
            'The owner only. The same multipart form as posting, plus Status, with one optional `roomImage` (no `roomImages`: see /{id}/photos). ' +
            'The photos stay; a `roomImage` replaces the cover (the first photo) and the old cover’s files are deleted. Expiry does not change (see renew). ' +
            'A changed AvailableDate may not be before today in UK time (400 on AvailableDate); the listing’s own date, even a past one, may be sent unchanged.',
          security: BEARER_AUTH,
          consumes: ['multipart/form-data'],
          params: listingIdParamsSchema,
          body: listingUpdateFormDoc,
          response: { 200: listingMessageSchema, ...errors(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const id = parseListingId(request.params.id);
        const stored = await requireOwnListing(db, id, user);
        const store = photoStore(uploads, removeImages);
        let replaced: string | null = null;
        try {
          // One new cover at most: further photos go through /:id/photos.
          const { fields } = await readPhotoForm(request, {
            fileFields: [LISTING_IMAGE_FIELD],
            maxPhotos: 1,
            onPhoto: store.add,
            tooMany: () => new HttpError(400, UPLOAD_TEXTS.oneImage),
          });
          await store.finish();
          const input = parseForm(listingUpdateSchema, fields);
          // An older listing keeps its own date when other fields change; a new date must not be in the past.
          assertAvailableDate(input.AvailableDate, londonToday(now()), stored.available_date);
          const cover = store.photos[0];
          await db.transaction().execute(async (trx) => {
            // Locked, so a concurrent update or photo change cannot swap the cover between this read and the write.
            const current = await lockListingImage(trx, id);
            if (!current) throw new HttpError(404, LISTING_TEXTS.notFound);
            if (current.landlord_id !== user.id) throw notYours(current.is_public);
            await updateListingForm(trx, id, input);
            if (cover) replaced = await replaceCover(trx, id, cover);
            // Set back to Available: saved searches not yet told of it hear of it now.
            if (!current.is_public && input.Status === 'Available') await enqueueListingAlerts(trx, id, alertDelaySeconds, now());
          });
        } catch (err) {
          await store.discard();
          throw err;
        }
        clearSearchCaches();
        // The alert job is committed: the runner sets its alarm by it (due after the grace period).
        app.jobs.wake();
        if (replaced) await removeImages([replaced]);
        return { message: LISTING_TEXTS.updated, listing: await loadListing(db, id) };
      },
    );
  });
}
