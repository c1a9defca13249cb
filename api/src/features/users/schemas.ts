/** Response shapes of the users feature (the Profile object: docs/product.md, Data). */
import { PLAN_NAMES, USER_TYPES, type FlatmateCard, type PlanUsage, type Profile } from '@roomnest/shared';
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
  })
  .meta({ id: 'FlatmateCard' }) satisfies z.ZodType<FlatmateCard>;

export const flatmateSearchPageSchema = z.object({
  profiles: z.array(flatmateCardSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
});

export const profileSavedSchema = z.object({ message: z.string(), user: profileSchema });

const text = (description: string) => z.string().describe(description);

/**
 * PUT /api/users/profile as the OpenAPI page shows it: the multipart form, or
 * the JSON toggle. The route reads and checks either itself with the shared
 * profileUpdateSchema / profileVisibilitySchema.
 */
export const profileUpdateDoc = z.union([
  z
    .object({
      Name: text('Required, at most 100 characters, one line: no line breaks, tabs or invisible formatting characters, and no web address.'),
      PhoneNumber: text('Optional: digits, spaces, brackets, dashes and a leading +, 7 to 20 characters. Blank clears it.').optional(),
      Bio: text('Optional, at most 2,000 characters. Blank clears it.').optional(),
      LookingForDescription: text('Optional, at most 2,000 characters. Blank clears it.').optional(),
      BudgetMin: text('Optional: whole pounds a month, 0 to 100,000.').optional(),
      BudgetMax: text('Optional: whole pounds a month, 0 to 100,000, not below BudgetMin.').optional(),
      PreferredLocations: text('Optional, comma-separated, one line, at most 500 characters, e.g. "Hackney, Stratford".').optional(),
      FlatmateMoveInDate: text('Optional: YYYY-MM-DD, a real calendar date.').optional(),
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
