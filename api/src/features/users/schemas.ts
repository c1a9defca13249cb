/** Response shapes of the users feature (the Profile object: docs/product.md, Data). */
import { PLAN_NAMES, profileUpdateSchema, USER_TYPES, type FlatmateCard, type PlanUsage, type Profile, type ProfileUpdateInput } from '@roomnest/shared';
import { z } from 'zod';
import type { UserRow } from '../../db/types.ts';

export const profileSchema = z
  .object({
    UserID: z.number().int(),
    Name: z.string(),
    Email: z.string(),
    UserType: z.enum(USER_TYPES),
    Plan: z.enum(PLAN_NAMES),
    PhoneNumber: z.string().nullable(),
    ProfilePictureURL: z.string().nullable(),
    Bio: z.string().nullable(),
    LookingForDescription: z.string().nullable(),
    BudgetMin: z.number().int().nullable(),
    BudgetMax: z.number().int().nullable(),
    PreferredLocations: z.string().nullable().describe('Comma-separated, e.g. "Hackney, Stratford".'),
    FlatmateMoveInDate: z.string().nullable().describe('Calendar date, YYYY-MM-DD.'),
    IsActivelyLooking: z.boolean(),
    EmailOnMessage: z.boolean().describe('Whether a message left unread is emailed (after MESSAGE_EMAIL_DELAY_SECONDS).'),
    EmailVerified: z.boolean().describe('Whether the person has opened the link of their verification email.'),
  })
  .meta({ id: 'Profile' }) satisfies z.ZodType<Profile>;

export function toProfile(user: UserRow): Profile {
  return {
    UserID: user.id,
    Name: user.name,
    Email: user.email,
    UserType: user.user_type,
    Plan: user.plan,
    PhoneNumber: user.phone_number,
    ProfilePictureURL: user.profile_picture_url,
    Bio: user.bio,
    LookingForDescription: user.looking_for_description,
    BudgetMin: user.budget_min,
    BudgetMax: user.budget_max,
    PreferredLocations: user.preferred_locations,
    FlatmateMoveInDate: user.flatmate_move_in_date,
    IsActivelyLooking: user.is_actively_looking,
    EmailOnMessage: user.email_on_message,
    EmailVerified: user.email_verified_at !== null,
  };
}

export const flatmateCardSchema = z
  .object({
    UserID: z.number().int(),
    Name: z.string(),
    ProfilePictureURL: z.string().nullable(),
    Bio: z.string().nullable(),
    LookingForDescription: z.string().nullable(),
    BudgetMin: z.number().int().nullable(),
    BudgetMax: z.number().int().nullable(),
    PreferredLocations: z.string().nullable(),
    FlatmateMoveInDate: z.string().nullable().describe('Calendar date, YYYY-MM-DD.'),
    EmailVerified: z.boolean().describe('The person has confirmed their email address (the "Email verified" mark).'),
  })
  .meta({ id: 'FlatmateCard' }) satisfies z.ZodType<FlatmateCard>;

export const flatmateSearchPageSchema = z.object({
  profiles: z.array(flatmateCardSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
});

export const profileSavedSchema = z.object({ message: z.string(), user: profileSchema });

/**
 * Notes the OpenAPI page shows beside a profile form field, for what its schema cannot say itself: every rule
 * (lengths, ranges, one line, the date) is read from the shared profileUpdateSchema. Keyed by its fields, so a note
 * cannot outlive its field.
 */
const PROFILE_NOTES = {
  Name: 'Required, one line: no line breaks, tabs or invisible formatting characters, and no web address.',
  PhoneNumber: 'Digits, spaces, brackets, dashes and a leading +. Blank clears it.',
  Bio: 'Blank clears it.',
  LookingForDescription: 'Blank clears it.',
  BudgetMin: 'Whole pounds a month.',
  BudgetMax: 'Whole pounds a month, not below BudgetMin.',
  PreferredLocations: 'Comma-separated, e.g. "Hackney, Stratford".',
  FlatmateMoveInDate: 'YYYY-MM-DD, a real calendar date.',
} as const satisfies Record<keyof ProfileUpdateInput, string>;

const profileShape = profileUpdateSchema.shape;

/**
 * PUT /api/users/profile as the OpenAPI page shows it: the multipart form (built from the shared
 * profileUpdateSchema the route checks it with, so the page cannot drift from the rules), or the JSON toggles.
 * The route reads and checks each body itself.
 */
export const profileUpdateDoc = z.union([
  z
    .object({
      ...Object.fromEntries(Object.entries(PROFILE_NOTES).map(([field, note]) => [field, profileShape[field as keyof typeof PROFILE_NOTES].describe(note)])),
      profileImage: z
        .string()
        .meta({ format: 'binary' })
        .optional()
        .describe(
          'Optional PNG, JPEG or GIF (judged by content), at most 5 MB. Stored as a 400×400 JPEG without metadata; it replaces the current picture, whose file is deleted. Left out, the picture stays.',
        ),
    })
    .describe('multipart/form-data: the whole profile (a field left out or blank is cleared).'),
  z.object({ IsActivelyLooking: z.boolean() }).describe('application/json: list (true) or unlist (false) the profile in flatmate search.'),
  z
    .object({ UserType: z.enum(USER_TYPES) })
    .describe('application/json: switch the account to Tenant or Landlord (409 for a landlord with unexpired listings switching to Tenant).'),
  z.object({ EmailOnMessage: z.boolean() }).describe('application/json: the email settings: whether a message left unread is emailed.'),
]);

/** GET /api/users/plan-usage (the PlanUsage of @roomnest/shared). */
export const planUsageSchema = z
  .object({
    plan: z.enum(PLAN_NAMES),
    unlimitedMessages: z.boolean().describe('The Free plan’s unlimited-messages upgrade.'),
    listings: z.object({
      limit: z.number().int().nullable().describe('Unexpired listings the plan allows; null: unlimited.'),
      active: z.number().int().describe('Unexpired listings of any status.'),
      nextExpiresAt: z.string().nullable().describe('When the first of them expires (ISO 8601); null without any.'),
      lastExpiresAt: z.string().nullable().describe('When the last of them expires (ISO 8601); null without any.'),
    }),
    newConversations: z.object({
      limit: z.number().int().nullable().describe('People the caller may start a conversation with in a calendar month (London); null: unlimited.'),
      started: z.number().int().describe('Started this month: the pair’s first message is the caller’s and was sent this month.'),
      remaining: z.number().int().nullable().describe('limit − started, at least 0; null: unlimited.'),
      resetsOn: z.string().describe('YYYY-MM-DD: the first day of next month in London, when the count starts again.'),
    }),
  })
  .meta({ id: 'PlanUsage' }) satisfies z.ZodType<PlanUsage>;
