/**
 * Demo listings: generated from the catalogue with a seeded random generator
 * (the same seed gives the same listings), with rents, types, dates, amenities
 * and policies that vary the way real adverts do. Rows are inserted in large
 * batches through jsonb_to_recordset, with times relative to the database
 * clock, so 2,400 listings take a moment and 100,000 a few seconds.
 */
import { AMENITIES, LISTING_ACTIVE_DAYS, type AmenityKey, type ListingStatus, type PetPolicy, type RoomType, type SmokingPolicy } from '@roomnest/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import type { StoredImage } from '../uploads/images.ts';
import { AREAS, type Area, type Region } from './catalogue.ts';

/** A random generator with a seed (mulberry32): fast, and the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

function weighted<T>(random: Random, items: readonly T[], weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let roll = random() * total;
  for (const item of items) {
    roll -= weightOf(item);
    if (roll < 0) return item;
  }
  return items.at(-1)!;
}

/** One generated listing, as the insert statement reads it. */
export interface SeedListing {
  landlord_id: number;
  title: string;
  description: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  room_type: RoomType;
  rent: number;
  deposit: number | null;
  /** Days from today (negative: already available). */
  available_in_days: number;
  image_path: string | null;
  thumb_path: string | null;
  lease_terms: string;
  pet_policy: PetPolicy;
  smoking_policy: SmokingPolicy;
  status: ListingStatus;
  amenities: AmenityKey[];
  /** Minutes before now it was posted; it expires LISTING_ACTIVE_DAYS after that. */
  age_minutes: number;
}

const ROOM_TYPE_WEIGHTS: Record<RoomType, number> = { Double: 0.45, Single: 0.25, Studio: 0.15, Shared: 0.15 };
/** Typical London monthly rent range by room type, before the area's factor. */
const RENT_RANGE: Record<RoomType, [number, number]> = { Single: [650, 950], Double: [850, 1400], Studio: [1300, 1900], Shared: [520, 720] };
export const RENT_MIN = 450;
export const RENT_MAX = 2200;

const TYPE_WORDS: Record<RoomType, readonly string[]> = {
  Single: ['single room'],
  Double: ['double room', 'double bedroom'],
  Studio: ['studio', 'studio flat'],
  Shared: ['twin room to share', 'room share'],
};
const ADJECTIVES = ['Bright', 'Spacious', 'Cosy', 'Sunny', 'Modern', 'Large', 'Charming', 'Quiet', 'Newly decorated', 'Stylish', 'Airy', 'Well-kept'];
const HOMES = [
  'friendly three-bedroom flat',
  'four-bedroom Victorian terrace',
  'quiet two-bedroom flat',
  'newly refurbished five-bedroom house share',
  'modern block with a concierge',
  'converted warehouse flat',
  'Edwardian family house',
  'purpose-built flatshare with a roof terrace',
];
const FEATURES = [
  'a large sash window',
  'built-in wardrobes',
  'original wooden floors',
  'a bay window overlooking the garden',
  'plenty of storage',
  'a desk by the window',
  'high ceilings',
  'a small balcony',
  'blackout blinds and a new mattress',
];
const SHARERS = [
  'You would be sharing with two young professionals who work in design and teaching.',
  'The current flatmates are a nurse and a PhD student; the house is calm during the week.',
  'Three easy-going housemates, all working full time, who cook together now and then.',
  'Ideal for a student or young professional; the others are in their twenties and thirties.',
  'A small, tidy household with a cleaner for the shared areas every fortnight.',
];
const CLOSINGS = [
  'Viewings most evenings and weekends.',
  'Video viewings welcome.',
  'References and right-to-rent checks required.',
  'Available for a long let; short lets considered.',
  'Message to arrange a viewing.',
];
const LEASE_TERMS = [
  '6-month minimum, then rolling monthly',
  '12-month assured shorthold tenancy',
  'Minimum 3 months',
  'Flexible: 1 to 12 months',
  'Rolling monthly contract, one month’s notice',
  '12 months with a break clause at 6 months',
];

/** How a description mentions each amenity (furnished and bills have sentences of their own). */
const AMENITY_PHRASES: Partial<Record<AmenityKey, string>> = {
  wifi: 'fast WiFi',
  parking: 'off-street parking',
  laundry: 'a washing machine and dryer',
  air_conditioning: 'air conditioning',
  heating: 'central heating',
  kitchen_access: 'use of a well-equipped kitchen',
  private_bathroom: 'a private bathroom',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'a house', 'an Edwardian house' */
const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;

const list = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

function amenitiesFor(random: Random, area: Area, type: RoomType): AmenityKey[] {
  const odds: Record<AmenityKey, number> = {
    wifi: 0.92,
    parking: area.parking,
    laundry: 0.6,
    furnished: 0.78,
    air_conditioning: area.name === 'Canary Wharf' ? 0.4 : 0.07,
    heating: 0.88,
    kitchen_access: type === 'Studio' ? 0.95 : 0.85,
    private_bathroom: type === 'Studio' ? 1 : type === 'Shared' ? 0.03 : 0.22,
    bills_included: type === 'Shared' ? 0.7 : 0.45,
  };
  return AMENITIES.map((a) => a.key).filter((key) => chance(random, odds[key]));
}

/** Rent for the room type in the area, rounded as adverts are, within RENT_MIN..RENT_MAX (spread out near the bounds, never piled on them). */
function rentFor(random: Random, area: Area, type: RoomType, billsIncluded: boolean): number {
  const [low, high] = RENT_RANGE[type];
  let raw = (low + random() * (high - low)) * area.rentFactor * (billsIncluded ? 1.06 : 1);
  if (raw < RENT_MIN) raw = RENT_MIN + random() * 90;
  if (raw > RENT_MAX) raw = RENT_MAX - random() * 200;
  const step = raw > 1000 ? 25 : 5;
  return Math.min(RENT_MAX, Math.max(RENT_MIN, Math.round(raw / step) * step));
}

function postcode(random: Random, area: Area): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  return `${pick(random, area.sectors)}${pick(random, [...letters])}${pick(random, [...letters])}`;
}

function describe(random: Random, area: Area, type: RoomType, amenities: AmenityKey[], station: string): string {
  const home = pick(random, HOMES);
  const opening =
    type === 'Studio'
      ? `A self-contained studio with its own kitchenette, shower room and ${pick(random, FEATURES)}, in a ${pick(random, ['modern block', 'converted Victorian house', 'quiet mews'])} in ${area.name}.`
      : type === 'Shared'
        ? `A bed in a large twin room shared with one other person, in ${withArticle(home)} in ${area.name}. Each sharer has their own wardrobe and desk.`
        : `${capitalise(withArticle(pick(random, ADJECTIVES).toLowerCase()))} ${type === 'Single' ? 'single' : 'double'} room with ${pick(random, type === 'Double' ? [...FEATURES, 'a king-size bed'] : FEATURES)} in ${withArticle(home)} in ${area.name}.`;
  const minutes = between(random, 2, 14);
  const transport = `${station} station is ${[8, 11].includes(minutes) ? 'an' : 'a'} ${minutes}-minute walk away${area.region === 'London' ? ', so central London is easy to reach' : ''}.`;
  const extras = amenities
    .filter((key) => !(type === 'Studio' && (key === 'kitchen_access' || key === 'private_bathroom')))
    .map((key) => AMENITY_PHRASES[key])
    .filter((phrase): phrase is string => Boolean(phrase));
  const furnished = amenities.includes('furnished');
  const comes = extras.length
    ? `${furnished ? 'It comes furnished, with' : 'It is unfurnished, with'} ${list(extras)}.`
    : furnished
      ? 'It comes furnished.'
      : '';
  const share = between(random, 9, 18) * 5;
  const bills = amenities.includes('bills_included')
    ? 'All bills, including council tax and broadband, are included in the rent.'
    : type === 'Studio'
      ? `Bills come to about £${share + 40} a month.`
      : `Bills are shared between housemates, about £${share} a month each.`;
  const sharing = type === 'Studio' ? '' : pick(random, SHARERS);
  return [opening, transport, comes, bills, sharing, pick(random, CLOSINGS)].filter(Boolean).join(' ');
}

function titleFor(random: Random, area: Area, type: RoomType, amenities: AmenityKey[], station: string): string {
  const words = pick(random, TYPE_WORDS[type]);
  const capitalised = capitalise(words);
  const options = [
    `${pick(random, ADJECTIVES)} ${words} in ${area.name}`,
    `${capitalised} near ${station} station`,
    `${pick(random, ADJECTIVES)} ${words}, ${area.name}`,
  ];
  if (amenities.includes('bills_included')) options.push(`${pick(random, ADJECTIVES)} ${words}, bills included`);
  if (amenities.includes('private_bathroom') && type !== 'Studio') options.push(`${capitalised} with private bathroom in ${area.name}`);
  return pick(random, options);
}

export interface GenerateOptions {
  count: number;
  /** Landlord ids by region; each listing goes to one of its region's landlords. */
  landlords: Readonly<Record<Region, readonly number[]>>;
  images: readonly StoredImage[];
  seed?: number;
  /** Listings are posted over this many days before now (all unexpired when below LISTING_ACTIVE_DAYS). */
  postedWithinDays?: number;
}

/** Generates `count` listings across the catalogue's areas. */
export function generateListings({ count, landlords, images, seed = 20_260_101, postedWithinDays = 25 }: GenerateOptions): SeedListing[] {
  const random = seededRandom(seed);
  const rows: SeedListing[] = [];
  for (let i = 0; i < count; i++) {
    const area = weighted(random, AREAS, (a) => a.weight);
    const type = weighted(random, Object.keys(ROOM_TYPE_WEIGHTS) as RoomType[], (t) => ROOM_TYPE_WEIGHTS[t]);
    const amenities = amenitiesFor(random, area, type);
    const station = pick(random, area.stations);
    const rent = rentFor(random, area, type, amenities.includes('bills_included'));
    const image = images.length && !chance(random, 0.03) ? pick(random, images) : null;
    const depositRoll = random();
    rows.push({
      landlord_id: pick(random, landlords[area.region]),
      title: titleFor(random, area, type, amenities, station),
      description: describe(random, area, type, amenities, station),
      address: `${between(random, 1, 240)} ${pick(random, area.streets)}, ${area.name}`,
      city: area.city,
      state: area.state,
      zip_code: postcode(random, area),
      room_type: type,
      rent,
      // Usually five weeks' rent (the legal cap), sometimes a month, sometimes none.
      deposit: depositRoll < 0.65 ? Math.round((rent * 12 * 5) / 52) : depositRoll < 0.85 ? rent : null,
      available_in_days: Math.round(-10 + random() ** 1.6 * 85),
      image_path: image?.imagePath ?? null,
      thumb_path: image?.thumbPath ?? null,
      lease_terms: pick(random, LEASE_TERMS),
      pet_policy: weighted(random, ['Not Allowed', 'Case-by-Case', 'Allowed'] as const, (p) => ({ 'Not Allowed': 0.6, 'Case-by-Case': 0.28, Allowed: 0.12 })[p]),
      smoking_policy: weighted(random, ['Not Allowed', 'Outside Only', 'Allowed'] as const, (p) => ({ 'Not Allowed': 0.75, 'Outside Only': 0.22, Allowed: 0.03 })[p]),
      status: weighted(random, ['Available', 'Pending', 'Unavailable'] as const, (s) => ({ Available: 0.88, Pending: 0.08, Unavailable: 0.04 })[s]),
      amenities,
      age_minutes: Math.floor(random() * postedWithinDays * 24 * 60),
    });
  }
  return rows;
}

/** Rows per statement: a few MB of JSON, far below any parameter limit. */
const BATCH_SIZE = 5000;

/** Pictures of the other rooms for a listing's further photos, and the size of every demo picture. */
export interface SeedPhotos {
  extras: readonly { imagePath: string; thumbPath: string }[];
  width: number;
  height: number;
}

/**
 * Inserts generated listings in batches; times and dates are taken relative to the database's now() and current_date.
 * With `photos`, each listing with an illustration gets 2 to 5 further photos of the other rooms after it (chosen by
 * its id, none twice), so demo rooms have 3 to 6 photos.
 */
export async function insertListings(db: Kysely<DB>, rows: readonly SeedListing[], photos?: SeedPhotos): Promise<void> {
  const extras = JSON.stringify((photos?.extras ?? []).map((e, i) => ({ i, path: e.imagePath, card_path: e.thumbPath })));
  const count = Math.max(1, photos?.extras.length ?? 0);
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = JSON.stringify(rows.slice(start, start + BATCH_SIZE));
    // Each listing's illustration becomes its first photo; its cover columns already hold it (migration 0014's trigger agrees).
    await sql`
      with inserted as (
      insert into listings (
        landlord_id, title, description, address, city, state, zip_code, room_type, rent, deposit, available_date,
        image_path, thumb_path, lease_terms, pet_policy, smoking_policy, status, amenities, created_at, updated_at, expires_at
      )
      select
        r.landlord_id, r.title, r.description, r.address, r.city, r.state, r.zip_code, r.room_type, r.rent, r.deposit,
        current_date + r.available_in_days, r.image_path, r.thumb_path, r.lease_terms, r.pet_policy, r.smoking_policy, r.status,
        r.amenities, p.posted, p.posted, p.posted + make_interval(days => ${LISTING_ACTIVE_DAYS})
      from jsonb_to_recordset(${batch}::jsonb) as r(
        landlord_id integer, title text, description text, address text, city text, state text, zip_code text, room_type text,
        rent numeric, deposit numeric, available_in_days integer, image_path text, thumb_path text, lease_terms text,
        pet_policy text, smoking_policy text, status text, amenities text[], age_minutes integer
      )
      cross join lateral (select now() - make_interval(mins => r.age_minutes) as posted) as p
      returning id, image_path, thumb_path
      )
      insert into listing_photos (listing_id, position, path, card_path, width, height)
      select id, 0, image_path, thumb_path, ${photos?.width ?? null}::integer, ${photos?.height ?? null}::integer
      from inserted where image_path is not null and thumb_path is not null
      union all
      -- Steps of 5 through the pictures (coprime with their count, 16): five in a row are all different.
      select inserted.id, n, e.path, e.card_path, ${photos?.width ?? null}::integer, ${photos?.height ?? null}::integer
      from inserted
      cross join lateral generate_series(1, 2 + inserted.id % 4) as n
      join jsonb_to_recordset(${extras}::jsonb) as e(i integer, path text, card_path text) on e.i = (inserted.id * 7 + n * 5) % ${count}
      where inserted.image_path is not null
    `.execute(db);
  }
}
