/**
 * Saved searches at /api/saved-searches: a person's searches of GET /api/listings, kept with a name and how often
 * to be emailed of new matches (instant, a daily digest, off). Any logged-in account; at most MAX_SAVED_SEARCHES a
 * person (409 past it, counted under a lock of the person's row, so two saves at once cannot both pass). Another
 * person's search answers 404, as one that does not exist. The Criteria are derived into match rows when saved
 * (matching.ts), which the alerts read (alerts.ts).
 */
import {
  MAX_SAVED_SEARCHES,
  messageResponseSchema,
  SAVED_SEARCH_NAME_MAX,
  SAVED_TEXTS,
  savedSearchInputSchema,
  savedSearchUpdateSchema,
  API_TEXTS,
} from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { errors } from '../listings/route-support.ts';
import { scheduleNextDigest } from './alerts.ts';
import { deleteSavedSearch, insertSavedSearch, listSavedSearches, updateSavedSearch } from './repository.ts';
import { savedSearchesResponseSchema, savedSearchIdParamsSchema, savedSearchResponseSchema, toSavedSearch } from './schemas.ts';

export interface SavedSearchesRoutesOptions {
  db: Kysely<DB>;
  /** The London hour of the daily digest (DIGEST_HOUR): the next one is put on the queue at start-up. */
  digestHour: number;
  now: () => Date;
}

const CRITERIA_DOC =
  'Criteria holds the search parameters of GET /api/listings (city, address, minPrice, maxPrice, priceRange, roomType, availableDate), ' +
  'checked by the same rules; others (sortBy, page) are dropped. A new listing matches the search exactly when that search would show it.';

const savedSearchesRoutes: FastifyPluginAsyncZod<SavedSearchesRoutesOptions> = async (app, { db, digestHour, now }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The daily digest keeps itself going (each run puts the next on the queue); this starts it, and a repeat is
  // harmless. In the background: a database that cannot take it now must not stop the server starting (the next
  // start, or the digest already queued, keeps it going).
  app.addHook('onReady', async () => {
    app.background.run(app.log, 'could not put the next daily digest of saved searches on the queue', () => scheduleNextDigest(db, digestHour, now()));
  });

  app.post(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved searches'],
        summary: 'Save a search',
        description:
          `Any logged-in account. ${CRITERIA_DOC} Name: 1 to ${SAVED_SEARCH_NAME_MAX} characters, one line. ` +
          'Frequency: instant (an email within ALERT_DELAY_SECONDS of a matching room becoming public), daily (one digest at DIGEST_HOUR, London time, when there are new matches) or off. ' +
          `At most ${MAX_SAVED_SEARCHES} a person: 409 past that.`,
        security: BEARER_AUTH,
        body: savedSearchInputSchema,
        response: { 201: savedSearchResponseSchema, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { Name, Criteria, Frequency } = request.body;
      const outcome = await insertSavedSearch(db, user.id, { name: Name, criteria: Criteria, frequency: Frequency });
      if ('noAccount' in outcome) throw new HttpError(401, API_TEXTS.tokenInvalid);
      if ('tooMany' in outcome) throw new HttpError(409, SAVED_TEXTS.tooManySearches(MAX_SAVED_SEARCHES));
      return reply.code(201).send({ savedSearch: toSavedSearch(outcome.saved) });
    },
  );

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved searches'],
        summary: 'The caller’s saved searches',
        description: 'Newest first.',
        security: BEARER_AUTH,
        response: { 200: savedSearchesResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { savedSearches: (await listSavedSearches(db, user.id)).map(toSavedSearch) };
    },
  );

  app.patch(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved searches'],
        summary: 'Rename a saved search or change how often it emails',
        description: 'The owner only (anyone else: 404). A new Name, a new Frequency, or both; the Criteria never change (save a new search instead).',
        security: BEARER_AUTH,
        params: savedSearchIdParamsSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const { Name, Frequency } = request.body;
      const row = await updateSavedSearch(db, user.id, id, { name: Name, frequency: Frequency });
      if (!row) throw new HttpError(404, SAVED_TEXTS.searchNotFound);
      return { savedSearch: toSavedSearch(row) };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved searches'],
        summary: 'Delete a saved search',
        description: 'The owner only (anyone else: 404). Its alerts stop at once: an email not yet sent is not sent.',
        security: BEARER_AUTH,
        params: savedSearchIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      if (!(await deleteSavedSearch(db, user.id, id))) throw new HttpError(404, SAVED_TEXTS.searchNotFound);
      return { message: SAVED_TEXTS.searchDeleted };
    },
  );
};

export default savedSearchesRoutes;
