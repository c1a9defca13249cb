/** Reading listings: public search (GET /), the landlord's own (GET /my-listings) and one listing (GET /:id). */
import { LISTING_SEARCH_DEFAULTS, LISTING_STATS_DAYS, listingSearchSchema, londonDaysAhead, londonToday, type SortBy } from '@roomnest/shared';
import { BEARER_AUTH, requireLandlord } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { placeKey, resolvePlace } from './places.ts';
import { listingPhotos, photosOf } from './photos-repository.ts';
import { estimateListings, findLandlordListings, findListing, SEARCH_TOTAL_CAP, searchListings } from './repository.ts';
import { errors, parseListingId, type ListingsApp, type ListingsRouteContext } from './route-support.ts';
import { LISTING_TEXTS } from './texts.ts';
import { listingIdParamsSchema, listingSchema, listingsPageSchema, myListingsSchema, myListingsStatsSchema, toListing, toSearchLocation } from './schemas.ts';
import { dailyFigures, listingFigures } from './views-repository.ts';
import { createViewCounter } from './views.ts';
import { filtersKey, sendEncodedJson } from './search-cache.ts';

export function searchRoutes(app: ListingsApp, { db, cache, searchTotalCap, now, viewSecret }: ListingsRouteContext): void {
  const countView = createViewCounter(app, db, now, viewSecret);
  // The planner's estimate of the table's size, for the page strategy (repository.ts, pageStrategy).
  const tableRows = async () => {
    let rows = cache.tableRows.get('listings');
    if (rows === undefined) cache.tableRows.set('listings', (rows = await estimateListings(db)));
    return rows;
  };

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
          listings: rows.map((row) => toListing(row)),
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
        description: 'Every listing of the calling landlord, whatever its status and including expired ones and ones our trust and safety team removed (RemovedAt), newest first.',
        security: BEARER_AUTH,
        response: { 200: myListingsSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const landlord = requireLandlord(request, LISTING_TEXTS.onlyLandlordsManage);
      const [rows, figures] = await Promise.all([findLandlordListings(db, landlord.id), listingFigures(db, landlord.id)]);
      const photos = await photosOf(db, rows.map((row) => row.id));
      return {
        listings: rows.map((row) => {
          const counted = figures.get(row.id);
          return {
            ...toListing(row, photos.get(row.id) ?? []),
            Views: counted?.views ?? 0,
            Enquiries: counted?.enquiries ?? 0,
            RemovedAt: row.removed_at ? new Date(row.removed_at).toISOString() : null,
          };
        }),
      };
    },
  );

  app.get(
    '/my-listings/stats',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['listings'],
        summary: 'The caller’s listings’ views and enquiries per day',
        description:
          `Every listing of the calling landlord (in the order of GET /my-listings), each with its figures for the last ${LISTING_STATS_DAYS} London days, ` +
          'today included, oldest first, days without any as zero: Views (views of the room’s detail by others than its owner, one per viewer per day) ' +
          'and Enquiries (people whose first message about the listing was sent that day, so the days add up to its Enquiries).',
        security: BEARER_AUTH,
        response: { 200: myListingsStatsSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const landlord = requireLandlord(request, LISTING_TEXTS.onlyLandlordsManage);
      const today = now();
      const from = londonDaysAhead(1 - LISTING_STATS_DAYS, today);
      const to = londonToday(today);
      const rows = await dailyFigures(db, landlord.id, from, to);
      const listings: { ListingID: number; Title: string; Days: { Date: string; Views: number; Enquiries: number }[] }[] = [];
      for (const row of rows) {
        let last = listings.at(-1);
        if (last?.ListingID !== row.listing_id) listings.push((last = { ListingID: row.listing_id, Title: row.title, Days: [] }));
        last.Days.push({ Date: row.day, Views: row.views, Enquiries: row.enquiries });
      }
      return { From: from, To: to, listings };
    },
  );

  app.get(
    '/:id',
    {
      preHandler: app.identify,
      schema: {
        tags: ['listings'],
        summary: 'One listing',
        description:
          'Anyone sees an Available, unexpired listing; its owner also sees it when Pending, Unavailable or expired. Others get 404 for those. ' +
          'Each answer to someone other than the owner counts a view (once per viewer per London day: an account, or for anyone not logged in ' +
          'a daily keyed hash of address and browser), counted after answering.',
        params: listingIdParamsSchema,
        response: { 200: listingSchema, ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const row = await findListing(db, parseListingId(request.params.id));
      if (!row || (!row.is_public && row.landlord_id !== request.user?.id)) throw new HttpError(404, LISTING_TEXTS.notFound);
      countView(request, reply, row);
      return toListing(row, await listingPhotos(db, row.id));
    },
  );
}
