/** Response shapes of the users feature (the Profile object of API-CONTRACT.md). */
import { PLAN_NAMES, USER_TYPES, type Profile } from '@roomnest/shared';
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
