/**
 * The content pages' forms: the contact form (browser only: spec section 2,
 * "it makes no call") and the newsletter subscription, which the API stores
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
  /** The thank-you toast (spec section 2, Contact). The form makes no call, so it promises no reply. */
  thanks: (name: string) => `Thank you for your message, ${name.trim() || 'there'}!`,
} as const;

/** /contact-us: every field is required (spec section 5). */
export const contactFormSchema = z.object({
  Name: personName(CONTACT_TEXTS.nameRequired, NAME_MAX_LENGTH),
  Email: emailSchema,
  Subject: requiredLine(CONTACT_TEXTS.subjectRequired, CONTACT_SUBJECT_MAX_LENGTH, 'Subject'),
  Message: requiredText(CONTACT_TEXTS.messageRequired, CONTACT_MESSAGE_MAX_LENGTH, 'Message'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

/** The newsletter's texts: the server answers with the first two, the browser falls back on the third. */
export const NEWSLETTER_TEXTS = {
  /** 201: a new subscription. */
  subscribed: 'Thanks for subscribing! Look out for the RoomNest newsletter in your inbox.',
  /** 200: the email was already subscribed (subscribing is idempotent). */
  alreadySubscribed: 'You are already subscribed.',
  /** Shown when the server gives no usable message (network failure, endpoint missing). */
  failed: 'Could not subscribe right now. Please try again.',
} as const;

/** The newsletter subscription endpoint, below the API base `/api`. */
export const NEWSLETTER_SUBSCRIPTIONS_PATH = '/newsletter/subscriptions';

/**
 * POST /api/newsletter/subscriptions `{ Email }`: 201 `{ message }` for a new
 * subscription, 200 `{ message: NEWSLETTER_TEXTS.alreadySubscribed }` when
 * the email is already subscribed (emails compare case-insensitively), 400
 * with field errors for an invalid email.
 */
export const newsletterSubscribeSchema = z.object({ Email: emailSchema });
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;
export type NewsletterSubscribe = z.output<typeof newsletterSubscribeSchema>;

/** The 200/201 answer of POST /api/newsletter/subscriptions. */
export const newsletterSubscribeResponseSchema = z.object({ message: z.string() });
export type NewsletterSubscribeResponse = z.output<typeof newsletterSubscribeResponseSchema>;
