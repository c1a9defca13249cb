/**
 * The places listings name, as a small table of their own: every city, area
 * and street with how many listings name it, kept by the database on every
 * write. Reading what a search's City field names ("Hackney", "Mare Street",
 * "Lon") then takes one probe of this table's key, where reading it from the
 * listings took a loose index scan of the cities plus samples of the area and
 * street indexes: about twice the time, most of it planning three index
 * look-ups. With the search cache off, that difference was a fifth of the
 * throughput of a search by place.
 *
 * - kind: 'city', 'area' or 'street'; key: the name in lower case (matching is
 *   case-insensitive; "C" collation so that a city prefix is a range of the
 *   primary key); name: as landlords write it; within: an area's city, a
 *   street's area ('' for a street with no area), '' for a city.
 * - listings counts every listing that names the place, available the ones
 *   with status 'Available' (what public search shows). A city is known by
 *   any listing (a search for it finds nothing rather than not being
 *   understood); an area or a street only by an available one. A row whose
 *   counts both reach zero is deleted.
 *
 * Statement triggers with transition tables, not the API's own code, so that
 * no way of changing listings is missed (another instance, the seed, an
 * operator in psql), and a bulk load of a million listings adds its places in
 * one grouped statement rather than one update per row. An update that
 * changes no place and no status (a new price, a renewal) nets to nothing and
 * writes nothing, so the busy rows ("london") are locked only by writes that
 * change them. Rows are written in key order, so two writers never wait on
 * each other in a cycle.
 */
import { sql, type Kysely } from 'kysely';

/** The net change to places of a set of listings `changes(city, area, street, status, sign)`, as statement text of the trigger. */
const DELTA = `
  keyed as (
    select 'city' as kind, city as name, '' as within, status, sign from changes
    union all select 'area', area, city, status, sign from changes where area is not null
    union all select 'street', street, coalesce(area, ''), status, sign from changes where street is not null
  ),
  delta as (
    select kind, lower(name) collate "C" as key, name, within,
      sum(sign)::int as listings, coalesce(sum(sign) filter (where status = 'Available'), 0)::int as available
    from keyed
    group by kind, name, within
  )`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table places (
      kind text not null check (kind in ('city', 'area', 'street')),
      key text collate "C" not null,
      name text not null,
      within text not null,
      listings integer not null,
      available integer not null,
      primary key (kind, key, name, within)
    )
  `.execute(db);
  // One function for every event: `source` selects the changed listings from the event's transition tables.
  await sql`
    create function roomnest_count_places() returns trigger language plpgsql as $fn$
    declare
      source text := case tg_op
        when 'INSERT' then 'select city, area, street, status, 1 as sign from new_rows'
        when 'DELETE' then 'select city, area, street, status, -1 as sign from old_rows'
        else 'select city, area, street, status, 1 as sign from new_rows union all select city, area, street, status, -1 from old_rows'
      end;
    begin
      execute format($$
        with changes as (%s), ${sql.raw(DELTA)}
        insert into places as p (kind, key, name, within, listings, available)
        select kind, key, name, within, listings, available from delta
        where listings <> 0 or available <> 0
        order by kind, key, name, within
        on conflict (kind, key, name, within) do update
          set listings = p.listings + excluded.listings, available = p.available + excluded.available
      $$, source);
      if tg_op <> 'INSERT' then
        execute format($$
          with changes as (%s), ${sql.raw(DELTA)}
          delete from places p using delta d
          where p.kind = d.kind and p.key = d.key and p.name = d.name and p.within = d.within and p.listings <= 0 and p.available <= 0
        $$, source);
      end if;
      return null;
    end
    $fn$
  `.execute(db);
  await sql`
    create function roomnest_clear_places() returns trigger language plpgsql as $$
    begin
      delete from places;
      return null;
    end
    $$
  `.execute(db);
  await sql`create trigger listings_count_places_insert after insert on listings referencing new table as new_rows for each statement execute function roomnest_count_places()`.execute(db);
  await sql`create trigger listings_count_places_update after update on listings referencing old table as old_rows new table as new_rows for each statement execute function roomnest_count_places()`.execute(db);
  await sql`create trigger listings_count_places_delete after delete on listings referencing old table as old_rows for each statement execute function roomnest_count_places()`.execute(db);
  await sql`create trigger listings_clear_places after truncate on listings for each statement execute function roomnest_clear_places()`.execute(db);
  // The places of the listings already there.
  await sql`
    with changes as (select city, area, street, status, 1 as sign from listings), ${sql.raw(DELTA)}
    insert into places (kind, key, name, within, listings, available)
    select kind, key, name, within, listings, available from delta
  `.execute(db);
  await sql`analyze places`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger listings_clear_places on listings`.execute(db);
  await sql`drop trigger listings_count_places_delete on listings`.execute(db);
  await sql`drop trigger listings_count_places_update on listings`.execute(db);
  await sql`drop trigger listings_count_places_insert on listings`.execute(db);
  await sql`drop function roomnest_clear_places()`.execute(db);
  await sql`drop function roomnest_count_places()`.execute(db);
  await sql`drop table places`.execute(db);
}
