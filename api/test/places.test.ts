/**
 * The places table (migration 0013): whatever happens to listings (one row or
 * many, a new address, a new status, a delete, a truncate), it holds exactly
 * the cities, areas and streets the listings name, with their counts, as if
 * worked out again from the listings; and a write that changes no place and no
 * status leaves it alone.
 */
import * as fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as placesMigration from '../src/db/migrations/0013-places.ts';
import { insertListing, landlordSuite } from './listings-support.ts';
import { TEST_DATABASES } from './support.ts';

interface PlaceRow {
  kind: string;
  key: string;
  name: string;
  within: string;
  listings: number;
  available: number;
}

const row = (kind: string, key: string, name: string, within: string, listings: number, available: number): PlaceRow => ({ kind, key, name, within, listings, available });
const rowKey = (r: PlaceRow) => JSON.stringify([r.kind, r.key, r.name, r.within]);
const inOrder = (rows: PlaceRow[]) => rows.map((r) => ({ ...r, listings: Number(r.listings), available: Number(r.available) })).sort((a, b) => rowKey(a).localeCompare(rowKey(b)));

/** A few spellings of a few places, so that operations keep meeting the same rows. */
const CITIES = ['London', 'LONDON', 'Manchester', 'Londonderry'];
const ADDRESSES = ['14 Mare Street, Hackney', '2 mare street, HACKNEY', '9 Mare Street, Dalston', '3 High Road, Stratford', 'Flat 1', '5 Church Lane, Stratford, London E15 1AA'];
const STATUSES = ['Available', 'Pending', 'Unavailable'] as const;

type Op =
  | { op: 'insert'; city: string; address: string; status: (typeof STATUSES)[number] }
  | { op: 'bulk'; count: number; city: string; address: string }
  | { op: 'move'; pick: number; city: string; address: string }
  | { op: 'status'; pick: number; status: (typeof STATUSES)[number] }
  | { op: 'price'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'deleteAll'; city: string };

const city = fc.constantFrom(...CITIES);
const address = fc.constantFrom(...ADDRESSES);
const status = fc.constantFrom(...STATUSES);
const pick = fc.nat();
const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), city, address, status }),
  fc.record({ op: fc.constant('bulk' as const), count: fc.integer({ min: 2, max: 5 }), city, address }),
  fc.record({ op: fc.constant('move' as const), pick, city, address }),
  fc.record({ op: fc.constant('status' as const), pick, status }),
  fc.record({ op: fc.constant('price' as const), pick }),
  fc.record({ op: fc.constant('delete' as const), pick }),
  fc.record({ op: fc.constant('deleteAll' as const), city }),
);

describe.each(TEST_DATABASES)('places kept from listings on $name', (database) => {
  const suite = landlordSuite(database);

  const stored = async () => inOrder((await sql<PlaceRow>`select kind, key, name, within, listings, available from places`.execute(suite.ctx.db)).rows);

  /** The places worked out from the listings as they are now. */
  const expected = async () =>
    inOrder(
      (
        await sql<PlaceRow>`
          select 'city' as kind, lower(city) as key, city as name, '' as within, count(*) as listings, count(*) filter (where status = 'Available') as available
          from listings group by city
          union all
          select 'area', lower(area), area, city, count(*), count(*) filter (where status = 'Available')
          from listings where area is not null group by area, city
          union all
          select 'street', lower(street), street, coalesce(area, ''), count(*), count(*) filter (where status = 'Available')
          from listings where street is not null group by street, coalesce(area, '')
        `.execute(suite.ctx.db)
      ).rows,
    );

  async function listingAt(index: number): Promise<number | undefined> {
    const ids = (await suite.ctx.db.selectFrom('listings').select('id').orderBy('id').execute()).map((r) => r.id);
    return ids.length ? ids[index % ids.length] : undefined;
  }

  async function apply(op: Op): Promise<void> {
    switch (op.op) {
      case 'insert':
        await insertListing(suite.ctx.db, suite.landlord, { city: op.city, address: op.address, status: op.status });
        return;
      case 'bulk': {
        const rows = Array.from({ length: op.count }, (_, i) => sql`(${suite.landlord}, 'A room', ${op.address}, ${i % 2 ? op.city : op.city.toLowerCase()}, 'Greater London', 'E8 1AA', 'Double', 700, '2030-01-01', 'Allowed', 'Allowed')`);
        await sql`
          insert into listings (landlord_id, title, address, city, state, zip_code, room_type, rent, available_date, pet_policy, smoking_policy)
          values ${sql.join(rows)}
        `.execute(suite.ctx.db);
        return;
      }
      case 'move': {
        const id = await listingAt(op.pick);
        if (id !== undefined) await suite.ctx.db.updateTable('listings').set({ city: op.city, address: op.address }).where('id', '=', id).execute();
        return;
      }
      case 'status': {
        const id = await listingAt(op.pick);
        if (id !== undefined) await suite.ctx.db.updateTable('listings').set({ status: op.status }).where('id', '=', id).execute();
        return;
      }
      case 'price': {
        const id = await listingAt(op.pick);
        if (id !== undefined) await suite.ctx.db.updateTable('listings').set({ rent: sql`rent + 1` }).where('id', '=', id).execute();
        return;
      }
      case 'delete': {
        const id = await listingAt(op.pick);
        if (id !== undefined) await suite.ctx.db.deleteFrom('listings').where('id', '=', id).execute();
        return;
      }
      case 'deleteAll':
        await suite.ctx.db.deleteFrom('listings').where(sql`lower(city)`, '=', op.city.toLowerCase()).execute();
    }
  }

  it('holds every place the listings name, with their counts, after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) await apply(op);
        expect(await stored()).toEqual(await expected());
      }),
      { numRuns: 25 },
    );
    // And a listing's places, read as search reads them.
    await sql`delete from listings`.execute(suite.ctx.db);
    await insertListing(suite.ctx.db, suite.landlord, { city: 'London', address: '14 Mare Street, Hackney', status: 'Available' });
    await insertListing(suite.ctx.db, suite.landlord, { city: 'london', address: '2 mare street, HACKNEY', status: 'Pending' });
    expect(await stored()).toEqual(
      inOrder([
        row('city', 'london', 'London', '', 1, 1),
        row('city', 'london', 'london', '', 1, 0),
        row('area', 'hackney', 'Hackney', 'London', 1, 1),
        row('area', 'hackney', 'HACKNEY', 'london', 1, 0),
        row('street', 'mare street', 'Mare Street', 'Hackney', 1, 1),
        row('street', 'mare street', 'mare street', 'HACKNEY', 1, 0),
      ]),
    );
  });

  it('is not written by a change that moves no listing between places or statuses', async () => {
    const id = await insertListing(suite.ctx.db, suite.landlord, { city: 'Bristol', address: '1 Park Row, Clifton', status: 'Available' });
    const versions = async () => (await sql<{ v: string }>`select string_agg(xmin::text, ',' order by kind, key, name, within) as v from places where key in ('bristol', 'clifton', 'park row')`.execute(suite.ctx.db)).rows[0]!.v;
    const before = await versions();
    await suite.ctx.db.updateTable('listings').set({ rent: 999, title: 'A better room', expires_at: sql`now() + interval '30 days'` }).where('id', '=', id).execute();
    expect(await versions()).toBe(before);
    await suite.ctx.db.updateTable('listings').set({ status: 'Pending' }).where('id', '=', id).execute();
    expect(await versions()).not.toBe(before);
    expect(await stored()).toEqual(await expected());
  });

  it('empties with a truncate of listings, and the migration fills it from the listings already there', async () => {
    await insertListing(suite.ctx.db, suite.landlord, { city: 'Leeds', address: '4 Otley Road, Headingley' });
    const before = await stored();
    expect(before.some((r) => r.key === 'headingley')).toBe(true);
    await placesMigration.down(suite.ctx.db as unknown as Kysely<unknown>);
    await placesMigration.up(suite.ctx.db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(before);
    await sql`truncate listings cascade`.execute(suite.ctx.db);
    expect(await stored()).toEqual([]);
  });
});
