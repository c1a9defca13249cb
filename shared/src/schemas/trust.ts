import { z } from './zod.ts';
import { MODERATION_ACTIONS, MODERATION_NOTE_MAX, REPORT_DETAILS_MAX, REPORT_REASON_VALUES, REPORT_SOURCES, REPORT_STATUSES, REPORT_TARGET_TYPES, TRUST_TEXTS, VERIFY_TEXTS } from '../trust.ts';
import { optional, wholeNumber } from './fields.ts';

const ID_MAX = 2_147_483_647;

/** POST /api/reports */
export const reportSchema = z.object({
  TargetType: z.enum(REPORT_TARGET_TYPES, { error: 'TargetType must be "listing" or "user".' }),
  TargetID: wholeNumber('TargetID', 1, ID_MAX),
  Reason: z.enum(REPORT_REASON_VALUES, { error: TRUST_TEXTS.reasonRequired }),
  Details: z
    .string({ error: 'Details must be text.' })
    .trim()
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters.`)
    .default(''),
  Source: optional(z.enum(REPORT_SOURCES, { error: 'Source must be "listing", "flatmate" or "chat".' })),
});
export type ReportFormInput = z.input<typeof reportSchema>;

/** GET /api/moderation/reports */
export const moderationReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'status must be "open" or "resolved".' }).default('open'),
});

/** POST /api/moderation/reports/{id}/resolve: a suspension must say why. */
export const resolveReportSchema = z
  .object({
    Action: z.enum(MODERATION_ACTIONS, { error: 'Action must be "dismiss", "remove-listing" or "suspend-user".' }),
    Note: z
      .string({ error: 'Note must be text.' })
      .trim()
      .max(MODERATION_NOTE_MAX, `Note must be at most ${MODERATION_NOTE_MAX} characters.`)
      .default(''),
  })
  .refine((v) => v.Action !== 'suspend-user' || v.Note.length > 0, { message: TRUST_TEXTS.suspendReasonRequired, path: ['Note'] });

/** POST /api/moderation/listings/{id}/restore and /api/moderation/users/{id}/restore */
export const restoreSchema = z.object({
  Note: z
    .string({ error: 'Note must be text.' })
    .trim()
    .max(MODERATION_NOTE_MAX, `Note must be at most ${MODERATION_NOTE_MAX} characters.`)
    .default(''),
});

/** GET /api/moderation/audit */
export const moderationAuditQuerySchema = z.object({
  page: optional(wholeNumber('page', 1, 100_000)),
});

/** POST /api/auth/verify-email: the token of the emailed link. */
export const verifyEmailSchema = z.object({
  Token: z.string({ error: VERIFY_TEXTS.tokenRequired }).trim().min(1, VERIFY_TEXTS.tokenRequired).max(200, VERIFY_TEXTS.invalidToken),
});
