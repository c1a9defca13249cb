/**
 * The listings API at /api/listings: public search and detail, landlords'
 * create, update, delete, status, my-listings and renew, and a listing's
 * photos. Creation, update and adding photos are multipart forms; everything
 * else is JSON.
 *
 * This plugin sets up what every listings route shares (the search cache and
 * its clearing, the no-store header, image removal) and registers the routes
 * of search-routes.ts, form-routes.ts, manage-routes.ts and photo-routes.ts, in that order.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { removeUploads } from '../../uploads/images.ts';
import { listingPhotoFiles } from '../../uploads/photos.ts';
import type { UploadStorage } from '../../uploads/storage.ts';
import { backfillPhotoSizes } from './photo-backfill.ts';
import { photoRoutes } from './photo-routes.ts';
import { formRoutes } from './form-routes.ts';
import { manageRoutes } from './manage-routes.ts';
import { SEARCH_TOTAL_CAP } from './repository.ts';
import { LISTING_IMAGE_FOLDER } from './route-support.ts';
import { SearchCache } from './search-cache.ts';
import { searchRoutes } from './search-routes.ts';

export interface ListingsRoutesOptions {
  db: Kysely<DB>;
  /** Where listing photos are kept (uploads/storage.ts). */
  uploads: UploadStorage;
  /** How long search answers and totals are kept (SearchCache); 0 reads every search afresh. */
  searchCacheMs?: number;
  /** The search cache, when another feature must clear it too (moderation); else one of searchCacheMs is made here. */
  cache?: SearchCache;
  /** Public search counts up to this many matches (SEARCH_TOTAL_CAP); the tests lower it. */
  searchTotalCap?: number;
  /** The clock that says which day it is in London (an AvailableDate may not be before it); the tests set it. */
  now: () => Date;
  /** Keys the daily hash that stands for an anonymous viewer when counting views (the token secret). */
  viewSecret: Uint8Array;
  /** Seconds from a listing becoming public to its saved-search alerts (ALERT_DELAY_SECONDS). */
  alertDelaySeconds: number;
}

const listingsRoutes: FastifyPluginAsyncZod<ListingsRoutesOptions> = async (app, { db, uploads, searchCacheMs = 0, cache: sharedCache, searchTotalCap = SEARCH_TOTAL_CAP, now, viewSecret, alertDelaySeconds }) => {
  // Search answers and totals, kept for searchCacheMs (search-cache.ts): cleared by every change anywhere (the
  // notifications of migration 0007), and by every write of the route files as soon as it commits, before answering.
  const cache = sharedCache ?? new SearchCache(searchCacheMs);
  await cache.watch(db, app.log);
  app.addHook('onClose', async () => cache.stop());
  const clearSearchCaches = () => cache.clear();

  // Listings change under the reader (status, edits, expiry) and some answers are the owner's alone: no HTTP cache keeps them.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // A photo is named by its full-size path; its other copies share the stem (photoFiles). A card path given too is one of them.
  const removeImages = (paths: readonly (string | null | undefined)[]) =>
    removeUploads(uploads, LISTING_IMAGE_FOLDER, listingPhotoFiles(paths), (err) => app.log.warn({ err }, 'could not delete a listing image'));

  // Photos from before photos had sizes get their other copies, in the background once the server is ready.
  app.addHook('onReady', async () => {
    app.background.run(app.log, 'the backfill of listing photo copies failed', () => backfillPhotoSizes(db, uploads, app.log));
  });

  const context = { db, uploads, now, viewSecret, searchTotalCap, cache, clearSearchCaches, removeImages, alertDelaySeconds };
  // The order of registration is the order of the OpenAPI page.
  searchRoutes(app, context);
  await formRoutes(app, context);
  manageRoutes(app, context);
  await photoRoutes(app, context);
};

export default listingsRoutes;
