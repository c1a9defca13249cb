/**
 * Demo data for a fresh install: the accounts of DEMO_ACCOUNTS (with a listed
 * flatmate profile for the tenant), eighteen more landlords (catalogue.ts) and
 * a few thousand listings across the ten East London areas of the Home page,
 * Manchester and Birmingham, illustrated by images rendered on the spot.
 *
 * The demo landlords' own listings respect their plans: Oliver Bennett (Free)
 * has one that expired, so he can post one ad and try renewing; Priya Sharma
 * (Premium) has four of her five. Runs only on an empty users table, inside a
 * transaction under an advisory lock, so two servers starting together seed once.
 */
import { sql, type Kysely } from 'kysely';
import { DEFAULT_SEED_LISTINGS } from '../config.ts';
import type { DB, NewUser } from '../db/types.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import type { StoredImage } from '../uploads/images.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { DEMO_LANDLORDS, type Region } from './catalogue.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { generateListings, insertListings, type SeedListing } from './listings.ts';
import { renderOtherRooms, renderRoomIllustrations } from './room-images.ts';
import { renderAvatars } from './avatars.ts';
import { DEFAULT_SEED_SEEKERS, generateSeekers, insertSeekers } from './seekers.ts';

export { DEMO_ACCOUNTS } from './demo-accounts.ts';
export { DEMO_LANDLORDS } from './catalogue.ts';

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
    // Filled in but unlisted: the demo tenant can try listing it.
    is_actively_looking: false,
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

const DAY_MINUTES = 24 * 60;

/** The demo landlords' own listings, written by hand. */
function demoLandlordListings(landlordId: number, landlord2Id: number, images: readonly StoredImage[]): SeedListing[] {
  const image = (n: number) => ({ image_path: images[n % images.length]?.imagePath ?? null, thumb_path: images[n % images.length]?.thumbPath ?? null });
  const common = { state: 'Greater London', city: 'London', pet_policy: 'Not Allowed', smoking_policy: 'Not Allowed', status: 'Available' } as const;
  return [
    {
      ...common,
      ...image(4),
      landlord_id: landlordId,
      title: 'Double room in a family house near London Fields',
      description:
        'A bright double room on the first floor of our Victorian terrace, with a large sash window, a king-size bed and built-in wardrobes. ' +
        'You would share the kitchen, garden and two bathrooms with two young professionals. London Fields and Hackney Central are a few minutes’ walk away. ' +
        'I live nearby, so repairs are quick.',
      address: '38 Navarino Road, Hackney',
      zip_code: 'E8 1AD',
      room_type: 'Double',
      rent: 1150,
      deposit: 1327,
      available_in_days: 14,
      lease_terms: '12-month tenancy, bills included except electricity',
      pet_policy: 'Case-by-Case',
      amenities: ['wifi', 'laundry', 'furnished', 'heating', 'kitchen_access'],
      // Posted 34 days ago, so it expired 4 days ago: it shows in My listings only, ready to renew.
      age_minutes: 34 * DAY_MINUTES,
    },
    {
      ...common,
      ...image(9),
      landlord_id: landlord2Id,
      title: 'Newly refurbished double room near Stratford station',
      description:
        'A newly refurbished double room with an en-suite shower room in a five-bedroom house share. Stratford station and Westfield are an eight-minute walk away. ' +
        'Cleaner for the shared areas every fortnight. All bills, including fast broadband, are included.',
      address: '112 Romford Road, Stratford',
      zip_code: 'E15 4EA',
      room_type: 'Double',
      rent: 1095,
      deposit: 1263,
      available_in_days: 7,
      lease_terms: '6-month minimum, then rolling monthly',
      amenities: ['wifi', 'laundry', 'furnished', 'heating', 'kitchen_access', 'private_bathroom', 'bills_included'],
      age_minutes: 2 * DAY_MINUTES,
    },
    {
      ...common,
      ...image(13),
      landlord_id: landlord2Id,
      title: 'Single room for a student or young professional, Stratford',
      description:
        'A compact single room with a desk by the window in a friendly four-bedroom house. Maryland station is a five-minute walk away. ' +
        'All bills are included in the rent.',
      address: '27 Maryland Street, Stratford',
      zip_code: 'E15 1JE',
      room_type: 'Single',
      rent: 795,
      deposit: 917,
      available_in_days: 0,
      lease_terms: 'Minimum 3 months',
      smoking_policy: 'Outside Only',
      amenities: ['wifi', 'furnished', 'heating', 'kitchen_access', 'bills_included'],
      age_minutes: 5 * DAY_MINUTES,
    },
    {
      ...common,
      ...image(22),
      landlord_id: landlord2Id,
      title: 'Modern studio with a balcony in Canary Wharf',
      description:
        'A self-contained studio on the ninth floor of a modern block with a concierge and gym, with its own kitchenette, shower room and a small balcony looking over the docks. ' +
        'South Quay DLR is a three-minute walk away.',
      address: 'Flat 904, 18 Marsh Wall, Canary Wharf',
      zip_code: 'E14 9SH',
      room_type: 'Studio',
      rent: 1875,
      deposit: 2163,
      available_in_days: 21,
      lease_terms: '12-month assured shorthold tenancy',
      amenities: ['wifi', 'parking', 'furnished', 'air_conditioning', 'heating', 'kitchen_access', 'private_bathroom'],
      age_minutes: 8 * DAY_MINUTES,
    },
    {
      ...common,
      ...image(27),
      landlord_id: landlord2Id,
      title: 'Double room with river views, Isle of Dogs',
      description: 'A large double room in a two-bedroom flat with river views, shared with one professional. Crossharbour DLR is a six-minute walk away.',
      address: '203 Westferry Road, Canary Wharf',
      zip_code: 'E14 3RS',
      room_type: 'Double',
      rent: 1250,
      deposit: 1442,
      available_in_days: 30,
      lease_terms: '12 months with a break clause at 6 months',
      status: 'Pending',
      amenities: ['wifi', 'laundry', 'furnished', 'heating', 'kitchen_access'],
      age_minutes: 10 * DAY_MINUTES,
    },
  ];
}

export interface SeedOptions {
  /** Where the demo room images are rendered (under `demo/` and `demo-avatars/`); without it the listings have no images. */
  uploads?: UploadStorage | null;
  /** How many listings in all (the demo landlords' own included). */
  listings?: number;
  /** How many demo flatmate seekers (seekers.ts), most of them listed. */
  seekers?: number;
}

/** An arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK = 7_202_601;

const anyUser = async (db: Kysely<DB>) => Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());

/** Seeds the demo data when there are no users yet; answers whether it did. */
export async function seedDemoData(
  db: Kysely<DB>,
  { uploads = null, listings = DEFAULT_SEED_LISTINGS, seekers = DEFAULT_SEED_SEEKERS }: SeedOptions = {},
): Promise<boolean> {
  if (await anyUser(db)) return false;
  const keys = Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[];
  // One hash for all extra landlords: they share the demo landlord's password.
  const [landlordsHash, ...accountHashes] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.landlord.password),
    ...keys.map((key) => hashPassword(DEMO_ACCOUNTS[key].password)),
  ]);
  const images = uploads && listings > 0 ? await renderRoomIllustrations(uploads) : [];
  const otherRooms = uploads && listings > 0 ? await renderOtherRooms(uploads) : [];
  const avatars = uploads && seekers > 0 ? await renderAvatars(uploads) : [];

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (await anyUser(trx)) return false;

    const accounts: NewUser[] = keys.map((key, i) => {
      const account = DEMO_ACCOUNTS[key];
      // Every demo account has confirmed its email (a new registration shows the banner and the email).
      return { name: account.name, email: account.email, password_hash: accountHashes[i]!, user_type: account.userType, plan: account.plan, email_verified_at: new Date(), ...PROFILES[key] };
    });
    const landlords: NewUser[] = DEMO_LANDLORDS.map((l, i) => ({
      // All but every sixth agent has confirmed its email: search shows rooms with and without the mark.
      email_verified_at: i % 6 === 5 ? null : new Date(),
      name: l.name,
      email: l.email,
      password_hash: landlordsHash!,
      user_type: 'Landlord',
      plan: 'Professional',
      phone_number: l.phone,
      bio: l.bio,
    }));
    const inserted = await trx.insertInto('users').values([...accounts, ...landlords]).returning(['id', 'email']).execute();
    const idOf = (email: string) => inserted.find((u) => u.email === email)!.id;

    const own = demoLandlordListings(idOf(DEMO_ACCOUNTS.landlord.email), idOf(DEMO_ACCOUNTS.landlord2.email), images).slice(0, listings);
    const byRegion = (region: Region) => DEMO_LANDLORDS.filter((l) => l.region === region).map((l) => idOf(l.email));
    const generated = generateListings({
      count: Math.max(0, listings - own.length),
      landlords: { London: byRegion('London'), Manchester: byRegion('Manchester'), Birmingham: byRegion('Birmingham') },
      images,
    });
    await insertListings(trx, [...own, ...generated], images.length ? { extras: otherRooms, width: images[0]!.width, height: images[0]!.height } : undefined);
    // The seekers share the demo tenant's password (its hash is the first of accountHashes).
    await insertSeekers(trx, generateSeekers({ count: seekers, avatars }), accountHashes[keys.indexOf('tenant')]!);
    return true;
  });
}
