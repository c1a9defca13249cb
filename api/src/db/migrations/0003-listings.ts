/**
 * Listings: rooms landlords advertise. A listing is public while its Status is
 * Available and it has not expired (30 days after posting or renewal).
 *
 * Indexes are chosen for public search at 100,000 rows and more. Every public
 * query filters on `status = 'Available' and expires_at > now()`, so the ones
 * serving it are partial on status and carry the sort keys with the id
 * tiebreak, letting a page be read in index order and stop after `limit`:
 *   relevance (expires_at desc, id desc)   also serves the expiry filter and the total count
 *   date_new  (created_at desc, id desc)
 *   rent      (rent, id)                   read forwards for rent_asc, backwards for rent_desc
 * Filters: lower(city) text_pattern_ops (case-insensitive equality and prefix),
 * a trigram GIN index on lower(address) (case-insensitive substring),
 * available_date, room_type. The owner's listings go through landlord_id.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('listings')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('landlord_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(btrim(title)) between 1 and 120`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('').check(sql`length(description) <= 5000`))
    .addColumn('address', 'text', (c) => c.notNull().check(sql`length(btrim(address)) between 1 and 200`))
    .addColumn('city', 'text', (c) => c.notNull().check(sql`length(btrim(city)) between 1 and 100`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`length(btrim(state)) between 1 and 100`))
    .addColumn('zip_code', 'text', (c) => c.notNull().check(sql`length(btrim(zip_code)) between 1 and 12`))
    .addColumn('room_type', 'text', (c) => c.notNull().check(sql`room_type in ('Single', 'Double', 'Studio', 'Shared')`))
    .addColumn('rent', 'numeric(10, 2)', (c) => c.notNull().check(sql`rent >= 1`))
    .addColumn('deposit', 'numeric(10, 2)', (c) => c.check(sql`deposit >= 0`))
    .addColumn('available_date', 'date', (c) => c.notNull())
    .addColumn('image_path', 'text')
    .addColumn('thumb_path', 'text')
    .addColumn('lease_terms', 'text', (c) => c.notNull().defaultTo('').check(sql`length(lease_terms) <= 500`))
    .addColumn('pet_policy', 'text', (c) => c.notNull().check(sql`pet_policy in ('Not Allowed', 'Allowed', 'Case-by-Case')`))
    .addColumn('smoking_policy', 'text', (c) => c.notNull().check(sql`smoking_policy in ('Not Allowed', 'Allowed', 'Outside Only')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Available').check(sql`status in ('Available', 'Pending', 'Unavailable')`))
    // Amenity keys of AMENITIES (shared/src/domain.ts), each at most once.
    .addColumn('amenities', sql`text[]`, (c) =>
      c
        .notNull()
        .defaultTo(sql`'{}'::text[]`)
        .check(
          sql`amenities <@ array['wifi', 'parking', 'laundry', 'furnished', 'air_conditioning', 'heating', 'kitchen_access', 'private_bathroom', 'bills_included']::text[]`,
        ),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // LISTING_ACTIVE_DAYS after posting; renewing moves it.
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now() + interval '30 days'`))
    .addCheckConstraint('listings_expires_after_creation', sql`expires_at > created_at`)
    .execute();

  const statements = [
    sql`create index listings_public_relevance on listings (expires_at desc, id desc) where status = 'Available'`,
    sql`create index listings_public_newest on listings (created_at desc, id desc) where status = 'Available'`,
    sql`create index listings_public_rent on listings (rent, id) where status = 'Available'`,
    sql`create index listings_public_available_date on listings (available_date) where status = 'Available'`,
    sql`create index listings_public_room_type on listings (room_type, expires_at) where status = 'Available'`,
    sql`create index listings_city_lower on listings (lower(city) text_pattern_ops)`,
    sql`create index listings_address_lower_trgm on listings using gin (lower(address) gin_trgm_ops)`,
    // My listings (newest first), the plan-limit count and the cascade from users.
    sql`create index listings_landlord on listings (landlord_id, created_at desc)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('listings').execute();
}
