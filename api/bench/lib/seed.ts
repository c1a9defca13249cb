/**
 * Benchmark data: the demo seed (accounts, landlords, illustrations, the first
 * listings), then more generated listings in chunks until the table holds the
 * number asked for. Growing in place lets one database serve 10,000, then
 * 100,000, then 1,000,000 listings without seeding each size from scratch, and
 * chunks keep the generator's memory small at a million rows.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/types.ts';
import { DEMO_LANDLORDS, seedDemoData } from '../../src/seed/index.ts';
import { LocalUploadStorage } from '../../src/uploads/storage.ts';
import { generateListings, insertListings } from '../../src/seed/listings.ts';
import type { Region } from '../../src/seed/catalogue.ts';

const CHUNK = 50_000;

export async function countListings(db: Kysely<DB>): Promise<number> {
  const { n } = await db.selectFrom('listings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Brings the listings table to `target` rows (never shrinks it), then runs
 * VACUUM ANALYZE as a freshly loaded production table would have had.
 * Answers the seconds spent loading and vacuuming.
 */
export async function growListings(db: Kysely<DB>, target: number, uploadsDir: string): Promise<{ added: number; seedSeconds: number; vacuumSeconds: number }> {
  let started = performance.now();
  const before = await countListings(db);
  // The demo seed runs on an empty database only; it brings the first `min(target, 10,000)` listings.
  await seedDemoData(db, { uploads: new LocalUploadStorage(uploadsDir), listings: Math.min(target, 10_000) });
  let current = await countListings(db);
  if (current < target) {
    const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', DEMO_LANDLORDS.map((l) => l.email)).execute();
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    const byRegion = (region: Region) => DEMO_LANDLORDS.filter((l) => l.region === region).map((l) => idOf.get(l.email)!);
    const landlords = { London: byRegion('London'), Manchester: byRegion('Manchester'), Birmingham: byRegion('Birmingham') };
    const images = (
      await db.selectFrom('listings').select(['image_path', 'thumb_path']).distinct().where('image_path', 'is not', null).execute()
    ).map((r) => ({ imagePath: r.image_path!, thumbPath: r.thumb_path! }));
    // The covers' size, as the demo seed recorded it: without one, every start of the app would first complete
    // these photos in the background (photo-backfill.ts) while the bench measures.
    const size = await db.selectFrom('listing_photos').select(['width', 'height']).where('width', 'is not', null).limit(1).executeTakeFirst();
    const photos = size?.width && size.height ? { extras: [], width: size.width, height: size.height } : undefined;
    while (current < target) {
      const count = Math.min(CHUNK, target - current);
      // A seed per chunk: the same target always gives the same rows.
      await insertListings(db, generateListings({ count, landlords, images, seed: 7_000 + Math.floor(current / CHUNK) }), photos);
      current += count;
    }
  }
  const seedSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await sql`vacuum analyze listings`.execute(db);
  await sql`analyze users`.execute(db);
  // Write the load's dirty pages out now: otherwise the checkpoint that follows a bulk load (the more indexes, the
  // longer) runs during the first measurements and takes their CPU and disk. Needs a superuser or pg_checkpoint
  // (PostgreSQL 15); an external BENCH_DATABASE_URL without it measures with the flush still to come.
  await sql`checkpoint`.execute(db).catch(() => undefined);
  return { added: current - before, seedSeconds, vacuumSeconds: (performance.now() - started) / 1000 };
}
