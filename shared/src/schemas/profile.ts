import { z } from './zod.ts';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { TEXTS } from '../texts.ts';
import { userTypeSchema } from './auth.ts';
import { booleanField, isoDate, oneLine, optional, optionalLine, optionalText, personName, wholeNumber } from './fields.ts';

/** PUT /api/users/profile (multipart fields; the picture travels beside them as profileImage). */
export const profileUpdateSchema = z
  .object({
    Name: personName(TEXTS.nameRequired, NAME_MAX_LENGTH),
    PhoneNumber: optional(
      z
        .string()
        .trim()
        .max(20, 'Phone number must be at most 20 characters.')
        .regex(/^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number.'),
    ),
    Bio: optionalText(2000, 'Bio'),
    LookingForDescription: optionalText(2000, 'Looking for'),
    BudgetMin: optional(wholeNumber('Minimum budget', 0, 100_000)),
    BudgetMax: optional(wholeNumber('Maximum budget', 0, 100_000)),
    PreferredLocations: optionalLine(500, 'Preferred locations'),
    FlatmateMoveInDate: optional(isoDate('Move-in date')),
  })
  .refine((p) => p.BudgetMin === undefined || p.BudgetMax === undefined || p.BudgetMin <= p.BudgetMax, {
    path: ['BudgetMax'],
    message: 'Maximum budget must not be below the minimum budget.',
  });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** PUT /api/users/profile as JSON: the listed/unlisted toggle. */
export const profileVisibilitySchema = z.object({ IsActivelyLooking: booleanField('IsActivelyLooking') });

/** PUT /api/users/profile as JSON: the email settings (My Profile, Notifications). */
export const profileEmailSettingsSchema = z.object({ EmailOnMessage: booleanField('EmailOnMessage') });

/** PUT /api/users/profile as JSON: switching the account between Tenant and Landlord. */
export const accountTypeSchema = z.object({ UserType: userTypeSchema });

/** GET /api/users/flatmate-search query. Unknown parameters are dropped. */
export const flatmateSearchSchema = z.object({
  preferred_locations: optional(oneLine(z.string().trim().max(500, 'preferred_locations must be at most 500 characters.'), 'preferred_locations')),
  budget_min: optional(wholeNumber('budget_min', 0, 100_000)),
  budget_max: optional(wholeNumber('budget_max', 0, 100_000)),
  move_in_date: optional(isoDate('move_in_date')),
  page: optional(wholeNumber('page', 1, 100_000)),
});
export type FlatmateSearchQuery = z.infer<typeof flatmateSearchSchema>;
