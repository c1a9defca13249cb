/** The alerts' statements: recording a listing's matches, and reading what an instant email or a digest sends. */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';
import { IS_PUBLIC } from '../listings/repository.ts';
import { matchQuery, type SearchMatch } from './matching.ts';

/**
 * Records that the searches `listingId` matches now will tell of it (alert_deliveries), and answers the ones that
 * had not been told before: a search is told of a listing once, however often it is renewed or set back to
 * Available. One statement: the match, the insert and its answer.
 */
export async function recordMatches(db: Executor, listingId: number, now: Date): Promise<SearchMatch[]> {
  const { rows } = await sql<SearchMatch>`
    with m as (${matchQuery(listingId)}),
    added as (
      insert into alert_deliveries (saved_search_id, listing_id, created_at)
      select saved_search_id, ${listingId}, ${now} from m
      on conflict do nothing
      returning saved_search_id
    )
    select m.saved_search_id, m.user_id, m.frequency from added join m on m.saved_search_id = added.saved_search_id
  `.execute(db);
  return rows;
}

/** A public listing as an alert shows it: title, rent, place and the cover's card copy. */
export interface AlertListing {
  id: number;
  title: string;
  rent: number;
  city: string;
  area: string | null;
  card_path: string | null;
}

const listingColumns = ['listings.id', 'listings.title', 'listings.rent', 'listings.city', 'listings.area', sql<string | null>`coalesce(listings.thumb_path, listings.image_path)`.as('card_path')] as const;

/** The listing when it is public now; undefined otherwise (withdrawn, expired, deleted within the grace period). */
export function findPublicAlertListing(db: Executor, listingId: number): Promise<AlertListing | undefined> {
  return db
    .selectFrom('listings')
    .select(listingColumns)
    .where('listings.id', '=', listingId)
    .where(IS_PUBLIC)
    .executeTakeFirst() as Promise<AlertListing | undefined>;
}

/** The person's instant searches still waiting to tell of `listingId`, oldest first, with the person's address. */
export function pendingInstantSearches(db: Executor, userId: number, listingId: number) {
  return db
    .selectFrom('alert_deliveries as d')
    .innerJoin('saved_searches as s', 's.id', 'd.saved_search_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.name', 'u.email'])
    .where('d.listing_id', '=', listingId)
    .where('s.user_id', '=', userId)
    .where('s.frequency', '=', 'instant')
    .where('d.sent_at', 'is', null)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

/** Marks the searches' deliveries of these listings sent, and the searches' last email. */
export async function markSent(db: Executor, searchIds: readonly number[], listingIds: readonly number[], now: Date): Promise<void> {
  if (!searchIds.length || !listingIds.length) return;
  await db
    .updateTable('alert_deliveries')
    .set({ sent_at: now })
    .where('saved_search_id', 'in', searchIds)
    .where('listing_id', 'in', listingIds)
    .where('sent_at', 'is', null)
    .execute();
  await db.updateTable('saved_searches').set({ last_sent_at: now }).where('id', 'in', searchIds).execute();
}

/**
 * The next batch of daily searches with matches waiting that are public now (a room withdrawn or expired since it
 * matched is never sent, so it must not make a digest job each day), after `after`, in id order (the digest's keyset).
 */
export async function dailySearchesWaiting(db: Executor, after: number, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select s.id from saved_searches s
    where s.frequency = 'daily' and s.id > ${after}
      and exists (
        select 1 from alert_deliveries d join listings on listings.id = d.listing_id
        where d.saved_search_id = s.id and d.sent_at is null and ${IS_PUBLIC}
      )
    order by s.id
    limit ${limit}
  `.execute(db);
  return rows.map((r) => r.id);
}

/** A daily search with its owner's address; undefined when it is gone or no longer daily. */
export function findDailySearch(db: Executor, id: number) {
  return db
    .selectFrom('saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.name', 's.criteria', 'u.email'])
    .where('s.id', '=', id)
    .where('s.frequency', '=', 'daily')
    .executeTakeFirst();
}

/** A search's waiting matches that are public now, newest first: the first `limit`, and how many there are in all with their ids. */
export async function waitingMatches(db: Executor, searchId: number, limit: number): Promise<{ shown: AlertListing[]; ids: number[] }> {
  const rows = (await db
    .selectFrom('alert_deliveries as d')
    .innerJoin('listings', 'listings.id', 'd.listing_id')
    .select(listingColumns)
    .where('d.saved_search_id', '=', searchId)
    .where('d.sent_at', 'is', null)
    .where(IS_PUBLIC)
    .orderBy('d.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .execute()) as AlertListing[];
  return { shown: rows.slice(0, limit), ids: rows.map((r) => r.id) };
}
