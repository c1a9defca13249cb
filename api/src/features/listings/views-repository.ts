/**
 * Views and enquiries of listings: counting a view, the landlord's figures and the per-day series of the chart.
 *
 * Days are London days, as 'YYYY-MM-DD', passed in by the caller (whose clock the tests set), never the
 * database's own date, so a view at 23:30 UTC on a summer evening counts on the next London day.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/types.ts';

/**
 * Counts one view of `listingId` by `viewer` on `day`, once: the first for that viewer that day adds one to the
 * day's total; any later one does nothing. One statement, so the detail route does one cheap write.
 */
export async function recordView(db: Executor, listingId: number, viewer: string, day: string): Promise<boolean> {
  const { rows } = await sql<{ listing_id: number }>`
    with seen as (
      insert into listing_view_seen (listing_id, day, viewer) values (${listingId}, ${day}::date, ${viewer})
      on conflict do nothing
      returning listing_id, day
    )
    insert into listing_view_days (listing_id, day, views)
    select listing_id, day, 1 from seen
    on conflict (listing_id, day) do update set views = listing_view_days.views + 1
    returning listing_id`.execute(db);
  return rows.length > 0;
}

/** Forgets who viewed before `day` (their views stay counted in the totals); answers how many rows went. */
export async function forgetViewersBefore(db: Executor, day: string): Promise<number> {
  const result = await db.deleteFrom('listing_view_seen').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Each of the landlord's listings' total views and enquiries (distinct people who sent a message about it). */
export async function listingFigures(db: Executor, landlordId: number): Promise<Map<number, { views: number; enquiries: number }>> {
  const { rows } = await sql<{ id: number; views: number; enquiries: number }>`
    select l.id,
           coalesce((select sum(v.views) from listing_view_days v where v.listing_id = l.id), 0)::int as views,
           (select count(distinct m.sender_id) from messages m where m.listing_id = l.id)::int as enquiries
    from listings l
    where l.landlord_id = ${landlordId}`.execute(db);
  return new Map(rows.map((r) => [r.id, { views: Number(r.views), enquiries: Number(r.enquiries) }]));
}

export interface DayFigures {
  listing_id: number;
  title: string;
  day: string;
  views: number;
  enquiries: number;
}

/**
 * The landlord's listings' views and new enquiries per London day from `from` to `to` (inclusive), every day
 * present (zero-filled), newest listing first then by day. A person's enquiry counts on the day of their first
 * message about the listing, so the days add up to the listing's Enquiries.
 */
export async function dailyFigures(db: Executor, landlordId: number, from: string, to: string): Promise<DayFigures[]> {
  const { rows } = await sql<DayFigures>`
    with mine as (
      select id, title, created_at from listings where landlord_id = ${landlordId}
    ),
    days as (
      select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d
    ),
    first_enquiries as (
      select m.listing_id, (min(m.sent_at) at time zone 'Europe/London')::date as day
      from messages m join mine on mine.id = m.listing_id
      group by m.listing_id, m.sender_id
    )
    select mine.id as listing_id, mine.title, to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(v.views, 0)::int as views,
           (select count(*) from first_enquiries e where e.listing_id = mine.id and e.day = days.day)::int as enquiries
    from mine
    cross join days
    left join listing_view_days v on v.listing_id = mine.id and v.day = days.day
    order by mine.created_at desc, mine.id desc, days.day`.execute(db);
  return rows.map((r) => ({ ...r, views: Number(r.views), enquiries: Number(r.enquiries) }));
}
