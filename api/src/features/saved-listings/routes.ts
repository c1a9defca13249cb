/**
 * /api/saved-listings: a person's saved rooms (docs/product.md, Saved rooms). Anyone logged in may save, a tenant
 * or a landlord. Saving and removing are idempotent, so a heart pressed twice, or in two tabs, answers the same.
 */
import { API_TEXTS, MAX_SAVED_LISTINGS, messageResponseSchema, SAVED_TEXTS, wholeNumber } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { errors } from '../listings/route-support.ts';
import { photosOf } from '../listings/photos-repository.ts';
import { listingSchema, toListing } from '../listings/schemas.ts';
import { savedListings, saveListing, unsaveListing } from './repository.ts';

export interface SavedListingsRoutesOptions {
  db: Kysely<DB>;
}

const listingIdParams = z.object({ listingId: wholeNumber('listingId', 1, 2_147_483_647).describe('The ListingID.') });

const savedListingsSchema = z
  .object({
    listings: z
      .array(listingSchema)
      .describe(
        `The caller's saved rooms, most recently saved first, at most ${MAX_SAVED_LISTINGS}, each with all its Photos. ` +
          'Rooms no longer public stay on the list: their Status (Pending, Unavailable) or ExpiresAt (in the past) tells. A deleted room leaves it, and so does one our trust and safety team removed or whose owner is suspended (until restored).',
      ),
  })
  .meta({ id: 'SavedListings' });

const savedListingsRoutes: FastifyPluginAsyncZod<SavedListingsRoutesOptions> = async (app, { db }) => {
  // Each answer is one person's own list.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved-listings'],
        summary: 'The caller’s saved rooms',
        description: 'Most recently saved first, including rooms that are no longer public (their Status or ExpiresAt tells).',
        security: BEARER_AUTH,
        response: { 200: savedListingsSchema, ...errors(401) },
      },
    },
    async (request) => {
      const rows = await savedListings(db, requireUser(request).id);
      const photos = await photosOf(
        db,
        rows.map((row) => row.id),
      );
      return { listings: rows.map((row) => toListing(row, photos.get(row.id) ?? [])) };
    },
  );

  app.put(
    '/:listingId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved-listings'],
        summary: 'Save a room',
        description:
          'Idempotent: a room already saved stays saved and keeps its place in the list (when it was first saved). ' +
          'Only a public room (Available, not expired) can be newly saved; any other answers 404, as GET /api/listings/{id} does. ' +
          `At most ${MAX_SAVED_LISTINGS} saved rooms a person: one more answers 409.`,
        security: BEARER_AUTH,
        params: listingIdParams,
        response: { 200: messageResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const outcome = await saveListing(db, user.id, request.params.listingId);
      switch (outcome) {
        case 'not-found':
          throw new HttpError(404, SAVED_TEXTS.roomNotFound);
        case 'full':
          throw new HttpError(409, SAVED_TEXTS.tooManyRooms(MAX_SAVED_LISTINGS));
        case 'no-account':
          throw new HttpError(401, API_TEXTS.tokenInvalid);
        default:
          return { message: SAVED_TEXTS.roomSaved };
      }
    },
  );

  app.delete(
    '/:listingId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['saved-listings'],
        summary: 'Remove a room from the saved rooms',
        description: 'Idempotent: a room that is not saved (never was, already removed, or deleted) answers 200 too.',
        security: BEARER_AUTH,
        params: listingIdParams,
        response: { 200: messageResponseSchema, ...errors(400, 401) },
      },
    },
    async (request) => {
      await unsaveListing(db, requireUser(request).id, request.params.listingId);
      return { message: SAVED_TEXTS.roomUnsaved };
    },
  );
};

export default savedListingsRoutes;
