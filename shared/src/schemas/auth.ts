import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { PLAN_NAMES, USER_TYPES } from '../domain.ts';
import { TEXTS } from '../texts.ts';
import { requiredText } from './fields.ts';

export const emailSchema = z
  .string({ error: TEXTS.emailRequired })
  .trim()
  .min(1, TEXTS.emailRequired)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email(TEXTS.emailInvalid));

export const userTypeSchema = z.enum(USER_TYPES, { error: TEXTS.accountTypeRequired });

/** POST /api/auth/register */
export const registerSchema = z.object({
  Name: requiredText(TEXTS.nameRequired, NAME_MAX_LENGTH, 'Name'),
  Email: emailSchema,
  Password: z
    .string({ error: TEXTS.passwordRequired })
    .min(1, TEXTS.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, TEXTS.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  UserType: userTypeSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the payload plus the confirmation, which never leaves the browser. */
export const registerFormSchema = registerSchema
  .extend({ ConfirmPassword: z.string() })
  .refine((v) => v.Password === v.ConfirmPassword, { path: ['ConfirmPassword'], message: TEXTS.passwordsDoNotMatch });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** POST /api/auth/login */
export const loginSchema = z.object({
  Email: z.string({ error: TEXTS.emailRequired }).trim().min(1, TEXTS.emailRequired).max(EMAIL_MAX_LENGTH),
  Password: z.string({ error: TEXTS.passwordRequired }).min(1, TEXTS.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const userSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  plan: z.enum(PLAN_NAMES),
  profilePictureURL: z.string().nullable(),
});

export const loginResponseSchema = z.object({ token: z.string(), message: z.string(), user: userSchema });
export const registerResponseSchema = z.object({ message: z.string(), userId: z.number().int() });
