import { z } from './zod.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { PLAN_NAMES, USER_TYPES } from '../domain.ts';
import { USER_ROLES } from '../trust.ts';
import { isCommonPassword } from '../common-passwords.ts';
import { TEXTS } from '../texts.ts';
import { oneLine, personName } from './fields.ts';

export const emailSchema = z
  .string({ error: TEXTS.emailRequired })
  .trim()
  .min(1, TEXTS.emailRequired)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`)
  .pipe(z.email(TEXTS.emailInvalid));

export const userTypeSchema = z.enum(USER_TYPES, { error: TEXTS.accountTypeRequired });

/**
 * A new password (registration, password reset): the product's minimum of 6 characters, not only spaces, and not one of
 * the most common passwords in any letter case. Login takes any password: older accounts may have such a one.
 */
export const passwordSchema = z
  .string({ error: TEXTS.passwordRequired })
  .min(1, TEXTS.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, TEXTS.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((password) => password.length < PASSWORD_MIN_LENGTH || password.trim() !== '', TEXTS.passwordBlank)
  .refine((password) => !isCommonPassword(password), TEXTS.passwordTooCommon)
  .describe('At least 6 characters, not only spaces, and not one of the most common passwords (in any letter case).');

/** POST /api/auth/register */
export const registerSchema = z.object({
  Name: personName(TEXTS.nameRequired, NAME_MAX_LENGTH),
  Email: emailSchema,
  Password: passwordSchema,
  UserType: userTypeSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the payload plus the confirmation, which never leaves the browser. */
export const registerFormSchema = registerSchema
  .extend({ ConfirmPassword: z.string() })
  .refine((v) => v.Password === v.ConfirmPassword, { path: ['ConfirmPassword'], message: TEXTS.passwordsDoNotMatch });

/** POST /api/auth/login */
export const loginSchema = z.object({
  Email: oneLine(z.string({ error: TEXTS.emailRequired }).trim().min(1, TEXTS.emailRequired).max(EMAIL_MAX_LENGTH), 'Email'),
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
  // Default: a session stored before roles existed stays valid.
  roles: z.array(z.enum(USER_ROLES)).default([]),
  // Default: a session stored before verification existed stays valid (and shows the banner until the next login).
  emailVerified: z.boolean().default(false),
});

export const loginResponseSchema = z.object({ token: z.string(), message: z.string(), user: userSchema });
export const registerResponseSchema = z.object({ message: z.string(), userId: z.number().int() });

/** The password reset's texts: the API answers with them, the shell shows them. */
export const PASSWORD_RESET_TEXTS = {
  /** 202, whatever the email: it never tells whether an account exists. */
  requested: 'If an account exists for that email, we have sent it a link to reset the password. The link works once, for one hour.',
  /** 200 after a new password is set. */
  done: 'Your password has been reset. Please log in with your new password.',
  /** 400: unknown, expired or already used token. */
  invalidToken: 'This password reset link is invalid, has expired or has already been used. Please request a new one.',
  tokenRequired: 'The password reset link is incomplete. Please open the link from the email again.',
  emailSubject: 'Reset your RoomNest password',
} as const;

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;

/** A new password: the rules of registration. */
export const newPasswordSchema = passwordSchema;

/** POST /api/auth/password-reset */
export const passwordResetRequestSchema = z.object({ Email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm */
export const passwordResetConfirmSchema = z.object({
  Token: z.string({ error: PASSWORD_RESET_TEXTS.tokenRequired }).trim().min(1, PASSWORD_RESET_TEXTS.tokenRequired).max(200, PASSWORD_RESET_TEXTS.invalidToken),
  Password: newPasswordSchema,
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

/** The reset form: the new password and its confirmation (the token comes from the link). */
export const passwordResetFormSchema = z
  .object({ Password: newPasswordSchema, ConfirmPassword: z.string() })
  .refine((v) => v.Password === v.ConfirmPassword, { path: ['ConfirmPassword'], message: TEXTS.passwordsDoNotMatch });

/** The answer of both password reset calls. */
export const passwordResetResponseSchema = z.object({ message: z.string() });
