/**
 * The migrations, in order. Add a module here for every schema change; never
 * edit one that has shipped. Names sort in the order they run.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as users from './0001-users.ts';
import * as messages from './0002-messages.ts';
import * as listings from './0003-listings.ts';
import * as profilesNewsletterReset from './0004-profiles-newsletter-reset.ts';
import * as messageThreads from './0005-message-threads.ts';
import * as searchByCity from './0006-search-by-city.ts';
import * as searchChangeNotify from './0007-search-change-notify.ts';
import * as unlimitedMessages from './0008-unlimited-messages.ts';
import * as searchByPlace from './0009-search-by-place.ts';
import * as newsletterConfirmation from './0010-newsletter-confirmation.ts';
import * as streamTicketUses from './0011-stream-ticket-uses.ts';
import * as placeStatistics from './0012-place-statistics.ts';
import * as places from './0013-places.ts';
import * as listingPhotos from './0014-listing-photos.ts';
import * as enquiriesAndViews from './0015-enquiries-and-views.ts';
import * as listingLastChange from './0016-listing-last-change.ts';
import * as savedAndAlerts from './0017-saved-and-alerts.ts';
import * as savedSearchMatching from './0018-saved-search-matching.ts';
import * as messageEmailSpells from './0019-message-email-spells.ts';
import * as trustAndSafety from './0020-trust-and-safety.ts';
import * as verificationResends from './0021-verification-resends.ts';
import * as remoteLoads from './0022-remote-loads.ts';
import * as rateLimits from './0023-rate-limits.ts';

export const MIGRATIONS: Record<string, Migration> = {
  '0001-users': users,
  '0002-messages': messages,
  '0003-listings': listings,
  '0004-profiles-newsletter-reset': profilesNewsletterReset,
  '0005-message-threads': messageThreads,
  '0006-search-by-city': searchByCity,
  '0007-search-change-notify': searchChangeNotify,
  '0008-unlimited-messages': unlimitedMessages,
  '0009-search-by-place': searchByPlace,
  '0010-newsletter-confirmation': newsletterConfirmation,
  '0011-stream-ticket-uses': streamTicketUses,
  '0012-place-statistics': placeStatistics,
  '0013-places': places,
  '0014-listing-photos': listingPhotos,
  '0015-enquiries-and-views': enquiriesAndViews,
  '0016-listing-last-change': listingLastChange,
  '0017-saved-and-alerts': savedAndAlerts,
  '0018-saved-search-matching': savedSearchMatching,
  '0019-message-email-spells': messageEmailSpells,
  '0020-trust-and-safety': trustAndSafety,
  '0021-verification-resends': verificationResends,
  '0022-remote-loads': remoteLoads,
  '0023-rate-limits': rateLimits,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  // Migrations see the database untyped: they run against the schema as it was when they were written.
  const untyped = db as unknown as Kysely<unknown>;
  // Name the schema of Kysely's bookkeeping tables: left unnamed, Kysely takes a table of that name in ANY
  // schema for its own, so a second schema on the same server (the tests', a benchmark's) skipped creating them.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(untyped);
  const { error, results = [] } = await new Migrator({ db: untyped, provider, migrationTableSchema: rows[0]?.schema ?? 'public' }).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
