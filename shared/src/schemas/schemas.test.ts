import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts.ts';
import { fieldErrors } from './common.ts';
import { registerFormSchema, registerSchema, loginSchema } from './auth.ts';
import { listingInputSchema, listingSearchSchema } from './listing.ts';
import { profileUpdateSchema } from './profile.ts';
import { sendMessageSchema } from './message.ts';

const firstError = (r: { success: boolean; error?: unknown }) =>
  r.success ? undefined : fieldErrors(r.error as never)[0];

describe('register', () => {
  const ok = { Name: ' Ada Lovelace ', Email: ' ada@example.co.uk ', Password: 'secret1', UserType: 'Tenant' };
  it('accepts a valid payload and trims text', () => {
    const r = registerSchema.parse(ok);
    expect(r).toEqual({ Name: 'Ada Lovelace', Email: 'ada@example.co.uk', Password: 'secret1', UserType: 'Tenant' });
  });
  it('uses the spec texts', () => {
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
  it('enforces the spec rules', () => {
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
