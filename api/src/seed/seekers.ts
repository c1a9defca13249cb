/**
 * Demo flatmate seekers: tenants with a filled-in flatmate profile (bio,
 * what they look for, a budget that fits where they want to live, preferred
 * areas in East London, Manchester or Birmingham, a move-in date in the next
 * few months) and a rendered avatar. Most are listed in flatmate search. The
 * same seed gives the same seekers; they sign in with the demo tenant's
 * password at `<first>.<last>.<n>@seekers.roomnest.test`.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { AREAS, type Region } from './catalogue.ts';
import { seededRandom } from './listings.ts';

export const DEFAULT_SEED_SEEKERS = 300;
/** Share of seekers listed in flatmate search. */
export const LISTED_SHARE = 0.85;

type Random = () => number;
const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const FIRST_NAMES = [
  'Olivia', 'Amelia', 'Isla', 'Ava', 'Mia', 'Freya', 'Grace', 'Sophie', 'Zara', 'Priya', 'Aisha', 'Fatima', 'Chloe', 'Emily', 'Hannah', 'Leah',
  'Niamh', 'Ellie', 'Maya', 'Nadia', 'Yasmin', 'Chiara', 'Lucia', 'Ines', 'Mei', 'Ngozi', 'Ama', 'Sana', 'Kasia', 'Ana',
  'Oliver', 'George', 'Harry', 'Noah', 'Jack', 'Leo', 'Arthur', 'Oscar', 'Charlie', 'James', 'Ethan', 'Samuel', 'Daniel', 'Joseph', 'Adam',
  'Mohammed', 'Omar', 'Yusuf', 'Arjun', 'Rohan', 'Kwame', 'Tunde', 'Marco', 'Luca', 'Mateo', 'Tomasz', 'Jakub', 'Wei', 'Kenji', 'Callum', 'Rhys', 'Finn',
] as const;
const LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Khan', 'Ali', 'Ahmed', 'Begum', 'Shah', 'Singh',
  'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Hughes', 'Green', 'Hall', 'Clarke', 'Murphy', 'Kelly', "O'Brien", 'Campbell', 'Stewart',
  'Okafor', 'Adeyemi', 'Mensah', 'Owusu', 'Nowak', 'Kowalski', 'Rossi', 'Bianchi', 'Garcia', 'Silva', 'Costa', 'Chen', 'Wang', 'Li', 'Nguyen', 'Tanaka',
] as const;

const JOBS = [
  'junior doctor at the Royal London', 'nurse on a hospital ward', 'software developer at a fintech start-up', 'primary school teacher',
  'graphic designer working from home two days a week', 'PhD student in chemistry', 'trainee solicitor', 'barista and part-time photographer',
  'civil engineer on the rail projects', 'accountant at a firm in the City', 'marketing executive', 'physiotherapist', 'chef in a busy restaurant kitchen',
  'master’s student in urban planning', 'data analyst for a charity', 'architectural assistant', 'pharmacist', 'social worker', 'user researcher',
  'musician who teaches piano in the daytime', 'product manager', 'paramedic working shifts', 'journalist', 'video editor', 'retail manager',
] as const;
const ORIGINS = [
  'I have just moved down from Leeds', 'I grew up in Cardiff', 'I am relocating from Glasgow', 'I moved to the UK from Lisbon last year',
  'I have lived in the area for three years', 'I am coming back after two years working in Melbourne', 'I moved over from Dublin for work',
  'I am originally from Bristol', 'I am new to the city', 'I have been in a flatshare nearby for a while but my landlord is selling',
] as const;
const HABITS = [
  'I am tidy, cook most evenings and am happy to share the odd meal',
  'I am quiet during the week and like a film night at the weekend',
  'I run most mornings and am usually in bed by eleven',
  'I love board games, cooking for friends and keeping the kitchen clean',
  'I work shifts, so I am considerate about noise and keep to myself when I need to sleep',
  'I am sociable but respect people’s space, and I always do my share of the cleaning',
  'I play five-a-side twice a week and am otherwise pretty easy-going',
  'I am vegetarian, cook a lot and am glad to share kitchen space',
  'I do yoga, read a lot and like a calm, friendly home',
  'I am out a lot with work, so the house would be quiet from me during the day',
] as const;
const WANTS = [
  'A double room in a friendly house share with two or three professionals',
  'A room in a calm flat with one or two easy-going flatmates',
  'A sociable house where people eat together now and then',
  'A quiet flatshare close to the station, ideally with a garden',
  'A bright room with space for a desk, as I work from home some days',
  'A room in a clean, well-kept flat with people who like their space but are friendly',
  'A house share with other young professionals, bills included if possible',
  'A room with a decent kitchen, since I cook every day',
] as const;
const EXTRAS = [
  'No smokers, please.',
  'Pet-friendly would be a bonus: I love cats.',
  'Good broadband matters to me.',
  'Within 15 minutes’ walk of a Tube, Overground or tram stop.',
  'Happy to meet for a coffee first.',
  'A minimum stay of six months suits me.',
  'Ideally somewhere with a washing machine and a bit of outdoor space.',
  '',
] as const;

/** Areas people name together (neighbours), by region. */
const REGION_AREAS: Record<Region, string[]> = {
  London: AREAS.filter((a) => a.region === 'London').map((a) => a.name),
  Manchester: AREAS.filter((a) => a.region === 'Manchester').map((a) => a.name),
  Birmingham: AREAS.filter((a) => a.region === 'Birmingham').map((a) => a.name),
};
const BUDGET_BASE: Record<Region, number> = { London: 750, Manchester: 550, Birmingham: 500 };

export interface SeekerRow {
  name: string;
  email: string;
  phone_number: string | null;
  profile_picture_url: string | null;
  bio: string;
  looking_for_description: string;
  budget_min: number;
  budget_max: number;
  preferred_locations: string;
  move_in_in_days: number;
  is_actively_looking: boolean;
  /** How long ago the profile was last updated (orders flatmate search). */
  age_minutes: number;
  /** Confirmed their email address: four seekers in five (by position, so the rest of the data stays as it was). */
  email_verified: boolean;
}

export interface GenerateSeekersOptions {
  count: number;
  avatars: readonly string[];
  seed?: number;
}

export function generateSeekers({ count, avatars, seed = 20_260_202 }: GenerateSeekersOptions): SeekerRow[] {
  const random = seededRandom(seed);
  const rows: SeekerRow[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const roll = random();
    const region: Region = roll < 0.72 ? 'London' : roll < 0.86 ? 'Manchester' : 'Birmingham';
    const areas = REGION_AREAS[region];
    const wanted = new Set<string>();
    const howMany = between(random, 1, 3);
    while (wanted.size < Math.min(howMany, areas.length)) wanted.add(pick(random, areas));
    const base = BUDGET_BASE[region];
    const min = Math.round((base + between(random, -150, 350)) / 25) * 25;
    const max = min + Math.round(between(random, 100, 500) / 25) * 25;
    const extra = pick(random, EXTRAS);
    rows.push({
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@seekers.roomnest.test`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      phone_number: random() < 0.6 ? `07700 9${String(between(random, 0, 99_999)).padStart(5, '0')}` : null,
      profile_picture_url: avatars.length > 0 && random() < 0.92 ? avatars[i % avatars.length]! : null,
      bio: `I am ${withArticle(pick(random, JOBS))}. ${pick(random, ORIGINS)}. ${pick(random, HABITS)}.`,
      looking_for_description: `${pick(random, WANTS)}.${extra ? ` ${extra}` : ''}`,
      budget_min: min,
      budget_max: max,
      preferred_locations: [...wanted].join(', '),
      move_in_in_days: between(random, 3, 120),
      is_actively_looking: random() < LISTED_SHARE,
      age_minutes: between(random, 5, 40 * 24 * 60),
      email_verified: i % 5 !== 4,
    });
  }
  return rows;
}

/** Inserts seekers in one statement per 1,000 (all share one password hash). */
export async function insertSeekers(db: Kysely<DB>, rows: readonly SeekerRow[], passwordHash: string): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = JSON.stringify(rows.slice(start, start + 1000));
    await sql`
      insert into users (
        name, email, password_hash, user_type, plan, phone_number, profile_picture_url, bio, looking_for_description,
        budget_min, budget_max, preferred_locations, flatmate_move_in_date, is_actively_looking, created_at, updated_at, email_verified_at
      )
      select
        r.name, r.email, ${passwordHash}, 'Tenant', 'Free', r.phone_number, r.profile_picture_url, r.bio, r.looking_for_description,
        r.budget_min, r.budget_max, r.preferred_locations, current_date + r.move_in_in_days, r.is_actively_looking,
        now() - make_interval(mins => r.age_minutes), now() - make_interval(mins => r.age_minutes),
        case when r.email_verified then now() - make_interval(mins => r.age_minutes) end
      from jsonb_to_recordset(${batch}::jsonb) as r(
        name text, email text, phone_number text, profile_picture_url text, bio text, looking_for_description text,
        budget_min integer, budget_max integer, preferred_locations text, move_in_in_days integer, is_actively_looking boolean, age_minutes integer,
        email_verified boolean
      )
    `.execute(db);
  }
}
