/**
 * The pages feature's SQL: what the HTML of a room page, robots.txt and the sitemap need to know
 * about public listings. "Public" is the one rule of the listings feature (IS_PUBLIC).
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';
import { IS_PUBLIC } from '../listings/repository.ts';

/** The fields a room page's metadata and JSON-LD are made of, with its cover photo. */
export interface PublicRoomMeta {
  id: number;
  title: string;
  description: string;
  room_type: string;
  rent: number;
  city: string;
  zip_code: string;
  available_date: string;
  updated_at: Date;
  /** The cover's full-size copy (`/uploads/...jpg`), or null without photos. */
  cover_path: string | null;
  /** Null for a cover moved from before the photos table, whose other copies do not exist. */
  cover_width: number | null;
}

/** The room page's metadata when the listing is public; undefined for an absent or non-public one (its page is a 404). */
export function findPublicRoomMeta(db: Executor, id: number): Promise<PublicRoomMeta | undefined> {
  return db
    .selectFrom('listings')
    .leftJoin('listing_photos as cover', (join) => join.onRef('cover.listing_id', '=', 'listings.id').on('cover.position', '=', 0))
    .select([
      'listings.id',
      'listings.title',
      'listings.description',
      'listings.room_type',
      'listings.rent',
      'listings.city',
      'listings.zip_code',
      'listings.available_date',
      'listings.updated_at',
      sql<string | null>`coalesce(cover.path, listings.image_path)`.as('cover_path'),
      'cover.width as cover_width',
    ])
    .where('listings.id', '=', id)
    .where(IS_PUBLIC)
    .executeTakeFirst() as Promise<PublicRoomMeta | undefined>;
}

/** How many listings are public now: whether the sitemap fits one file. */
export async function countPublicListings(db: Executor): Promise<number> {
  const row = await db.selectFrom('listings').select(sql<number>`count(*)::int`.as('n')).where(IS_PUBLIC).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The numbers of the id ranges of `size` ids that hold at least one public listing: listings sitemap
 * `n` lists the public listings whose id is in ((n-1)·size, n·size], so each holds at most `size` URLs
 * and its address stays the same as listings come and go.
 */
export async function publicListingRanges(db: Executor, size: number): Promise<number[]> {
  const rows = await db
    .selectFrom('listings')
    .select(sql<number>`((listings.id - 1) / ${size})::int + 1`.as('n'))
    .where(IS_PUBLIC)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((row) => Number(row.n));
}

export interface SitemapListing {
  id: number;
  updated_at: Date;
}

/** The public listings with an id in [fromId, toId], by id: one sitemap's worth, walked by the primary key. */
export function publicListingsBetween(db: Executor, fromId: number, toId: number): Promise<SitemapListing[]> {
  return db
    .selectFrom('listings')
    .select(['listings.id', 'listings.updated_at'])
    .where('listings.id', '>=', fromId)
    .where('listings.id', '<=', toId)
    .where(IS_PUBLIC)
    .orderBy('listings.id')
    .execute();
}
