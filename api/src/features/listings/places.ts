/**
 * The City field of public search read as a place. People type where they
 * want to live the way they know it: a city ("London", or its start, "Lon"),
 * an area ("Hackney"), a street ("Mare Street"), a postcode district ("E8") or
 * a full postcode ("E8 3PB", "e83pb"), or several of those from the most
 * precise to the least, separated by commas ("Stratford, London", "Mare
 * Street, Hackney"). resolvePlace turns the text into equalities on the
 * indexed place columns of migration 0009 (and the city prefix of 0006), and
 * says what it understood, for the page to show ("Rooms in Hackney, London").
 *
 * - A postcode or an outward code is known by its shape alone: no statement.
 *   An outward code matches the district exactly, so "E8" finds E8 3PB but
 *   neither E81 nor E18.
 * - Any other text: one statement looks up the areas and streets it names
 *   exactly and the cities it starts in the places table (migration 0013),
 *   which the database keeps beside the listings: a few dozen rows read
 *   through its key, however many listings there are. One part
 *   may be several things at once (an area and the start of a city's name):
 *   each reading is one match, and under relevance the exact area, district
 *   and postcode matches come first (repository.ts).
 * - Several parts: each is read on its own and takes its most precise reading
 *   (postcode, district, area, street, then city, a city named in full before
 *   the cities it starts); the match is every reading together. A last part
 *   naming the country ("UK") is set aside. A part with no reading means the
 *   text was not understood: no match, and an empty search.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/** User text in a LIKE pattern: its %, _ and \ match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A city prefix matching more distinct cities than this is matched as a prefix (LIKE) instead of as a list of cities. */
export const MAX_CITY_EXPANSION = 20;

/**
 * The City filter, resolved: the distinct lower-case cities the prefix matches
 * (an equality on one city reads the per-city indexes of migration 0006 in
 * sort order), or null when more than MAX_CITY_EXPANSION cities match.
 */
export type CityMatch = readonly string[] | null;

/**
 * The distinct lower-case cities that `prefix` matches case-insensitively from
 * the start, named by any listing whatever its status: a range of the places
 * table's key (migration 0013).
 */
export async function matchCities(db: Executor, prefix: string): Promise<CityMatch> {
  const { rows } = await sql<{ city: string }>`
    select distinct key as city from places
    where kind = 'city' and key like lower(${`${escapeLike(prefix)}%`}) and listings > 0
    order by key limit ${MAX_CITY_EXPANSION + 1}
  `.execute(db);
  return rows.length > MAX_CITY_EXPANSION ? null : rows.map((r) => r.city);
}

export type PlaceKind = 'city' | 'area' | 'street' | 'district' | 'postcode';

/** One reading of the text: equalities on indexed columns, every one of which a listing meets. */
export interface PlaceMatch {
  /** The most precise thing named ("Mare Street, Hackney" is a street). */
  kind: PlaceKind;
  /** An area, district or postcode named exactly: shown first under relevance. */
  exact: boolean;
  /** As people write it: "Hackney, London", "E8", "E8 3PB", "Mare Street, Hackney". */
  label: string;
  /** The area's name, matched in any letter case. */
  area?: string;
  /** The street's name, matched in any letter case. */
  street?: string;
  /** The outward code in capitals, e.g. E8. */
  district?: string;
  /** Capitals without spaces, e.g. E83PB. */
  postcode?: string;
  /** The start of a city's name and the lower-case cities it matches (null: more than MAX_CITY_EXPANSION, matched as a prefix). */
  city?: { prefix: string; cities: CityMatch };
}

export interface Place {
  /** At least one match. Not understood: the search finds nothing. */
  understood: boolean;
  /** What the page shows after "Rooms in": every match's label together; null when not understood. */
  label: string | null;
  /** In order: the exact ones first. */
  matches: PlaceMatch[];
}

const NOTHING: Place = { understood: false, label: null, matches: [] };

/** A full UK postcode, spaces left out: outward code, then the inward code (a digit and two letters). */
const POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;
/** An outward code alone (a postcode district). */
const OUTWARD = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
/** A last part that names the country, not a place in it. */
const COUNTRIES = new Set(['uk', 'u.k.', 'united kingdom', 'gb', 'great britain', 'britain', 'england', 'scotland', 'wales', 'northern ireland']);

/** The key a text is kept under (the search cache): letter case and runs of spaces make no difference to the reading. */
export const placeKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** 'E8 3PB' for 'e83pb' or 'E8  3pb'; null when it is no full UK postcode. */
export function readPostcode(text: string): { postcode: string; label: string } | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const parts = POSTCODE.exec(compact);
  return parts ? { postcode: compact, label: `${parts[1]} ${parts[2]}` } : null;
}

/** 'E8' for 'e8'; null when it is no outward code. */
export function readDistrict(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return OUTWARD.test(compact) ? compact : null;
}

/** "A", "A or B", "A, B or C". */
const either = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? ''));
/** "A", "A and B", "A, B and C". */
const both = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** What one part of the text can name, as found in the listings. */
interface Readings {
  text: string;
  postcode?: { postcode: string; label: string };
  district?: string;
  /** Its usual spelling and the cities it is in, most listings first. */
  area?: { name: string; cities: string[] };
  /** Its usual spelling and the areas it is in, most listings first. */
  street?: { name: string; areas: string[] };
  /** The cities it starts (lower case), and their names when at most three. */
  city?: { cities: CityMatch; names: string[] };
}

/** Spellings and places read per area or street: the most common ones. */
const SAMPLE = 100;

interface ReadingRow {
  kind: 'city' | 'area' | 'street';
  /** city: lower(city); area, street: the spelling. */
  name: string;
  /** city: its most common spelling; area: its city; street: its area ('' when none). */
  within: string;
  n: number;
}

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))];

/**
 * The statement that reads a part of the text that is no postcode: the areas
 * and streets it names exactly, with an available listing, and the cities it
 * starts, with any listing (see the header). Two ranges of the places table's
 * primary key (migration 0013), a few dozen rows however many listings there
 * are. Exposed for the benchmark's query plans.
 */
export function placeQuery(text: string) {
  return sql<ReadingRow>`
    (
      select 'city' as kind, key as name, (array_agg(name order by listings desc, name))[1] as within, 0 as n
      from places where kind = 'city' and key like lower(${`${escapeLike(text)}%`}) and listings > 0
      group by key order by key limit ${MAX_CITY_EXPANSION + 1}
    )
    union all
    (
      select kind, name, within, available from places
      where kind in ('area', 'street') and key = lower(${text}) and available > 0
      order by available desc, name, within limit ${SAMPLE}
    )
  `;
}

/** Everything one part can name: by its shape, or by one statement (placeQuery). */
async function readPart(db: Executor, text: string): Promise<Readings> {
  const postcode = readPostcode(text);
  if (postcode) return { text, postcode };
  const district = readDistrict(text);
  if (district) return { text, district };
  const { rows } = await placeQuery(text).execute(db);
  const readings: Readings = { text };
  // Most listings first (the statement orders them so).
  const areas = rows.filter((r) => r.kind === 'area');
  if (areas.length) readings.area = { name: areas[0]!.name, cities: distinct(areas.map((r) => r.within)) };
  const streets = rows.filter((r) => r.kind === 'street');
  if (streets.length) readings.street = { name: streets[0]!.name, areas: distinct(streets.map((r) => r.within)) };
  const cities = rows.filter((r) => r.kind === 'city');
  if (cities.length > MAX_CITY_EXPANSION) readings.city = { cities: null, names: [] };
  else if (cities.length) readings.city = { cities: cities.map((r) => r.name), names: cities.length <= 3 ? distinct(cities.map((r) => r.within)) : [] };
  return readings;
}

function cityLabel(text: string, names: readonly string[], count: number | null): string {
  return names.length && names.length === count ? either(names) : `places starting with “${text}”`;
}

/** The text names a city in full (and so means it, even where an address names it as its area: "…, London" of a Croydon room). */
const namesCity = (r: Readings) => Boolean(r.city?.cities?.includes(r.text.toLowerCase()));

/** Each reading of a text of one part, as a match of its own: the exact ones first. */
function partMatches(r: Readings): PlaceMatch[] {
  const matches: PlaceMatch[] = [];
  if (r.postcode) matches.push({ kind: 'postcode', exact: true, label: r.postcode.label, postcode: r.postcode.postcode });
  if (r.district) matches.push({ kind: 'district', exact: true, label: r.district, district: r.district });
  if (r.area && !namesCity(r)) {
    const label = r.area.cities.length === 1 ? `${r.area.name}, ${r.area.cities[0]}` : r.area.name;
    matches.push({ kind: 'area', exact: true, label, area: r.text });
  }
  if (r.street) {
    const label = r.street.areas.length === 1 ? `${r.street.name}, ${r.street.areas[0]}` : r.street.name;
    matches.push({ kind: 'street', exact: false, label, street: r.text });
  }
  if (r.city) {
    const label = cityLabel(r.text, r.city.names, r.city.cities?.length ?? null);
    matches.push({ kind: 'city', exact: false, label, city: { prefix: r.text, cities: r.city.cities } });
  }
  return matches;
}

const PRECISION: PlaceKind[] = ['postcode', 'street', 'district', 'area', 'city'];

/** The one reading a part takes among several: the most precise, a city named in full before an area or a street of that name. */
function bestReading(r: Readings): 'postcode' | 'district' | 'area' | 'street' | 'city' | null {
  if (r.postcode) return 'postcode';
  if (r.district) return 'district';
  if (r.city && namesCity(r)) return 'city';
  if (r.area) return 'area';
  if (r.street) return 'street';
  return r.city ? 'city' : null;
}

/** Several parts: each takes its best reading, all of them one match; null when a part has none. */
function combine(parts: Readings[]): PlaceMatch | null {
  const match: Omit<PlaceMatch, 'kind'> = { exact: true, label: '' };
  const labels: string[] = [];
  const kinds: PlaceKind[] = [];
  for (const r of parts) {
    const kind = bestReading(r);
    if (!kind) return null;
    kinds.push(kind);
    if (kind === 'postcode') {
      match.postcode = r.postcode!.postcode;
      labels.push(r.postcode!.label);
    } else if (kind === 'district') {
      match.district = r.district!;
      labels.push(r.district!);
    } else if (kind === 'area') {
      match.area = r.text;
      labels.push(r.area!.name);
    } else if (kind === 'street') {
      match.street = r.text;
      labels.push(r.street!.name);
    } else {
      // A city named in full means that city, not every city it starts ("London", not Londonderry too).
      const { cities: matched, names } = r.city!;
      const full = namesCity(r);
      const cities = full ? [r.text.toLowerCase()] : matched;
      const fullName = full ? names.find((n) => n.toLowerCase() === r.text.toLowerCase()) : undefined;
      match.city = { prefix: r.text, cities };
      labels.push(fullName ?? (cities && cities.length === names.length ? either(names) : r.text));
    }
  }
  return { ...match, kind: PRECISION.find((k) => kinds.includes(k))!, label: labels.join(', ') };
}

/** The parts of a text of the City field as it is read: trimmed, spaces collapsed, a last part naming the country set aside. */
export function placeParts(text: string): string[] {
  const parts = text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  while (parts.length > 1 && COUNTRIES.has(parts.at(-1)!.toLowerCase())) parts.pop();
  return parts;
}

/** The place a text of the City field names (see the header). */
export async function resolvePlace(db: Executor, text: string): Promise<Place> {
  const parts = placeParts(text);
  if (!parts.length) return NOTHING;
  let matches: PlaceMatch[];
  if (parts.length === 1) {
    matches = partMatches(await readPart(db, parts[0]!));
  } else {
    const readings: Readings[] = [];
    for (const part of parts) readings.push(await readPart(db, part));
    const match = combine(readings);
    matches = match ? [match] : [];
  }
  if (!matches.length) return NOTHING;
  return { understood: true, label: both(matches.map((m) => m.label)), matches };
}
