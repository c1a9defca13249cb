import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts.ts';
import { fieldErrors } from './common.ts';
import { CONTACT_TEXTS, contactFormSchema, newsletterSubscribeResponseSchema, newsletterSubscribeSchema } from './content.ts';

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? [] : fieldErrors(r.error as never));

describe('contact form', () => {
  const ok = { Name: ' Priya Shah ', Email: ' priya@example.co.uk ', Subject: ' My advert ', Message: ' Hello ' };

  it('accepts a complete form and trims it', () => {
    expect(contactFormSchema.parse(ok)).toEqual({ Name: 'Priya Shah', Email: 'priya@example.co.uk', Subject: 'My advert', Message: 'Hello' });
  });

  it('requires every field, blank counting as missing', () => {
    expect(errorsOf(contactFormSchema.safeParse({ Name: ' ', Email: '', Subject: '', Message: '\n' }))).toEqual([
      { field: 'Name', message: CONTACT_TEXTS.nameRequired },
      { field: 'Email', message: TEXTS.emailRequired },
      { field: 'Subject', message: CONTACT_TEXTS.subjectRequired },
      { field: 'Message', message: CONTACT_TEXTS.messageRequired },
    ]);
  });

  it('checks the email and the lengths', () => {
    expect(errorsOf(contactFormSchema.safeParse({ ...ok, Email: 'priya@' }))).toEqual([{ field: 'Email', message: TEXTS.emailInvalid }]);
    expect(contactFormSchema.safeParse({ ...ok, Subject: 'x'.repeat(151) }).success).toBe(false);
    expect(contactFormSchema.safeParse({ ...ok, Message: 'x'.repeat(5001) }).success).toBe(false);
  });

  it('thanks the sender by name', () => {
    expect(CONTACT_TEXTS.thanks(' Priya ')).toBe('Thank you for your message, Priya!');
  });
});

describe('newsletter subscription', () => {
  it('takes one email, trimmed', () => {
    expect(newsletterSubscribeSchema.parse({ Email: ' ada@example.co.uk ' })).toEqual({ Email: 'ada@example.co.uk' });
  });

  it('rejects a missing or invalid email with the shared texts', () => {
    expect(errorsOf(newsletterSubscribeSchema.safeParse({}))).toEqual([{ field: 'Email', message: TEXTS.emailRequired }]);
    expect(errorsOf(newsletterSubscribeSchema.safeParse({ Email: 'not-an-email' }))).toEqual([{ field: 'Email', message: TEXTS.emailInvalid }]);
  });

  it('answers with a message', () => {
    expect(newsletterSubscribeResponseSchema.parse({ message: 'You are already subscribed.' })).toEqual({ message: 'You are already subscribed.' });
    expect(newsletterSubscribeResponseSchema.safeParse({}).success).toBe(false);
  });
});
