/**
 * The listing_photos table (migration 0014): a listing's one image from
 * before becomes its one photo, the listing's cover columns follow the first
 * photo whatever changes the photos, positions stay unique per listing while a
 * reorder may pass through duplicates, and a listing's photos go with it.
 */
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as photosMigration from '../src/db/migrations/0014-listing-photos.ts';
import { insertListing, landlordSuite } from './listings-support.ts';
import { TEST_DATABASES } from './support.ts';

const photo = (stem: string) => ({ path: `/uploads/listings/${stem}.jpg`, card_path: `/uploads/listings/${stem}-card.webp` });

describe.each(TEST_DATABASES)('listing photos table on $name', (database) => {
  const suite = landlordSuite(database);

  const cover = async (id: number) =>
    suite.ctx.db.selectFrom('listings').select(['image_path', 'thumb_path']).where('id', '=', id).executeTakeFirstOrThrow();
  const photos = async (id: number) =>
    (await suite.ctx.db.selectFrom('listing_photos').select(['position', 'path']).where('listing_id', '=', id).orderBy('position').execute()).map((p) => `${p.position}:${p.path}`);
  const add = (listingId: number, position: number, stem: string) =>
    suite.ctx.db.insertInto('listing_photos').values({ listing_id: listingId, position, ...photo(stem) }).execute();

  it("turns each listing's one image into its one photo, and a listing without one gets none", async () => {
    const withImage = await insertListing(suite.ctx.db, suite.landlord, { image_path: '/uploads/listings/old.jpg', thumb_path: '/uploads/listings/old-card.webp' });
    const without = await insertListing(suite.ctx.db, suite.landlord);
    const untyped = suite.ctx.db as unknown as Kysely<unknown>;
    await photosMigration.down(untyped);
    await photosMigration.up(untyped);
    expect(await photos(withImage)).toEqual(['0:/uploads/listings/old.jpg']);
    expect(await photos(without)).toEqual([]);
    expect(await cover(withImage)).toEqual({ image_path: '/uploads/listings/old.jpg', thumb_path: '/uploads/listings/old-card.webp' });
  });

  it('keeps the cover the first photo when photos are added, reordered and deleted', async () => {
    const id = await insertListing(suite.ctx.db, suite.landlord);
    expect(await cover(id)).toEqual({ image_path: null, thumb_path: null });
    await add(id, 0, 'a');
    await add(id, 1, 'b');
    expect(await cover(id)).toEqual({ image_path: '/uploads/listings/a.jpg', thumb_path: '/uploads/listings/a-card.webp' });
    // A swap in one statement passes through two photos at one position: checked at the end of the transaction.
    await sql`update listing_photos set position = 1 - position where listing_id = ${id}`.execute(suite.ctx.db);
    expect(await photos(id)).toEqual(['0:/uploads/listings/b.jpg', '1:/uploads/listings/a.jpg']);
    expect((await cover(id)).image_path).toBe('/uploads/listings/b.jpg');
    // The first photo left is the cover, before the positions close up and after.
    await suite.ctx.db.deleteFrom('listing_photos').where('listing_id', '=', id).where('position', '=', 0).execute();
    expect((await cover(id)).image_path).toBe('/uploads/listings/a.jpg');
    await sql`update listing_photos set position = 0 where listing_id = ${id}`.execute(suite.ctx.db);
    expect((await cover(id)).image_path).toBe('/uploads/listings/a.jpg');
    await suite.ctx.db.deleteFrom('listing_photos').where('listing_id', '=', id).execute();
    expect(await cover(id)).toEqual({ image_path: null, thumb_path: null });
  });

  it('refuses two photos at one position, a position past the tenth, and keeps no photo of a deleted listing', async () => {
    const id = await insertListing(suite.ctx.db, suite.landlord);
    await add(id, 0, 'c');
    await expect(add(id, 0, 'd')).rejects.toThrow(/listing_photos_position/);
    await expect(add(id, 10, 'e')).rejects.toThrow(/check/i);
    await suite.ctx.db.deleteFrom('listings').where('id', '=', id).execute();
    expect(await photos(id)).toEqual([]);
  });
});
