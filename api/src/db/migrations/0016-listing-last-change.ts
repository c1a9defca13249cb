/**
 * `listings.updated_at` becomes the time of the listing's last real change, kept by the database so
 * every way of writing keeps it (an edit, a status change, a renewal, its photos, another instance,
 * an operator in psql): the sitemap's `lastmod` of each room page is this column, and a crawler
 * that trusts it re-reads only rooms that changed.
 *
 * - A row trigger on the columns a room page shows (and expires_at, which decides whether it is
 *   public) sets it when one of them actually changes; an update that writes the same values, or
 *   touches only other columns (counters, say), leaves it alone.
 * - Statement triggers on listing_photos set it for every listing whose photos were added, moved,
 *   or removed (the cover columns only follow the first photo).
 */
import { sql, type Kysely } from 'kysely';

/** What a room's page is made of. */
const PAGE_COLUMNS = [
  'title',
  'description',
  'address',
  'city',
  'state',
  'zip_code',
  'room_type',
  'rent',
  'deposit',
  'available_date',
  'image_path',
  'thumb_path',
  'lease_terms',
  'pet_policy',
  'smoking_policy',
  'status',
  'amenities',
  'expires_at',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = sql.raw(PAGE_COLUMNS.join(', '));
  const olds = sql.raw(PAGE_COLUMNS.map((c) => `old.${c}`).join(', '));
  const news = sql.raw(PAGE_COLUMNS.map((c) => `new.${c}`).join(', '));
  await sql`
    create function roomnest_listing_changed() returns trigger language plpgsql as $$
    begin
      new.updated_at := now();
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger listings_last_change before update of ${columns} on listings
    for each row when ((${olds}) is distinct from (${news}))
    execute function roomnest_listing_changed()
  `.execute(db);

  await sql`
    create function roomnest_listing_photos_changed() returns trigger language plpgsql as $$
    begin
      update listings set updated_at = now() where id in (select listing_id from changed_rows);
      return null;
    end
    $$
  `.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const table = event === 'delete' ? 'old table as changed_rows' : 'new table as changed_rows';
    await sql`
      create trigger ${sql.raw(`listing_photos_last_change_${event}`)} after ${sql.raw(event)} on listing_photos
      referencing ${sql.raw(table)} for each statement execute function roomnest_listing_photos_changed()
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete'] as const) await sql`drop trigger ${sql.raw(`listing_photos_last_change_${event}`)} on listing_photos`.execute(db);
  await sql`drop function roomnest_listing_photos_changed()`.execute(db);
  await sql`drop trigger listings_last_change on listings`.execute(db);
  await sql`drop function roomnest_listing_changed()`.execute(db);
}
