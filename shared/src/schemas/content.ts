/**
 * The content pages' forms: the contact form (browser only: it makes no
 * call, docs/product.md, Screens) and the newsletter subscription, which the API stores
 * (POST /api/newsletter/subscriptions), so browser and server check the email
 * with the same rule.
 */
import { z } from './zod.ts';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { TEXTS } from '../texts.ts';
import { emailSchema } from './auth.ts';
import { personName, requiredLine, requiredText } from './fields.ts';

export const CONTACT_SUBJECT_MAX_LENGTH = 150;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** The contact form's texts. */
export const CONTACT_TEXTS = {
  nameRequired: TEXTS.nameRequired,
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter your message.',
  /** The thank-you toast (docs/product.md, Screens: contact). The form makes no call, so it promises no reply. */
  thanks: (name: string) => `Thank you for your message, ${name.trim() || 'there'}!`,
} as const;

/** /contact-us: every field is required. */
export const contactFormSchema = z.object({
  Name: personName(CONTACT_TEXTS.nameRequired, NAME_MAX_LENGTH),
  Email: emailSchema,
  Subject: requiredLine(CONTACT_TEXTS.subjectRequired, CONTACT_SUBJECT_MAX_LENGTH, 'Subject'),
  Message: requiredText(CONTACT_TEXTS.messageRequired, CONTACT_MESSAGE_MAX_LENGTH, 'Message'),
});

/**
 * The newsletter's texts. Signing up answers the same sentence whether or not the address is already subscribed;
 * only an address confirmed from the email's link is subscribed (double opt-in).
 */
export const NEWSLETTER_TEXTS = {
  /** 202 to every valid sign-up: it never tells whether the address was already subscribed. */
  checkInbox: 'Thanks! Please check your inbox to confirm your subscription.',
  /** Shown when the server gives no usable message (network failure, endpoint missing). */
  failed: 'Could not subscribe right now. Please try again.',
  /** The confirmation email. */
  emailSubject: 'Please confirm your RoomNest newsletter subscription',
  /** 200: the link's address is now subscribed. */
  confirmed: 'Your subscription is confirmed. Welcome to the RoomNest newsletter!',
  /** 200: the link was used before; the address is subscribed. */
  alreadyConfirmed: 'This link has already been used: your subscription is confirmed.',
  /** 400: unknown or expired confirmation link. */
  confirmInvalid: 'This confirmation link is invalid or has expired. Please subscribe again to get a new one.',
  /** 200: the address is no longer subscribed (and no longer stored). */
  unsubscribed: 'You have been unsubscribed. You will not get the RoomNest newsletter any more.',
  /** 400: unknown unsubscribe link, or one used already. */
  unsubscribeInvalid: 'This unsubscribe link is invalid or has already been used.',
  /** 400 or in the browser: a link without its token. */
  linkIncomplete: 'The link is incomplete. Please open the link from the email again.',
  /** The confirm and unsubscribe pages, when the call fails without a usable message. */
  linkFailed: 'Something went wrong. Please try again.',
} as const;

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_DAYS = 7;

/** The newsletter endpoints, below the API base `/api`. */
export const NEWSLETTER_SUBSCRIPTIONS_PATH = '/newsletter/subscriptions';
export const NEWSLETTER_CONFIRMATIONS_PATH = '/newsletter/confirmations';
export const NEWSLETTER_UNSUBSCRIPTIONS_PATH = '/newsletter/unsubscriptions';

/**
 * POST /api/newsletter/subscriptions `{ Email }`: 202 `{ message: NEWSLETTER_TEXTS.checkInbox }` for every valid
 * email, new, waiting for confirmation or already subscribed alike (emails compare case-insensitively); a
 * confirmation email goes out after the answer, except to an address already confirmed. 400 with field errors for an
 * invalid email, 429 beyond the sign-ups allowed per address.
 */
export const newsletterSubscribeSchema = z.object({ Email: emailSchema });
export type NewsletterSubscribe = z.output<typeof newsletterSubscribeSchema>;

/** The `{ message }` answer of every newsletter call. */
export const newsletterSubscribeResponseSchema = z.object({ message: z.string() });
export type NewsletterSubscribeResponse = z.output<typeof newsletterSubscribeResponseSchema>;

/** POST /api/newsletter/confirmations and /unsubscriptions `{ Token }`: the token of the email's link. */
export const newsletterTokenSchema = z.object({
  Token: z.string({ error: NEWSLETTER_TEXTS.linkIncomplete }).trim().min(1, NEWSLETTER_TEXTS.linkIncomplete).max(200, NEWSLETTER_TEXTS.linkIncomplete),
});
export type NewsletterTokenInput = z.input<typeof newsletterTokenSchema>;
