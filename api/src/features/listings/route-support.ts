/**
 * What the listings route files share: the context the plugin (routes.ts) hands them, the listing id of a path,
 * the ownership refusals, the plan limit check and the error answers their schemas document.
 */
import { apiErrorSchema, type PlanName } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { UploadedFile } from '../../uploads/multipart.ts';
import { encodePhoto, PHOTO_ENCODE_CONCURRENCY, writePhotoFiles, type StoredPhoto } from '../../uploads/photos.ts';
import type { UploadStorage } from '../../uploads/storage.ts';
import { listingPhotos } from './photos-repository.ts';
import { countActiveListings, findListing, planListingLimit } from './repository.ts';
import type { SearchCache } from './search-cache.ts';
import { toListing } from './schemas.ts';
import { LISTING_TEXTS } from './texts.ts';

/** The Fastify instance a listings route file registers its routes on (the plugin's, with the zod type provider). */
export type ListingsApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the plugin sets up once for every listings route. */
export interface ListingsRouteContext {
  db: Kysely<DB>;
  /** Where listing photos are kept (uploads/storage.ts). */
  uploads: UploadStorage;
  /** The clock that says which day it is in London. */
  now: () => Date;
  /** Keys the daily hash that stands for a viewer who is not logged in (search-routes.ts, viewerKey). */
  viewSecret: Uint8Array;
  /** Public search counts up to this many matches. */
  searchTotalCap: number;
  /** Search answers, totals, places and the table's size, kept for a while (search-cache.ts). */
  cache: SearchCache;
  /** Every write calls it as soon as it commits, before answering: the writer's next search sees the change. */
  clearSearchCaches: () => void;
  /** Deletes listing photos' files, every copy of each (from its full-size path); a failure is logged, never answered. */
  removeImages: (paths: readonly (string | null | undefined)[]) => Promise<void>;
  /** Seconds from a listing becoming public to its saved-search alerts (saved-searches/alerts.ts). */
  alertDelaySeconds: number;
}

/** Listing images are kept under `listings/` of the upload storage and served at /uploads/listings/. */
export const LISTING_IMAGE_FOLDER = 'listings';
export const LISTING_IMAGE_FIELD = 'roomImage';
/** Further photos of the posting form, after roomImage. */
export const LISTING_IMAGES_FIELD = 'roomImages';
/** The photos of POST /:id/photos. */
export const LISTING_PHOTOS_FIELD = 'photos';

/** A photo stored from a form, with the field it came in. */
export interface FormPhoto extends StoredPhoto {
  field: string;
}

/**
 * The photos of one request, encoded and stored as they arrive (readPhotoForm's onPhoto): the next photo is read
 * while the last ones encode, at most PHOTO_ENCODE_CONCURRENCY of them at once (so at most that many originals are
 * held). `finish` waits for them all and throws the first failure (its sentence names its file); `discard` waits,
 * then removes every file stored, for a request that fails after some of them were written.
 */
export function photoStore(uploads: UploadStorage, removeImages: ListingsRouteContext['removeImages']) {
  const slots: (FormPhoto | undefined)[] = [];
  const names: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const settled = () => Promise.allSettled(inFlight);
  return {
    /** The photos stored, in the order they came (complete once `finish` has answered). */
    get photos(): FormPhoto[] {
      return slots.filter((p): p is FormPhoto => p !== undefined);
    },
    /** The file names of the photos, in the order they came. */
    names,
    add: async (file: UploadedFile) => {
      const index = names.length;
      names.push(file.filename || 'A photo');
      const task = (async () => {
        const stored = await writePhotoFiles(uploads, LISTING_IMAGE_FOLDER, await encodePhoto(file.buffer, file.filename || 'The photo'));
        slots[index] = { ...stored, field: file.fieldname };
      })();
      inFlight.add(task);
      task.catch((err: unknown) => (failure ??= err)).finally(() => inFlight.delete(task));
      while (inFlight.size >= PHOTO_ENCODE_CONCURRENCY) await Promise.race(inFlight).catch(() => undefined);
      if (failure) throw failure;
    },
    finish: async () => {
      await settled();
      if (failure) throw failure;
    },
    discard: async () => {
      await settled();
      await removeImages(slots.map((p) => p?.path));
    },
  };
}

const MAX_ID = 2_147_483_647;

/** The id of a path; anything that is not one (letters, zero, beyond the column's range) is a listing that does not exist. */
export function parseListingId(text: string): number {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  if (!(id <= MAX_ID)) throw new HttpError(404, LISTING_TEXTS.notFound);
  return id;
}

/** 403 when the landlord already has as many unexpired listings as the plan allows. */
export async function assertUnderPlanLimit(db: Executor, landlordId: number, plan: PlanName, action: 'post' | 'renew'): Promise<void> {
  const limit = planListingLimit(plan);
  if (limit !== null && (await countActiveListings(db, landlordId)) >= limit) {
    throw new HttpError(403, LISTING_TEXTS.planLimit(plan, limit, action));
  }
}

/**
 * The refusal of a change to someone else's listing: 403 when anyone may see it (it is known to exist), else the
 * same 404 as a listing that does not exist, as GET answers (a Pending or expired listing is nobody else's business).
 */
export const notYours = (isPublic: boolean) => (isPublic ? new HttpError(403, LISTING_TEXTS.notOwner) : new HttpError(404, LISTING_TEXTS.notFound));

export const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 415)[]) => Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));

/** The listing answered by the routes, read after a change. */
export async function loadListing(db: Kysely<DB>, id: number) {
  const row = await findListing(db, id);
  if (!row) throw new HttpError(404, LISTING_TEXTS.notFound);
  return toListing(row, await listingPhotos(db, id));
}

/** 404 when absent; someone else's: 403 if public, else 404 (notYours). */
export async function requireOwnListing(db: Kysely<DB>, id: number, user: AuthUser) {
  const row = await findListing(db, id);
  if (!row) throw new HttpError(404, LISTING_TEXTS.notFound);
  if (row.landlord_id !== user.id) throw notYours(row.is_public);
  return row;
}
