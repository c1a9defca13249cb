/**
 * Demo data for a fresh install: the accounts of DEMO_ACCOUNTS, with a listed
 * flatmate profile for the tenant. Runs only on an empty users table, and is
 * idempotent even when two servers start together (conflicting rows are skipped).
 */
import type { Kysely } from 'kysely';
import type { DB, NewUser } from '../db/types.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

export { DEMO_ACCOUNTS } from './demo-accounts.ts';

/** Profile details of the demo accounts beyond name, email and type. */
const PROFILES: Record<keyof typeof DEMO_ACCOUNTS, Partial<NewUser>> = {
  tenant: {
    phone_number: '07700 900123',
    bio: 'Junior architect who has just moved to London. Tidy, friendly and usually out cycling at weekends.',
    looking_for_description: 'A double room in a sociable flatshare with two or three others, close to the Overground.',
    budget_min: 700,
    budget_max: 1000,
    preferred_locations: 'Hackney, Stratford, Bethnal Green',
    flatmate_move_in_date: nextMonthFirst(),
    is_actively_looking: true,
  },
  landlord: {
    phone_number: '07700 900456',
    bio: 'I let rooms in two family houses in East London and live nearby, so repairs are quick.',
  },
  landlord2: {
    phone_number: '07700 900789',
    bio: 'Small lettings business with newly refurbished rooms across Stratford and Canary Wharf.',
  },
};

/** The first day of next month, as YYYY-MM-DD. */
function nextMonthFirst(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Seeds the demo data when there are no users yet; answers whether it did. */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const rows: NewUser[] = await Promise.all(
    (Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[]).map(async (key) => {
      const account = DEMO_ACCOUNTS[key];
      return {
        name: account.name,
        email: account.email,
        password_hash: await hashPassword(account.password),
        user_type: account.userType,
        plan: account.plan,
        ...PROFILES[key],
      };
    }),
  );
  await db.insertInto('users').values(rows).onConflict((oc) => oc.doNothing()).execute();
  return true;
}
