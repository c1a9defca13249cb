import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts.ts';
import { fieldErrors } from './common.ts';
import { commonPasswordCount, isCommonPassword } from '../common-passwords.ts';
import { registerFormSchema, registerSchema, loginSchema, passwordResetConfirmSchema, passwordResetFormSchema } from './auth.ts';
import { contactFormSchema } from './content.ts';
import { listingInputSchema, listingSearchSchema } from './listing.ts';
import { flatmateSearchSchema, profileUpdateSchema } from './profile.ts';
import { sendMessageSchema } from './message.ts';

const firstError = (r: { success: boolean; error?: unknown }) =>
  r.success ? undefined : fieldErrors(r.error as never)[0];

describe('register', () => {
  const ok = { Name: ' Ada Lovelace ', Email: ' ada@example.co.uk ', Password: 'secret1', UserType: 'Tenant' };
  it('accepts a valid payload and trims text', () => {
    const r = registerSchema.parse(ok);
    expect(r).toEqual({ Name: 'Ada Lovelace', Email: 'ada@example.co.uk', Password: 'secret1', UserType: 'Tenant' });
  });
  it('uses the product’s texts', () => {
    expect(firstError(registerSchema.safeParse({ ...ok, Password: '12345' }))).toEqual({ field: 'Password', message: TEXTS.passwordTooShort });
    expect(firstError(registerSchema.safeParse({ ...ok, UserType: undefined }))).toEqual({ field: 'UserType', message: TEXTS.accountTypeRequired });
    expect(firstError(registerSchema.safeParse({ ...ok, UserType: 'Admin' }))?.message).toBe(TEXTS.accountTypeRequired);
    expect(firstError(registerFormSchema.safeParse({ ...ok, ConfirmPassword: 'other1' }))).toEqual({
      field: 'ConfirmPassword',
      message: TEXTS.passwordsDoNotMatch,
    });
  });
  it('rejects wrong types, blank and oversized values', () => {
    expect(registerSchema.safeParse({ ...ok, Name: '   ' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...ok, Name: 42 }).success).toBe(false);
    expect(registerSchema.safeParse({ ...ok, Email: 'not-an-email' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...ok, Name: 'x'.repeat(101) }).success).toBe(false);
    expect(registerSchema.safeParse({ ...ok, Password: 'x'.repeat(129) }).success).toBe(false);
  });
  it('login needs both fields', () => {
    expect(firstError(loginSchema.safeParse({ Email: '', Password: 'x' }))?.message).toBe(TEXTS.emailRequired);
    expect(firstError(loginSchema.safeParse({ Email: 'a@b.co' }))?.message).toBe(TEXTS.passwordRequired);
  });
});

describe('listing', () => {
  const ok = { Title: 'Bright double', Address: '1 Mare St', City: 'London', State: 'Greater London', ZipCode: 'E8 1AA', RoomType: 'Double', Rent: '950.50', AvailableDate: '2026-12-01' };
  it('coerces form strings and defaults the optional fields', () => {
    const r = listingInputSchema.parse({ ...ok, Amenities: 'wifi' });
    expect(r.Rent).toBe(950.5);
    expect(r.Amenities).toEqual(['wifi']);
    expect(r.Deposit).toBeUndefined();
  });
  it('enforces the product’s rules', () => {
    expect(firstError(listingInputSchema.safeParse({ ...ok, Title: '' }))?.message).toBe(TEXTS.postAdRequired);
    expect(listingInputSchema.safeParse({ ...ok, Rent: '0.5' }).success).toBe(false);
    expect(listingInputSchema.safeParse({ ...ok, Rent: '10.123' }).success).toBe(false);
    expect(listingInputSchema.safeParse({ ...ok, Deposit: '-1' }).success).toBe(false);
    expect(listingInputSchema.safeParse({ ...ok, AvailableDate: '2026-02-30' }).success).toBe(false);
    expect(listingInputSchema.safeParse({ ...ok, RoomType: 'Penthouse' }).success).toBe(false);
    expect(listingInputSchema.safeParse({ ...ok, Amenities: ['wifi', 'jacuzzi'] }).success).toBe(false);
  });
  it('search ignores unknown parameters and rejects bad known ones', () => {
    expect(listingSearchSchema.parse({ city: 'London', _: '1700000000' })).toEqual({ city: 'London' });
    expect(listingSearchSchema.safeParse({ page: '0' }).success).toBe(false);
    expect(listingSearchSchema.safeParse({ sortBy: 'cheapest' }).success).toBe(false);
  });
});

describe('profile and message', () => {
  it('keeps BudgetMin not above BudgetMax', () => {
    expect(firstError(profileUpdateSchema.safeParse({ Name: 'A', BudgetMin: '900', BudgetMax: '500' }))?.field).toBe('BudgetMax');
    expect(profileUpdateSchema.safeParse({ Name: 'A', BudgetMin: '500', BudgetMax: '900' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ Name: 'A', BudgetMin: '500.5' }).success).toBe(false);
  });
  it('trims messages and bounds their length', () => {
    expect(sendMessageSchema.parse({ ReceiverID: 3, MessageContent: '  hi  ' }).MessageContent).toBe('hi');
    expect(sendMessageSchema.safeParse({ ReceiverID: 3, MessageContent: '   ' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ ReceiverID: 3, MessageContent: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('one-line fields', () => {
  const register = { Name: 'Sam Jones', Email: 'sam@example.co.uk', Password: 'Sup3r-secret', UserType: 'Tenant' };
  const listing = { Title: 'Bright double', Address: '1 Mare St', City: 'London', State: 'Greater London', ZipCode: 'E8 1AA', RoomType: 'Double', Rent: '950', AvailableDate: '2026-12-01' };
  const breaking = ['\n', '\r', '\t', '\u000b', '\u001b', '\u0085', '\u2028', '\u2029', '\u200b', '\u200e', '\u202e', '\u2066', '\ufeff'];

  it.each(breaking.map((c) => [JSON.stringify(c), c]))('refuse %s inside a name, with a clear message', (_label, c) => {
    const name = `Sam${c}Your account is locked. Verify now at evil dot test`;
    expect(firstError(registerSchema.safeParse({ ...register, Name: name }))).toEqual({
      field: 'Name',
      message: 'Name cannot contain line breaks, tabs or invisible formatting characters.',
    });
    expect(firstError(profileUpdateSchema.safeParse({ Name: name }))?.field).toBe('Name');
    expect(firstError(contactFormSchema.safeParse({ Name: name, Email: 'a@b.co', Subject: 'Hi', Message: 'Hello' }))?.field).toBe('Name');
  });

  it('refuse line breaks in every one-line field of the forms and searches', () => {
    for (const field of ['Title', 'Address', 'City', 'State', 'ZipCode', 'LeaseTerms'] as const) {
      expect(firstError(listingInputSchema.safeParse({ ...listing, [field]: 'E8\n1AA' }))?.field).toBe(field);
    }
    expect(firstError(profileUpdateSchema.safeParse({ Name: 'Sam', PreferredLocations: 'Hackney\nBow' }))?.field).toBe('PreferredLocations');
    expect(firstError(contactFormSchema.safeParse({ Name: 'Sam', Email: 'a@b.co', Subject: 'Hi\r\nBcc: x@y.z', Message: 'Hello' }))?.field).toBe('Subject');
    expect(firstError(loginSchema.safeParse({ Email: 'a@b.co\n', Password: 'x' }))).toBeUndefined();
    expect(firstError(loginSchema.safeParse({ Email: 'a\n@b.co', Password: 'x' }))?.field).toBe('Email');
    expect(firstError(registerSchema.safeParse({ ...register, Email: 'a\u202e@b.co' }))?.field).toBe('Email');
    expect(firstError(listingSearchSchema.safeParse({ city: 'Lon\tdon' }))?.field).toBe('city');
    expect(firstError(listingSearchSchema.safeParse({ address: 'Mare\nSt' }))?.field).toBe('address');
    expect(firstError(flatmateSearchSchema.safeParse({ preferred_locations: 'Hackney\u2028Bow' }))?.field).toBe('preferred_locations');
  });

  it('keep line breaks in the fields that span lines', () => {
    expect(listingInputSchema.parse({ ...listing, Description: 'Bright room.\n\nBills included.' }).Description).toBe('Bright room.\n\nBills included.');
    expect(profileUpdateSchema.parse({ Name: 'Sam', Bio: 'Quiet.\nTidy.', LookingForDescription: 'A\r\nB' }).Bio).toBe('Quiet.\nTidy.');
    expect(sendMessageSchema.parse({ ReceiverID: 3, MessageContent: 'Hi\n\nThanks' }).MessageContent).toBe('Hi\n\nThanks');
    expect(contactFormSchema.parse({ Name: 'Sam', Email: 'a@b.co', Subject: 'Hi', Message: 'Line one\nLine two' }).Message).toBe('Line one\nLine two');
  });

  it('accept names in any script, with emoji sequences, marks and apostrophes, trimmed', () => {
    for (const name of ['Siobhán O’Brien', 'محمد علي', 'Zoë-Louise 👩‍👩‍👧', 'José\u0301', 'می\u200cخواهم']) {
      expect(registerSchema.parse({ ...register, Name: ` ${name}\n` }).Name).toBe(name);
    }
  });

  it.each(['Sam https://evil.test', 'Sam http:evil.test', 'www.evil.test', 'Sam hxxp://x.y', 'javascript:alert(1)'])('refuse a web address in a name: %s', (Name) => {
    expect(firstError(registerSchema.safeParse({ ...register, Name }))).toEqual({ field: 'Name', message: 'Name cannot contain a web address.' });
    expect(firstError(profileUpdateSchema.safeParse({ Name }))?.message).toBe('Name cannot contain a web address.');
  });
});

describe('new passwords', () => {
  const register = { Name: 'Sam Jones', Email: 'sam@example.co.uk', UserType: 'Tenant' };
  const passwordError = (Password: string) => firstError(registerSchema.safeParse({ ...register, Password }));

  it('keep the minimum of 6 characters', () => {
    expect(passwordError('Ab1!x')).toEqual({ field: 'Password', message: TEXTS.passwordTooShort });
    expect(passwordError('     ')).toEqual({ field: 'Password', message: TEXTS.passwordTooShort });
  });

  it.each(['      ', '\t \t \t ', ' '.repeat(40), '\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0'])('refuse a password of only spaces (%j)', (Password) => {
    expect(passwordError(Password)).toEqual({ field: 'Password', message: 'Password cannot be only spaces.' });
  });

  it.each(['password', '123456', 'qwerty123', 'PassWord1', 'QWERTY', 'Iloveyou', 'letmein', 'p@ssw0rd', 'roomnest123'])('refuse the common password %s in any letter case', (Password) => {
    expect(passwordError(Password)).toEqual({ field: 'Password', message: 'This password is too common and easy to guess. Please choose another one.' });
    expect(firstError(passwordResetConfirmSchema.safeParse({ Token: 't', Password }))?.message).toBe(TEXTS.passwordTooCommon);
    expect(firstError(passwordResetFormSchema.safeParse({ Password, ConfirmPassword: Password }))?.message).toBe(TEXTS.passwordTooCommon);
  });

  it('ship a list of a few hundred passwords, lower-cased, none shorter than the minimum', () => {
    expect(commonPasswordCount()).toBeGreaterThan(300);
    expect(isCommonPassword('12345')).toBe(false);
  });

  it.each(['Tenant123!', 'Landlord123!', 'Sup3r-secret', 'N3w-password!', 'correct horse battery', ' padded password '])('accept %j', (Password) => {
    expect(passwordError(Password)).toBeUndefined();
  });

  it('leave login alone: an older account may have a common password', () => {
    expect(loginSchema.safeParse({ Email: 'a@b.co', Password: 'password' }).success).toBe(true);
    expect(loginSchema.safeParse({ Email: 'a@b.co', Password: '      ' }).success).toBe(true);
  });
});
