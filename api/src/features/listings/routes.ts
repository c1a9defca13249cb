/**
 * The listings API at /api/listings: public search and detail, landlords'
 * create, update, delete, status, my-listings and renew. Creation and update
 * are multipart forms with an optional `roomImage`; everything else is JSON.
 */
import {
  API_TEXTS,
  apiErrorSchema,
  availableDateInPast,
  LISTING_ACTIVE_DAYS,
  LISTING_SEARCH_DEFAULTS,
  listingInputSchema,
  listingSearchSchema,
  listingUpdateSchema,
  londonToday,
  messageResponseSchema,
  statusUpdateSchema,
  TEXTS,
  type PlanName,
  type SortBy,
} from '@roomnest/shared';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireLandlord, requireUser, type AuthUser } from '../../plugins/auth.ts';
import { HttpError, RequestValidationError, validatorCompiler } from '../../plugins/errors.ts';
import { removeUploads, storeImage, type StoredImage } from '../uploads/images.ts';
import { readMultipartForm, registerMultipart } from '../uploads/multipart.ts';
import {
  countActiveListings,
  deleteLandlordListing,
  estimateListings,
  findLandlordListings,
  findListing,
  insertListing,
  lockLandlordPlan,
  lockListingForRenewal,
  lockListingImage,
  planListingLimit,
  renewListing,
  SEARCH_TOTAL_CAP,
  searchListings,
  setListingStatus,
  updateListingForm,
  type Executor,
} from './repository.ts';
import { placeKey, resolvePlace } from './places.ts';
import { filtersKey, SearchCache, sendEncodedJson } from './search-cache.ts';
import { LISTING_TEXTS } from './rules.ts';
import {
  listingCreatedSchema,
  listingFormDoc,
  listingIdParamsSchema,
  listingMessageSchema,
  listingSchema,
  listingsPageSchema,
  listingUpdateFormDoc,
  myListingsSchema,
  RENEW_RULE,
  toListing,
  toSearchLocation,
} from './schemas.ts';

export interface ListingsRoutesOptions {
  db: Kysely<DB>;
  uploadsDir: string;
  /** How long search answers and totals are kept (SearchCache); 0 reads every search afresh. */
  searchCacheMs?: number;
  /** Public search counts up to this many matches (SEARCH_TOTAL_CAP); the tests lower it. */
  searchTotalCap?: number;
  /** The clock that says which day it is in London (an AvailableDate may not be before it); the tests set it. */
  now?: () => Date;
}

/** Listing images live in `${uploadsDir}/listings/` and are served at /uploads/listings/. */
export const LISTING_IMAGE_FOLDER = 'listings';
export const LISTING_IMAGE_FIELD = 'roomImage';

const MAX_ID = 2_147_483_647;

/** The id of a path; anything that is not one (letters, zero, beyond the column's range) is a listing that does not exist. */
function parseListingId(text: string): number {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  if (!(id <= MAX_ID)) throw new HttpError(404, LISTING_TEXTS.notFound);
  return id;
}

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
function documentedBodyOnly<S>(route: Parameters<FastifySchemaCompiler<S>>[0]): ReturnType<FastifySchemaCompiler<S>> {
  return route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}

/** 403 when the landlord already has as many unexpired listings as the plan allows. */
async function assertUnderPlanLimit(db: Executor, landlordId: number, plan: PlanName, action: 'post' | 'renew'): Promise<void> {
  const limit = planListingLimit(plan);
  if (limit !== null && (await countActiveListings(db, landlordId)) >= limit) {
    throw new HttpError(403, LISTING_TEXTS.planLimit(plan, limit, action));
  }
}

/**
 * The refusal of a change to someone else's listing: 403 when anyone may see it (it is known to exist), else the
 * same 404 as a listing that does not exist, as GET answers (a Pending or expired listing is nobody else's business).
 */
const notYours = (isPublic: boolean) => (isPublic ? new HttpError(403, LISTING_TEXTS.notOwner) : new HttpError(404, LISTING_TEXTS.notFound));

const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 415)[]) => Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

const listingsRoutes: FastifyPluginAsyncZod<ListingsRoutesOptions> = async (app, { db, uploadsDir, searchCacheMs = 0, searchTotalCap = SEARCH_TOTAL_CAP, now = () => new Date() }) => {
  // Search answers and totals, kept for searchCacheMs (search-cache.ts): cleared by every change anywhere (the
  // notifications of migration 0007), and by every write below as soon as it commits, before answering.
  const cache = new SearchCache(searchCacheMs);
  await cache.watch(db, app.log);
  app.addHook('onClose', async () => cache.stop());
  const clearSearchCaches = () => cache.clear();

  // The planner's estimate of the table's size, for the page strategy (repository.ts, pageStrategy).
  const tableRows = async () => {
    let rows = cache.tableRows.get('listings');
    if (rows === undefined) cache.tableRows.set('listings', (rows = await estimateListings(db)));
    return rows;
  };

  // Listings change under the reader (status, edits, expiry) and some answers are the owner's alone: no HTTP cache keeps them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const removeImages = (paths: readonly (string | null | undefined)[]) =>
    removeUploads(uploadsDir, LISTING_IMAGE_FOLDER, paths, (err) => app.log.warn({ err }, 'could not delete a listing image'));

  /** The listing answered by the routes, read after a change. */
  async function loadListing(id: number) {
    const row = await findListing(db, id);
    if (!row) throw new HttpError(404, LISTING_TEXTS.notFound);
    return toListing(row);
  }

  /** 404 when absent; someone else's: 403 if public, else 404 (notYours). */
  async function requireOwnListing(id: number, user: AuthUser) {
    const row = await findListing(db, id);
    if (!row) throw new HttpError(404, LISTING_TEXTS.notFound);
    if (row.landlord_id !== user.id) throw notYours(row.is_public);
    return row;
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['listings'],
        summary: 'Search rooms',
        description:
          'Public search: only Available listings that have not expired. `city` names a place, matched case-insensitively: a city or the start of ' +
          'its name ("london" and "Lon" match London), an area ("Hackney"), a street ("Mare Street"), a postcode district ("E8": E8 3PB, not E81 or E18) ' +
          'or a full postcode ("E8 3PB", spaces and letter case aside), or several from the most precise, separated by commas ("Stratford, London"); ' +
          'the answer\'s `location` says what it was read as, and a text naming nothing finds nothing. Under relevance the rooms of an exact area, district ' +
          'or postcode come first. `address` is a case-insensitive substring ("hackney" matches "14 Mare Street, Hackney"). ' +
          'Rents are inclusive and every rent filter applies (`priceRange=500-1000` includes £500 and £1,000). `availableDate`: available on or before that day. ' +
          '`sortBy`: `relevance` (default: most recently posted or renewed first), `date_new` (newest posting first), `rent_asc`, `rent_desc`; ties go by ListingID. ' +
          'Unknown parameters (a cache-buster) are ignored. A page past the last answers no listings with the real total. ' +
          `Matches are counted up to ${SEARCH_TOTAL_CAP.toLocaleString('en-GB')}: past that, total is the cap, totalCapped is true and the pages stop there.`,
        querystring: listingSearchSchema,
        response: { 200: listingsPageSchema, ...errors(400) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const page = query.page ?? LISTING_SEARCH_DEFAULTS.page;
      const pageSize = query.pageSize ?? LISTING_SEARCH_DEFAULTS.pageSize;
      const sortBy = (query.sortBy ?? LISTING_SEARCH_DEFAULTS.sortBy) as SortBy;
      const filters = filtersKey(query);
      const answer = await cache.answer(JSON.stringify([filters, sortBy, page, pageSize]), async () => {
        const knownCounts = cache.counts.get(filters);
        // The place is read from the key (any letter case and spacing reads the same), and kept under it.
        const key = query.city ? placeKey(query.city) : '';
        let place = key ? cache.places.get(key) : undefined;
        if (key && place === undefined) cache.places.set(key, (place = await resolvePlace(db, key)));
        const { rows, total, capped, counts } = await searchListings(
          db,
          query,
          { sortBy, page, pageSize },
          { knownCounts, place, tableRows: await tableRows(), cap: searchTotalCap },
        );
        if (knownCounts === undefined) cache.counts.set(filters, counts);
        // Through the route's serializer: the answer is checked against its schema as any other is.
        return reply.serialize({
          listings: rows.map(toListing),
          total,
          totalCapped: capped,
          page,
          totalPages: Math.ceil(total / pageSize),
          ...(place ? { location: toSearchLocation(place) } : {}),
        });
      });
      return sendEncodedJson(request, reply, answer);
    },
  );

  app.get(
    '/my-listings',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'The caller’s listings',
        description: 'Every listing of the calling landlord, whatever its status and including expired ones, newest first.',
        security: BEARER_AUTH,
        response: { 200: myListingsSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const landlord = requireLandlord(request, LISTING_TEXTS.onlyLandlordsManage);
      return { listings: (await findLandlordListings(db, landlord.id)).map(toListing) };
    },
  );

  app.get(
    '/:id',
    {
      preHandler: app.identify,
      schema: {
        tags: ['listings'],
        summary: 'One listing',
        description: 'Anyone sees an Available, unexpired listing; its owner also sees it when Pending, Unavailable or expired. Others get 404 for those.',
        params: listingIdParamsSchema,
        response: { 200: listingSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      const row = await findListing(db, parseListingId(request.params.id));
      if (!row || (!row.is_public && row.landlord_id !== request.user?.id)) throw new HttpError(404, LISTING_TEXTS.notFound);
      return toListing(row);
    },
  );

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
            'Landlords only. A multipart form (any other body answers 415) with an optional `roomImage`. ' +
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
        const { fields, file } = await readMultipartForm(request, { fileField: LISTING_IMAGE_FIELD });
        const input = parseForm(listingInputSchema, fields);
        assertAvailableDate(input.AvailableDate, londonToday(now()));
        const image: StoredImage | null = file ? await storeImage(uploadsDir, LISTING_IMAGE_FOLDER, file.buffer) : null;
        try {
          const { id } = await db.transaction().execute(async (trx) => {
            const account = await lockLandlordPlan(trx, landlord.id);
            // The account was deleted while the upload came in.
            if (!account) throw new HttpError(401, API_TEXTS.tokenInvalid);
            // …or switched to a tenant account meanwhile.
            if (!account.isLandlord) throw new HttpError(403, LISTING_TEXTS.onlyLandlordsCanList);
            await assertUnderPlanLimit(trx, landlord.id, account.plan, 'post');
            return insertListing(trx, landlord.id, input, image);
          });
          clearSearchCaches();
          return reply.code(201).send({ listingId: id, message: LISTING_TEXTS.created });
        } catch (err) {
          await removeImages([image?.imagePath, image?.thumbPath]);
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
            'The owner only. The same multipart form as posting, plus Status. Without `roomImage` the current image stays; ' +
            'a new one replaces it and the old files are deleted. Expiry does not change (see renew). ' +
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
        const stored = await requireOwnListing(id, user);
        const { fields, file } = await readMultipartForm(request, { fileField: LISTING_IMAGE_FIELD });
        const input = parseForm(listingUpdateSchema, fields);
        // An older listing keeps its own date when other fields change; a new date must not be in the past.
        assertAvailableDate(input.AvailableDate, londonToday(now()), stored.available_date);
        const image: StoredImage | null = file ? await storeImage(uploadsDir, LISTING_IMAGE_FOLDER, file.buffer) : null;
        let replaced: (string | null)[] = [];
        try {
          await db.transaction().execute(async (trx) => {
            // Locked, so a concurrent update cannot swap the image between this read and the write.
            const current = await lockListingImage(trx, id);
            if (!current) throw new HttpError(404, LISTING_TEXTS.notFound);
            if (current.landlord_id !== user.id) throw notYours(current.is_public);
            await updateListingForm(trx, id, input, image);
            if (image) replaced = [current.image_path, current.thumb_path];
          });
        } catch (err) {
          await removeImages([image?.imagePath, image?.thumbPath]);
          throw err;
        }
        clearSearchCaches();
        await removeImages(replaced);
        return { message: LISTING_TEXTS.updated, listing: await loadListing(id) };
      },
    );
  });

  app.delete(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Delete a listing',
        description: 'The owner only. Deletes the listing and its image files.',
        security: BEARER_AUTH,
        params: listingIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseListingId(request.params.id);
      await requireOwnListing(id, user);
      const deleted = await deleteLandlordListing(db, id, user.id);
      if (!deleted) throw new HttpError(404, LISTING_TEXTS.notFound);
      clearSearchCaches();
      await removeImages([deleted.image_path, deleted.thumb_path]);
      return { message: LISTING_TEXTS.deleted };
    },
  );

  app.patch(
    '/:id/status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Change a listing’s status',
        description: 'The owner only: Available, Pending or Unavailable.',
        security: BEARER_AUTH,
        params: listingIdParamsSchema,
        body: statusUpdateSchema,
        response: { 200: listingMessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseListingId(request.params.id);
      await requireOwnListing(id, user);
      const { Status } = request.body;
      await setListingStatus(db, id, user.id, Status);
      clearSearchCaches();
      return { message: LISTING_TEXTS.statusUpdated(Status), listing: await loadListing(id) };
    },
  );

  app.post(
    '/:id/renew',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'Renew a listing',
        description:
          `The owner only, while their account is a landlord's (403 after a switch to Tenant). Puts the listing back in search for ${LISTING_ACTIVE_DAYS} days from now (ExpiresAt), and on top of the relevance order. ` +
          `${RENEW_RULE} Earlier answers 409. Renewing an expired listing counts against the plan limit like posting (403).`,
        security: BEARER_AUTH,
        params: listingIdParamsSchema,
        response: { 200: listingMessageSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const id = parseListingId(request.params.id);
      const expiresAt = await db.transaction().execute(async (trx) => {
        const account = await lockLandlordPlan(trx, user.id);
        const current = await lockListingForRenewal(trx, id);
        if (!current) throw new HttpError(404, LISTING_TEXTS.notFound);
        if (!account || current.landlord_id !== user.id) throw notYours(current.is_public);
        // A tenant account keeps no live listings (switching to Tenant needs them gone): its expired ones stay expired.
        if (!account.isLandlord) throw new HttpError(403, LISTING_TEXTS.onlyLandlordsManage);
        if (!current.renewable) throw new HttpError(409, LISTING_TEXTS.renewTooEarly(current.expires_at));
        if (!current.active) await assertUnderPlanLimit(trx, user.id, account.plan, 'renew');
        return renewListing(trx, id);
      });
      clearSearchCaches();
      return { message: LISTING_TEXTS.renewed(expiresAt), listing: await loadListing(id) };
    },
  );
};

export default listingsRoutes;
