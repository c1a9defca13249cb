/**
 * POST /api/reports: anyone logged in reports a listing or a person (docs/moderation.md). What the moderator
 * will need is kept with the report when it is made: a listing report keeps the Listing as GET /api/listings/{id}
 * answers it, a report made in a chat keeps the latest messages of that conversation.
 */
import { API_TEXTS, apiErrorSchema, REPORT_CONVERSATION_MAX, reportSchema, TRUST_TEXTS, type ReportSource } from '@roomnest/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireUser } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { listingPhotos } from '../listings/photos-repository.ts';
import { findListing } from '../listings/repository.ts';
import { toListing } from '../listings/schemas.ts';
import { hasConversation, latestThread } from '../messages/repository.ts';
import { findReportableListing, findReportableUser, lockAndCountRecentReports, lockReportedUser, REPORTS_PER_WINDOW, REPORTS_WINDOW, upsertReport } from './repository.ts';

export interface ReportsRoutesOptions {
  db: Kysely<DB>;
}

const reportCreatedSchema = z
  .object({ message: z.string(), reportId: z.number().int().describe('The report, new or the earlier one updated.') })
  .meta({ id: 'ReportCreated' });

const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { db }) => {
  app.post(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['trust and safety'],
        summary: 'Report a listing or a person',
        description:
          'TargetType "listing": a listing the caller can see (public, or the subject of their conversation with its landlord); its landlord is ' +
          'the person reported and the listing is kept as it is now. TargetType "user": an account that is not suspended. Source defaults to ' +
          '"listing" for a listing and "flatmate" for a person; "chat" (a person only, with whom the caller has a conversation) keeps the latest ' +
          `${REPORT_CONVERSATION_MAX} messages of that conversation. One report per person and target: a repeat updates the earlier one (and opens ` +
          'it again) and answers 200 instead of 201. Oneself or one\'s own listing: 400; an unknown or hidden target: 404. ' +
          `At most ${REPORTS_PER_WINDOW} reports, new or updated, per person in ${REPORTS_WINDOW}: then 429.`,
        security: BEARER_AUTH,
        body: reportSchema,
        response: { 200: reportCreatedSchema, 201: reportCreatedSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { TargetType, TargetID, Reason, Details } = request.body;
      const Source: ReportSource = request.body.Source ?? (TargetType === 'listing' ? 'listing' : 'flatmate');
      if ((TargetType === 'listing') !== (Source === 'listing')) throw new HttpError(400, TRUST_TEXTS.reportSourceMismatch);

      let reportedUserId: number;
      let listing = null;
      let conversation = null;
      if (TargetType === 'listing') {
        const found = await findReportableListing(db, me.id, TargetID);
        if (!found) throw new HttpError(404, TRUST_TEXTS.reportTargetMissing);
        if (found.landlord_id === me.id) throw new HttpError(400, TRUST_TEXTS.reportSelf);
        const row = await findListing(db, TargetID);
        // Deleted between the two reads.
        if (!row) throw new HttpError(404, TRUST_TEXTS.reportTargetMissing);
        listing = toListing(row, await listingPhotos(db, row.id));
        reportedUserId = row.landlord_id;
      } else {
        if (TargetID === me.id) throw new HttpError(400, TRUST_TEXTS.reportSelf);
        if (!(await findReportableUser(db, TargetID))) throw new HttpError(404, TRUST_TEXTS.reportTargetMissing);
        if (Source === 'chat') {
          if (!(await hasConversation(db, me.id, TargetID))) throw new HttpError(400, TRUST_TEXTS.reportNoConversation);
          conversation = await latestThread(db, me.id, TargetID, REPORT_CONVERSATION_MAX);
        }
        reportedUserId = TargetID;
      }

      const outcome = await db.transaction().execute(async (trx) => {
        const recent = await lockAndCountRecentReports(trx, me.id);
        if (recent === undefined) throw new HttpError(401, API_TEXTS.tokenInvalid);
        if (recent >= REPORTS_PER_WINDOW) throw new HttpError(429, TRUST_TEXTS.reportsTooMany);
        // Deleted since it was found (a listing's landlord takes the listing with them).
        if (!(await lockReportedUser(trx, reportedUserId))) throw new HttpError(404, TRUST_TEXTS.reportTargetMissing);
        return upsertReport(trx, {
          reporter: me.id,
          targetType: TargetType,
          targetId: TargetID,
          reportedUserId,
          reason: Reason,
          details: Details,
          source: Source,
          listing,
          conversation,
        });
      });
      return reply
        .code(outcome.created ? 201 : 200)
        .send({ message: outcome.created ? TRUST_TEXTS.reportThanks : TRUST_TEXTS.reportUpdated, reportId: outcome.id });
    },
  );
};

export default reportsRoutes;
