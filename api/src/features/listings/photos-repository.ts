/**
 * Listing photo queries (table listing_photos, migration 0014): read in display order, added after the last one,
 * reordered and deleted with positions kept 0…n−1. Every change runs in a transaction that holds the listing's row
 * lock (lockListingForPhotos), so two requests on one listing's photos run one after the other: two uploads at once
 * cannot pass MAX_PHOTOS between them or take the same position.
 */
import type { Photo } from '@roomnest/shared';
import { sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { IS_PUBLIC } from './repository.ts';

/** A photo row as the answers read it. */
export interface PhotoRow {
  id: number;
  listing_id: number;
  path: string;
  card_path: string;
  width: number | null;
  height: number | null;
}

export const toPhoto = (row: Pick<PhotoRow, 'id' | 'path' | 'card_path' | 'width' | 'height'>): Photo => ({
  PhotoID: row.id,
  Url: row.path,
  ThumbUrl: row.card_path,
  Width: row.width,
  Height: row.height,
});

/** The photos of these listings, each listing's in display order, by listing id (a listing without photos is absent). */
export async function photosOf(db: Executor, listingIds: readonly number[]): Promise<Map<number, Photo[]>> {
  const byListing = new Map<number, Photo[]>();
  if (!listingIds.length) return byListing;
  const rows = await db
    .selectFrom('listing_photos')
    .select(['id', 'listing_id', 'path', 'card_path', 'width', 'height'])
    .where('listing_id', 'in', [...new Set(listingIds)])
    .orderBy('listing_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = byListing.get(row.listing_id) ?? [];
    list.push(toPhoto(row));
    byListing.set(row.listing_id, list);
  }
  return byListing;
}

/** One listing's photos in display order. */
export async function listingPhotos(db: Executor, listingId: number): Promise<Photo[]> {
  return (await photosOf(db, [listingId])).get(listingId) ?? [];
}

/**
 * The owner of a listing and how many photos it has, with the listing's row locked until the transaction ends:
 * every change to its photos takes this lock first. Undefined when the listing does not exist.
 */
export async function lockListingForPhotos(trx: Transaction<DB>, id: number) {
  const listing = await trx.selectFrom('listings').select(['landlord_id', IS_PUBLIC.as('is_public')]).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!listing) return undefined;
  const { n } = await trx
    .selectFrom('listing_photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('listing_id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...listing, photoCount: Number(n) };
}

/** A new photo's stored files and the full-size copy's pixels. */
export interface NewPhoto {
  path: string;
  cardPath: string;
  width: number;
  height: number;
}

/** Adds photos after the listing's last one, in the order given (the caller holds the listing's lock and checked the count). */
export async function appendPhotos(trx: Executor, listingId: number, photos: readonly NewPhoto[], firstPosition: number): Promise<void> {
  if (!photos.length) return;
  await trx
    .insertInto('listing_photos')
    .values(photos.map((p, i) => ({ listing_id: listingId, position: firstPosition + i, path: p.path, card_path: p.cardPath, width: p.width, height: p.height })))
    .execute();
}

/** Replaces the cover (position 0) with a new photo; answers the old cover's full-size path, if there was one. */
export async function replaceCover(trx: Executor, listingId: number, photo: NewPhoto): Promise<string | null> {
  const old = await trx.deleteFrom('listing_photos').where('listing_id', '=', listingId).where('position', '=', 0).returning('path').executeTakeFirst();
  await appendPhotos(trx, listingId, [photo], 0);
  return old?.path ?? null;
}

/** The ids of a listing's photos in display order. */
export async function photoIds(trx: Executor, listingId: number): Promise<number[]> {
  const rows = await trx.selectFrom('listing_photos').select('id').where('listing_id', '=', listingId).orderBy('position').execute();
  return rows.map((r) => r.id);
}

/**
 * Puts a listing's photos in the order of `ids` (every one of its photo ids once; the caller checked) in one
 * statement: the positions' uniqueness is checked when the transaction ends, so they can swap.
 */
export async function reorderPhotos(trx: Executor, listingId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const cases = sql.join(ids.map((id, position) => sql`when ${id} then ${position}`), sql` `);
  await trx
    .updateTable('listing_photos')
    .set({ position: sql<number>`(case id ${cases} end)::smallint` })
    .where('listing_id', '=', listingId)
    .execute();
}

/**
 * Deletes one photo of a listing and closes the gap it leaves (the photos after it move up one); answers its
 * full-size path, or undefined when the listing has no photo with that id.
 */
export async function deletePhoto(trx: Executor, listingId: number, photoId: number): Promise<string | undefined> {
  const gone = await trx.deleteFrom('listing_photos').where('id', '=', photoId).where('listing_id', '=', listingId).returning(['path', 'position']).executeTakeFirst();
  if (!gone) return undefined;
  await trx
    .updateTable('listing_photos')
    .set({ position: sql<number>`position - 1` })
    .where('listing_id', '=', listingId)
    .where('position', '>', gone.position)
    .execute();
  return gone.path;
}

/** Photos whose copies are not all made yet (moved from before photos had sizes: width null), a batch at a time. */
/**
 * The next `limit` distinct files of photos still without sizes, after `afterPath` in path order. By file, not by
 * row: rows may share a file (the demo illustrations), and its copies and size are made once for all of them.
 */
export async function photoFilesWithoutSizes(db: Executor, afterPath: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('listing_photos')
    .select('path')
    .distinct()
    .where('width', 'is', null)
    .where('path', '>', afterPath)
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((row) => row.path);
}

/** Records the size of a file whose copies have been made, on every photo of that file still without one; answers how many. */
export async function setPhotoFileSize(db: Executor, path: string, width: number, height: number): Promise<number> {
  const result = await db.updateTable('listing_photos').set({ width, height }).where('path', '=', path).where('width', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
