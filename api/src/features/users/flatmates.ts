/**
 * Flatmate search: listed profiles (is_actively_looking) of people not suspended, most recently
 * updated first, the id breaking ties so that pages never overlap.
 *
 * - preferred_locations: a comma list; a profile matches when any of the terms
 *   appears, case-insensitively, in its PreferredLocations ("hackney" finds
 *   "Hackney, Stratford" and "Hackney Wick"). `%`, `_` and `\` match themselves.
 *   Served by the trigram index on lower(preferred_locations).
 * - budget_min / budget_max: the searcher's range overlaps the profile's
 *   (a profile's missing bound is open on that side).
 * - move_in_date: the profile moves in on or before that day (a profile
 *   without a date does not match a date filter).
 */
import { FLATMATE_DEFAULT_PAGE, FLATMATE_PAGE_SIZE, type FlatmateCard, type FlatmateSearchQuery } from '@roomnest/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';

/** At most this many location terms count (the rest are ignored). */
export const MAX_LOCATION_TERMS = 10;

/** The distinct, trimmed, lower-case terms of a comma list. */
export function locationTerms(text: string | undefined): string[] {
  if (!text) return [];
  const terms = text
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t.length > 0);
  return [...new Set(terms)].slice(0, MAX_LOCATION_TERMS);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filters(eb: ExpressionBuilder<DB, 'users'>, query: FlatmateSearchQuery): Expression<SqlBool> {
  // A suspended person leaves flatmate search at once, and comes back when restored (their setting is kept).
  const conditions: Expression<SqlBool>[] = [eb('is_actively_looking', '=', true), eb('suspended_at', 'is', null)];
  const terms = locationTerms(query.preferred_locations);
  if (terms.length > 0) {
    conditions.push(eb.or(terms.map((term) => eb(sql<string>`lower(preferred_locations)`, 'like', `%${escapeLike(term)}%`))));
  }
  if (query.budget_min !== undefined) conditions.push(eb.or([eb('budget_max', 'is', null), eb('budget_max', '>=', query.budget_min)]));
  if (query.budget_max !== undefined) conditions.push(eb.or([eb('budget_min', 'is', null), eb('budget_min', '<=', query.budget_max)]));
  if (query.move_in_date !== undefined) conditions.push(eb('flatmate_move_in_date', '<=', query.move_in_date));
  return eb.and(conditions);
}

export function toFlatmateCard(
  row: Pick<UserRow, 'id' | 'name' | 'profile_picture_url' | 'bio' | 'looking_for_description' | 'budget_min' | 'budget_max' | 'preferred_locations' | 'flatmate_move_in_date' | 'email_verified_at'>,
): FlatmateCard {
  return {
    UserID: row.id,
    Name: row.name,
    ProfilePictureURL: row.profile_picture_url,
    Bio: row.bio,
    LookingForDescription: row.looking_for_description,
    BudgetMin: row.budget_min,
    BudgetMax: row.budget_max,
    PreferredLocations: row.preferred_locations,
    FlatmateMoveInDate: row.flatmate_move_in_date,
    EmailVerified: row.email_verified_at !== null,
  };
}

export async function searchFlatmates(db: Kysely<DB>, query: FlatmateSearchQuery): Promise<{ profiles: FlatmateCard[]; currentPage: number; totalPages: number }> {
  const page = query.page ?? FLATMATE_DEFAULT_PAGE;
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'name', 'profile_picture_url', 'bio', 'looking_for_description', 'budget_min', 'budget_max', 'preferred_locations', 'flatmate_move_in_date', 'email_verified_at'])
      .where((eb) => filters(eb, query))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(FLATMATE_PAGE_SIZE)
      .offset((page - 1) * FLATMATE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where((eb) => filters(eb, query))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(counted.total);
  return { profiles: rows.map(toFlatmateCard), currentPage: page, totalPages: Math.ceil(total / FLATMATE_PAGE_SIZE) };
}
