/**
 * Saved rooms (table saved_listings, migration 0017): a person's shortlist, newest first. A room is newly saved
 * only while public; once saved it stays on the list whatever becomes of it, until the person removes it or the
 * room is deleted (the foreign key's cascade).
 */
import { MAX_SAVED_LISTINGS } from '@roomnest/shared';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { IS_PUBLIC, landlordVerified, LISTING_SELECTION, type ListingWithLandlord } from '../listings/repository.ts';

export type SaveOutcome = 'saved' | 'already-saved' | 'not-found' | 'full' | 'no-account';

/**
 * Saves a room for a person. Saving one already saved changes nothing (it keeps its first saved_at, so the list
 * does not reorder under a second press). In one transaction holding the person's row lock, so that two saves at
 * once cannot pass MAX_SAVED_LISTINGS between them.
 */
export async function saveListing(db: Kysely<DB>, userId: number, listingId: number, max = MAX_SAVED_LISTINGS): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!account) return 'no-account';
    const existing = await trx.selectFrom('saved_listings').select('listing_id').where('user_id', '=', userId).where('listing_id', '=', listingId).executeTakeFirst();
    if (existing) return 'already-saved';
    // Key-share locked: a deletion of the room waits for this save (then cascades to it) instead of failing its insert.
    const listing = await trx.selectFrom('listings').select('listings.id').where('listings.id', '=', listingId).where(IS_PUBLIC).forKeyShare().executeTakeFirst();
    if (!listing) return 'not-found';
    const { count } = await trx
      .selectFrom('saved_listings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
    await trx.insertInto('saved_listings').values({ user_id: userId, listing_id: listingId }).onConflict((oc) => oc.doNothing()).execute();
    return 'saved';
  });
}

/** Removes a room from a person's list; true when it was on it. */
export async function unsaveListing(db: Executor, userId: number, listingId: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_listings').where('user_id', '=', userId).where('listing_id', '=', listingId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A person's saved rooms, most recently saved first, each with its landlord and whether the public may see it. */
export function savedListings(db: Executor, userId: number): Promise<(ListingWithLandlord & { saved_at: Date })[]> {
  return db
    .selectFrom('saved_listings')
    .innerJoin('listings', 'listings.id', 'saved_listings.listing_id')
    .innerJoin('users', 'users.id', 'listings.landlord_id')
    .select(LISTING_SELECTION)
    .select(['users.name as landlord_name', 'users.profile_picture_url as landlord_picture', 'saved_listings.saved_at'])
    .select(landlordVerified('users'))
    .where('saved_listings.user_id', '=', userId)
    // A room taken down by a moderator, or whose owner is suspended, leaves the list (it returns if restored):
    // unlike a Pending or expired room, nothing of it may be shown to anyone but its owner.
    .where((eb) => eb.or([eb.and([eb('listings.removed_at', 'is', null), eb('listings.owner_suspended', '=', false)]), eb('listings.landlord_id', '=', userId)]))
    .orderBy('saved_listings.saved_at', 'desc')
    .orderBy('saved_listings.listing_id', 'desc')
    .limit(MAX_SAVED_LISTINGS)
    .execute();
}

