/**
 * Photos of a listing: up to 10, in the order the landlord chose, the first
 * the cover. Each row is one uploaded photo's stored copies (the files under
 * /uploads/listings/ share the row's stem: the full-size JPEG in `path`, the
 * card copy in `card_path`, the other sizes named after it) and the
 * full-size copy's width and height, so pages can reserve the space before
 * the picture arrives. Photos moved here from before this migration have no
 * width or height recorded (null): the server reads them from the files.
 *
 * The listing keeps its cover in image_path and thumb_path, as every reader
 * of a listing did before (search answers carry only the cover). A trigger on
 * this table keeps them equal to the first photo's, so no way of adding,
 * reordering or deleting photos can leave the cover stale, and the listing's
 * own triggers (the search cache's notification) see the change.
 *
 * Positions are unique per listing, checked at the end of the transaction, so
 * a reorder can move every photo in one statement.
 */
import { sql, type Kysely } from 'kysely';

/** At most this many photos a listing (the contract's limit; the API checks it first, with a clear message). */
export const MAX_PHOTOS = 10;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table listing_photos (
      id serial primary key,
      listing_id integer not null references listings (id) on delete cascade,
      position smallint not null check (position between 0 and ${sql.lit(MAX_PHOTOS - 1)}),
      path text not null,
      card_path text not null,
      width integer check (width > 0),
      height integer check (height > 0),
      created_at timestamptz not null default now(),
      constraint listing_photos_position unique (listing_id, position) deferrable initially deferred
    )
  `.execute(db);
  // Each listing's photos, in order: the only way they are read.
  await sql`create index listing_photos_by_listing on listing_photos (listing_id, position)`.execute(db);
  await sql`
    create function roomnest_listing_cover() returns trigger language plpgsql as $$
    begin
      update listings l set image_path = cover.path, thumb_path = cover.card_path
      from (
        select changed.listing_id, p.path, p.card_path
        from (select distinct listing_id from changed_rows) changed
        left join lateral (
          select path, card_path from listing_photos where listing_id = changed.listing_id order by position limit 1
        ) p on true
      ) cover
      where l.id = cover.listing_id
        and (l.image_path is distinct from cover.path or l.thumb_path is distinct from cover.card_path);
      return null;
    end
    $$
  `.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    const tables = event === 'insert' ? 'new table as changed_rows' : event === 'delete' ? 'old table as changed_rows' : 'new table as changed_rows';
    await sql`
      create trigger ${sql.raw(`listing_photos_cover_${event}`)} after ${sql.raw(event)} on listing_photos
      referencing ${sql.raw(tables)} for each statement execute function roomnest_listing_cover()
    `.execute(db);
  }
  // Every listing's one image becomes its one photo (the cover is already that image).
  await sql`
    insert into listing_photos (listing_id, position, path, card_path)
    select id, 0, image_path, thumb_path from listings where image_path is not null and thumb_path is not null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table listing_photos`.execute(db);
  await sql`drop function roomnest_listing_cover()`.execute(db);
}
