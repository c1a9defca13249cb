/**
 * /api/moderation: the trust and safety team's calls (docs/moderation.md). Every one is for moderators only: a
 * user with the 'moderator' role, read from user_roles on every request, so a role taken away counts at once.
 * Everyone else gets 403 (401 without a token).
 */
import {
  apiErrorSchema,
  LISTING_STATUSES,
  MODERATION_ACTIONS,
  MODERATION_AUDIT_ACTIONS,
  moderationAuditQuerySchema,
  moderationReportsQuerySchema,
  REPORT_REASON_VALUES,
  REPORT_SOURCES,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  resolveReportSchema,
  restoreSchema,
  TRUST_TEXTS,
  wholeNumber,
  type Listing,
  type Message,
} from '@roomnest/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import { BEARER_AUTH, requireModerator } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  AUDIT_PAGE_SIZE,
  auditPage,
  findModerationReport,
  listReports,
  lockListingRemoval,
  lockPerson,
  lockReport,
  markResolved,
  OTHER_REPORTS_MAX,
  QUEUE_PAGE_SIZE,
  restorePerson,
  setListingRemoved,
  suspendPerson,
  writeAudit,
} from './repository.ts';

export interface ModerationRoutesOptions {
  db: Kysely<DB>;
  /** Clears this instance's search cache as soon as an action commits (other instances hear migration 0007's notification). */
  clearSearchCaches: () => void;
}

const ID_MAX = 2_147_483_647;
const idParams = z.object({ id: wholeNumber('id', 1, ID_MAX) });
const errors = (...codes: (400 | 401 | 403 | 404 | 409)[]) => Object.fromEntries(codes.map((code) => [code, apiErrorSchema]));
const instant = z.string().describe('ISO 8601, UTC.');

// Snapshots were written when the report was made: loose, so an older snapshot (before a field was added to the
// Listing or Message object) or a newer field still reads.
const listingSnapshotSchema = z
  .looseObject({ ListingID: z.number().int(), LandlordID: z.number().int(), Title: z.string() })
  .describe('The Listing as GET /api/listings/{id} answered it when reported.') as unknown as z.ZodType<Listing>;
const messageSnapshotSchema = z
  .looseObject({ MessageID: z.number().int(), SenderID: z.number().int(), ReceiverID: z.number().int(), MessageContent: z.string(), SentAt: z.string() })
  .describe('A Message as the chat showed it when reported.') as unknown as z.ZodType<Message>;

const moderationReportSchema = z
  .object({
    ReportID: z.number().int(),
    TargetType: z.enum(REPORT_TARGET_TYPES),
    TargetID: z.number().int(),
    Reason: z.enum(REPORT_REASON_VALUES),
    Details: z.string(),
    Source: z.enum(REPORT_SOURCES),
    Status: z.enum(REPORT_STATUSES),
    CreatedAt: instant,
    UpdatedAt: instant.describe('Moves when the reporter reports the same target again.'),
    Reporter: z.object({ UserID: z.number().int(), Name: z.string() }).nullable().describe('Null once the reporter’s account is deleted.'),
    ReportedUser: z
      .object({
        UserID: z.number().int(),
        Name: z.string(),
        Email: z.string(),
        CreatedAt: instant,
        EmailVerified: z.boolean(),
        SuspendedAt: instant.nullable(),
        SuspensionReason: z.string().nullable(),
      })
      .nullable()
      .describe('The person the report is about (a listing’s landlord); null once that account is deleted.'),
    Listing: listingSnapshotSchema.nullable(),
    ListingNow: z
      .object({ Status: z.enum(LISTING_STATUSES), RemovedAt: instant.nullable() })
      .nullable()
      .describe('Listing reports: the listing now; null once its owner deleted it.'),
    Conversation: z.array(messageSnapshotSchema).nullable().describe('Reports made in a chat: that conversation when reported, oldest first.'),
    OtherReports: z
      .array(
        z.object({
          ReportID: z.number().int(),
          TargetType: z.enum(REPORT_TARGET_TYPES),
          Reason: z.enum(REPORT_REASON_VALUES),
          Status: z.enum(REPORT_STATUSES),
          CreatedAt: instant,
        }),
      )
      .describe(`The reported person’s other reports (about them or their listings), newest first, at most ${OTHER_REPORTS_MAX}.`),
    Resolution: z
      .object({ Action: z.enum(MODERATION_ACTIONS), Note: z.string(), ModeratorName: z.string(), ResolvedAt: instant })
      .nullable(),
  })
  .meta({ id: 'ModerationReport' });

const auditEntrySchema = z
  .object({
    EntryID: z.number().int(),
    At: instant,
    ModeratorID: z.number().int().nullable().describe('Null once the moderator’s account is deleted; ModeratorName stays.'),
    ModeratorName: z.string(),
    Action: z.enum(MODERATION_AUDIT_ACTIONS),
    ReportID: z.number().int().nullable(),
    TargetType: z.enum(REPORT_TARGET_TYPES),
    TargetID: z.number().int(),
    Note: z.string(),
  })
  .meta({ id: 'ModerationAuditEntry' });

const messageResponse = z.object({ message: z.string() });

/** A moderator's restore: what it locks, how it tells the thing is taken away, how it puts it back, and what it answers. */
interface Restore {
  path: string;
  summary: string;
  description: string;
  action: 'restore-listing' | 'restore-user';
  targetType: 'listing' | 'user';
  /** The row locked until the transaction ends; undefined when it does not exist. */
  lock(trx: Transaction<DB>, id: number): Promise<{ takenAway: boolean } | undefined>;
  putBack(trx: Transaction<DB>, id: number): Promise<void>;
  missing: string;
  notTakenAway: string;
  done: string;
}

const RESTORES: Restore[] = [
  {
    path: '/listings/:id/restore',
    summary: 'Put a removed listing back',
    description:
      'Clears the removal: the listing is public again if it is Available, unexpired and its owner is not suspended. 404 for an unknown ' +
      'listing, 409 for one that is not removed. Written to the audit log. Moderators only.',
    action: 'restore-listing',
    targetType: 'listing',
    lock: async (trx, id) => {
      const listing = await lockListingRemoval(trx, id);
      return listing && { takenAway: listing.removed_at !== null };
    },
    putBack: (trx, id) => setListingRemoved(trx, id, false),
    missing: TRUST_TEXTS.listingMissing,
    notTakenAway: TRUST_TEXTS.listingNotRemoved,
    done: TRUST_TEXTS.listingRestored,
  },
  {
    path: '/users/:id/restore',
    summary: 'Lift a suspension',
    description:
      'The person can log in again (their old sessions stay ended) and their listings and flatmate profile are public again; a listing a ' +
      'moderator removed stays removed. 404 for an unknown person, 409 for one not suspended. Written to the audit log. Moderators only.',
    action: 'restore-user',
    targetType: 'user',
    lock: async (trx, id) => {
      const person = await lockPerson(trx, id);
      return person && { takenAway: person.suspended_at !== null };
    },
    putBack: restorePerson,
    missing: TRUST_TEXTS.userMissing,
    notTakenAway: TRUST_TEXTS.userNotSuspended,
    done: TRUST_TEXTS.userRestored,
  },
];

/**
 * Runs right after the auth guard, before the body is read (the guard's onRoute hook puts itself first in
 * onRequest): anyone but a moderator gets 403 without learning the calls' validation rules.
 */
const moderatorsOnly = async (request: FastifyRequest) => {
  requireModerator(request);
};

const moderationRoutes: FastifyPluginAsyncZod<ModerationRoutesOptions> = async (app, { db, clearSearchCaches }) => {
  // Personal data and the state of the queue: never kept by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/reports',
    {
      preHandler: app.authenticate,
      onRequest: moderatorsOnly,
      schema: {
        tags: ['moderation'],
        summary: 'The report queue',
        description:
          `status=open (default): open reports, oldest first; status=resolved: resolved ones, most recently resolved first. At most ${QUEUE_PAGE_SIZE} ` +
          'reports an answer: resolving them brings the next ones. Each carries what a moderator needs to judge it: the listing as reported and as it ' +
          'is now, a chat report’s conversation, the reported person and their other reports. Moderators only.',
        security: BEARER_AUTH,
        querystring: moderationReportsQuerySchema,
        response: { 200: z.object({ reports: z.array(moderationReportSchema) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      requireModerator(request);
      return { reports: await listReports(db, request.query.status) };
    },
  );

  app.post(
    '/reports/:id/resolve',
    {
      preHandler: app.authenticate,
      onRequest: moderatorsOnly,
      schema: {
        tags: ['moderation'],
        summary: 'Resolve a report',
        description:
          '"dismiss" changes nothing else. "remove-listing" (listing reports only, else 400) takes the listing out of every public page and search; ' +
          'its owner still sees it, marked removed. "suspend-user" (Note required: the person is shown it) suspends the reported person: they are ' +
          'signed out everywhere at once, cannot log in, and their listings and flatmate profile leave every public page; a moderator cannot ' +
          'suspend themselves or another moderator (400, 409). The person’s other open reports stay open. Each action is written to the audit log. ' +
          'A resolved report answers 409. Moderators only.',
        security: BEARER_AUTH,
        params: idParams,
        body: resolveReportSchema,
        response: { 200: z.object({ message: z.string(), report: moderationReportSchema }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const moderator = requireModerator(request);
      const { id } = request.params;
      const { Action, Note } = request.body;
      const message = await db.transaction().execute(async (trx) => {
        const report = await lockReport(trx, id);
        if (!report) throw new HttpError(404, TRUST_TEXTS.reportMissing);
        if (report.status === 'resolved') throw new HttpError(409, TRUST_TEXTS.reportAlreadyResolved);
        let answer: string = TRUST_TEXTS.reportDismissed;
        let target = { type: report.target_type, id: report.target_id };
        if (Action === 'remove-listing') {
          if (report.target_type !== 'listing') throw new HttpError(400, TRUST_TEXTS.reportNotListing);
          const listing = await lockListingRemoval(trx, report.target_id);
          // Deleted by its owner since: nothing left to remove, the report is resolved all the same.
          if (listing && listing.removed_at === null) await setListingRemoved(trx, listing.id, true);
          answer = TRUST_TEXTS.listingRemoved;
        } else if (Action === 'suspend-user') {
          if (report.reported_user_id === null) throw new HttpError(409, TRUST_TEXTS.reportedPersonGone);
          if (report.reported_user_id === moderator.id) throw new HttpError(400, TRUST_TEXTS.suspendSelf);
          const person = await lockPerson(trx, report.reported_user_id);
          if (!person) throw new HttpError(409, TRUST_TEXTS.reportedPersonGone);
          if (person.isModerator) throw new HttpError(409, TRUST_TEXTS.suspendModerator);
          if (person.suspended_at === null) await suspendPerson(trx, person.id, Note);
          target = { type: 'user', id: person.id };
          answer = TRUST_TEXTS.userSuspended;
        }
        await markResolved(trx, id, moderator.id, Action, Note);
        await writeAudit(trx, { moderatorId: moderator.id, moderatorName: moderator.name, action: Action, reportId: id, targetType: target.type, targetId: target.id, note: Note });
        return answer;
      });
      if (Action !== 'dismiss') clearSearchCaches();
      const report = await findModerationReport(db, id);
      if (!report) throw new HttpError(404, TRUST_TEXTS.reportMissing);
      return { message, report };
    },
  );

  // The two restores differ only in what they lock and put back: one route definition for both.
  for (const restore of RESTORES) {
    app.post(
      restore.path,
      {
        preHandler: app.authenticate,
        onRequest: moderatorsOnly,
        schema: {
          tags: ['moderation'],
          summary: restore.summary,
          description: restore.description,
          security: BEARER_AUTH,
          params: idParams,
          body: restoreSchema,
          response: { 200: messageResponse, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const moderator = requireModerator(request);
        const { id } = request.params;
        await db.transaction().execute(async (trx) => {
          const found = await restore.lock(trx, id);
          if (!found) throw new HttpError(404, restore.missing);
          if (!found.takenAway) throw new HttpError(409, restore.notTakenAway);
          await restore.putBack(trx, id);
          await writeAudit(trx, { moderatorId: moderator.id, moderatorName: moderator.name, action: restore.action, reportId: null, targetType: restore.targetType, targetId: id, note: request.body.Note });
        });
        clearSearchCaches();
        return { message: restore.done };
      },
    );
  }

  app.get(
    '/audit',
    {
      preHandler: app.authenticate,
      onRequest: moderatorsOnly,
      schema: {
        tags: ['moderation'],
        summary: 'The audit log',
        description: `Every moderator action (who, when, what, note), newest first, ${AUDIT_PAGE_SIZE} a page. A page past the last answers no entries. Moderators only.`,
        security: BEARER_AUTH,
        querystring: moderationAuditQuerySchema,
        response: {
          200: z.object({ entries: z.array(auditEntrySchema), page: z.number().int(), totalPages: z.number().int() }).meta({ id: 'ModerationAuditPage' }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      requireModerator(request);
      const page = request.query.page ?? 1;
      const { entries, total } = await auditPage(db, page);
      return { entries, page, totalPages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
    },
  );
};

export default moderationRoutes;
