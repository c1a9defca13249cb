import { describe, expect, it } from 'vitest';
import { userSchema } from '../schemas/auth.ts';
import { storedUser } from './stored-session.ts';

const whole = { userId: 7, name: 'Sam Tenant', email: 'sam@example.test', userType: 'Tenant', plan: 'Free', profilePictureURL: null };

/** Stored users that the check must judge as userSchema does: it is the zod-free twin of the schema for the first load. */
const SAMPLES: unknown[] = [
  whole,
  { ...whole, profilePictureURL: '/uploads/profiles/a.jpg' },
  { ...whole, userType: 'Landlord', plan: 'Professional' },
  { ...whole, extra: 'kept out' },
  { ...whole, emailVerified: true },
  { ...whole, emailVerified: false },
  { ...whole, emailVerified: 'yes' },
  { ...whole, userId: 7.5 },
  { ...whole, userId: '7' },
  { ...whole, name: undefined },
  { ...whole, email: 3 },
  { ...whole, userType: 'Admin' },
  { ...whole, plan: 'Basic' },
  { ...whole, profilePictureURL: undefined },
  { name: 'Only a name', userId: 1 },
  {},
  [],
  null,
  'text',
  42,
];

describe('storedUser', () => {
  it.each(SAMPLES.map((sample) => [JSON.stringify(sample), sample]))('judges %s as userSchema does', (_label, sample) => {
    const parsed = userSchema.safeParse(sample);
    expect(storedUser(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
