/** The owner's changes besides the form: deleting a listing, changing its status and renewing it. */
import { LISTING_ACTIVE_DAYS, messageResponseSchema, statusUpdateSchema, TRUST_TEXTS } from '@roomnest/shared';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { enqueueListingAlerts } from '../saved-searches/alerts.ts';
import { deleteLandlordListing, lockLandlordPlan, lockListingForRenewal, lockListingImage, renewListing, setListingStatus } from './repository.ts';
import { assertUnderPlanLimit, errors, loadListing, notYours, parseListingId, requireOwnListing, type ListingsApp, type ListingsRouteContext } from './route-support.ts';
import { LISTING_TEXTS } from './texts.ts';
import { listingIdParamsSchema, listingMessageSchema, RENEW_RULE } from './schemas.ts';

export function manageRoutes(app: ListingsApp, { db, now, clearSearchCaches, removeImages, alertDelaySeconds }: ListingsRouteContext): void {
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
      await requireOwnListing(db, id, user);
      const deleted = await deleteLandlordListing(db, id, user.id);
      if (!deleted) throw new HttpError(404, LISTING_TEXTS.notFound);
      clearSearchCaches();
      await removeImages(deleted.files);
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
      await requireOwnListing(db, id, user);
      const { Status } = request.body;
      await db.transaction().execute(async (trx) => {
        const current = await lockListingImage(trx, id);
        await setListingStatus(trx, id, user.id, Status);
        // Set back to Available: saved searches not yet told of it hear of it, with the change.
        if (current && !current.is_public && Status === 'Available') await enqueueListingAlerts(trx, id, alertDelaySeconds, now());
      });
      clearSearchCaches();
      // The alert job is committed: the runner sets its alarm by it (due after the grace period).
      app.jobs.wake();
      return { message: LISTING_TEXTS.statusUpdated(Status), listing: await loadListing(db, id) };
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
          `${RENEW_RULE} Earlier answers 409. Renewing an expired listing counts against the plan limit like posting (403). A listing our trust and safety team removed cannot be renewed (409).`,
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
        // Renewing would spend the plan on a room that stays hidden: say so instead.
        if (current.removed_at !== null) throw new HttpError(409, TRUST_TEXTS.removedNoRenew);
        if (!current.renewable) throw new HttpError(409, LISTING_TEXTS.renewTooEarly(current.expires_at));
        if (!current.active) await assertUnderPlanLimit(trx, user.id, account.plan, 'renew');
        const expires = await renewListing(trx, id);
        // Renewed: back on top of search, and saved searches not yet told of it hear of it.
        await enqueueListingAlerts(trx, id, alertDelaySeconds, now());
        return expires;
      });
      clearSearchCaches();
      // The alert job is committed: the runner sets its alarm by it (due after the grace period).
      app.jobs.wake();
      return { message: LISTING_TEXTS.renewed(expiresAt), listing: await loadListing(db, id) };
    },
  );
}
