/**
 * Alerts of saved searches, all as jobs of the durable queue (api/src/jobs):
 *
 * - `listing-alerts` {listingId}: put on the queue in the transaction that makes a listing public (posted, renewed,
 *   set back to Available: enqueueListingAlerts), due ALERT_DELAY_SECONDS later, keyed by the listing so a second
 *   change within the delay adds nothing. The delay is a grace period: the job reads the listing as it then is, and a
 *   room withdrawn meanwhile is not alerted. It records the searches that match and have not told of this listing
 *   (alert_deliveries, once per search and listing ever), and for the instant ones puts one `alert-email` per person
 *   on the queue in the same transaction; daily ones wait for the digest.
 * - `alert-email` {userId, listingId}: one email per person and listing, whatever number of their searches it
 *   matches: the room once, naming each search. Its one-click unsubscribe turns off the oldest of them; the others
 *   are named with a link to the saved searches page.
 * - `daily-digest` {date}: at DIGEST_HOUR London time, keyed by the London date. Puts one `digest-email` per daily
 *   search with matches waiting on the queue, reading the searches in id batches (never all at once), then the next
 *   day's digest.
 * - `digest-email` {searchId, date}: the search's waiting matches that are still public, newest first (at most
 *   DIGEST_ROOMS shown, then "and N more" with a link to the search); nothing when none.
 *
 * Every email is checked again when it is sent: a deleted account or search gets nothing (their rows are gone),
 * a listing no longer public is left out. A send and its record are not one transaction with the SMTP server: a
 * crash between them sends that email again (at least once), never a listing twice otherwise.
 */
import { EMAIL_SETTINGS_PATH, formatMoney, londonDaysAhead, londonHour, londonToday, ROUTES, savedSearchHref, type SavedSearchCriteria } from '@roomnest/shared';
import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { enqueue, enqueueMany } from '../../jobs/queue.ts';
import type { JobHandlers } from '../../jobs/runner.ts';
import { notificationEmail, type EmailRoom } from '../notifications/email-layout.ts';
import { unsubscribeUrls } from '../notifications/tokens.ts';
import type { Mailer } from '../password-reset/mailer.ts';
import {
  dailySearchesWaiting,
  findDailySearch,
  findPublicAlertListing,
  markSent,
  pendingInstantSearches,
  recordMatches,
  waitingMatches,
  type AlertListing,
} from './alerts-repository.ts';

export const ALERT_JOBS = { listing: 'listing-alerts', email: 'alert-email', digest: 'daily-digest', digestEmail: 'digest-email' } as const;

/** Rooms a digest shows; the rest are counted, with a link to the search. */
export const DIGEST_ROOMS = 10;
/** Daily searches read per statement by the digest's fan-out. */
export const DIGEST_BATCH = 1000;

/** Puts a listing's alerts on the queue: call it in the transaction that makes the listing public. */
export async function enqueueListingAlerts(trx: Executor, listingId: number, alertDelaySeconds: number, now: Date): Promise<void> {
  await enqueue(
    trx,
    { kind: ALERT_JOBS.listing, key: `${ALERT_JOBS.listing}:${listingId}`, payload: { listingId }, runAt: new Date(now.getTime() + alertDelaySeconds * 1000) },
    now,
  );
}

/** Puts the next daily digest on the queue: today's at `hour` London time if that is still to come, else tomorrow's. */
export async function scheduleNextDigest(db: Executor, hour: number, now: Date): Promise<string> {
  let date = londonToday(now);
  if (londonHour(date, hour) <= now) date = londonDaysAhead(1, now);
  await enqueue(db, { kind: ALERT_JOBS.digest, key: `${ALERT_JOBS.digest}:${date}`, payload: { date }, runAt: londonHour(date, hour) }, now);
  return date;
}

const placeOf = (listing: AlertListing) => (listing.area ? `${listing.area}, ${listing.city}` : listing.city);
const quoted = (names: readonly string[]) => {
  const q = names.map((n) => `“${n}”`);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} and ${q.at(-1)}` : (q[0] ?? '');
};

export interface AlertHandlersOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The site's origin, for every link and image of the emails. */
  publicUrl: string;
  /** Signs the one-click unsubscribe links (the token secret). */
  secret: Uint8Array;
  /** DIGEST_HOUR: the London hour of the daily digest. */
  digestHour: number;
  /** Daily searches read per statement by the digest's fan-out (DIGEST_BATCH; the tests make it small). */
  digestBatch?: number;
  now?: () => Date;
}

/** The handlers of the alerts' jobs, to register with the job runner beside the others. */
export function createAlertHandlers({ db, mailer, publicUrl, secret, digestHour, digestBatch = DIGEST_BATCH, now = () => new Date() }: AlertHandlersOptions): JobHandlers {
  const room = (listing: AlertListing): EmailRoom => ({
    title: listing.title,
    rent: Number(listing.rent),
    place: placeOf(listing),
    url: `${publicUrl}${ROUTES.room(listing.id)}`,
    imageUrl: listing.card_path ? `${publicUrl}${listing.card_path}` : null,
  });
  const settingsUrl = `${publicUrl}${EMAIL_SETTINGS_PATH}`;

  return {
    async [ALERT_JOBS.listing](job) {
      const listingId = Number(job.payload.listingId);
      await db.transaction().execute(async (trx) => {
        const told = await recordMatches(trx, listingId, now());
        const people = [...new Set(told.filter((m) => m.frequency === 'instant').map((m) => m.user_id))];
        await enqueueMany(
          trx,
          people.map((userId) => ({ kind: ALERT_JOBS.email, key: `${ALERT_JOBS.email}:${userId}:${listingId}`, payload: { userId, listingId } })),
          now(),
        );
      });
    },

    async [ALERT_JOBS.email](job) {
      const userId = Number(job.payload.userId);
      const listingId = Number(job.payload.listingId);
      const listing = await findPublicAlertListing(db, listingId);
      if (!listing) return;
      const searches = await pendingInstantSearches(db, userId, listingId);
      const first = searches[0];
      if (!first) return;
      const names = searches.map((s) => s.name);
      const shown = room(listing);
      const email = notificationEmail({
        to: first.email,
        subject: `New room in ${listing.area ?? listing.city}: ${listing.title}, ${formatMoney(shown.rent)} a month`,
        heading: `A new room for your search ${quoted(names)}`,
        paragraphs: [
          `${listing.title} in ${shown.place} at ${formatMoney(shown.rent)} a month has just been listed, and it matches your saved search ${quoted(names)}.`,
          ...(searches.length > 1 ? [`Manage your saved searches at ${publicUrl}${ROUTES.savedSearches}`] : []),
        ],
        rooms: [shown],
        action: { label: 'View the room', url: shown.url },
        unsubscribe: { ...unsubscribeUrls(publicUrl, secret, { kind: 'search', id: first.id }), what: `emails about “${first.name}”` },
        settingsUrl,
      });
      await mailer.send(email);
      await markSent(db, searches.map((s) => s.id), [listingId], now());
    },

    async [ALERT_JOBS.digest](job) {
      const date = String(job.payload.date);
      const at = now();
      // The next day's first: the digest keeps itself going even when this run fails its last attempt (a repeat of
      // the key, from a retry or the start-up, is harmless).
      const next = londonDaysAhead(1, londonHour(date, 12));
      await enqueue(db, { kind: ALERT_JOBS.digest, key: `${ALERT_JOBS.digest}:${next}`, payload: { date: next }, runAt: londonHour(next, digestHour) }, at);
      let after = 0;
      for (;;) {
        const ids = await dailySearchesWaiting(db, after, digestBatch);
        if (!ids.length) break;
        await enqueueMany(
          db,
          ids.map((searchId) => ({ kind: ALERT_JOBS.digestEmail, key: `${ALERT_JOBS.digestEmail}:${searchId}:${date}`, payload: { searchId, date } })),
          at,
        );
        after = ids.at(-1)!;
      }
    },

    async [ALERT_JOBS.digestEmail](job) {
      const searchId = Number(job.payload.searchId);
      const search = await findDailySearch(db, searchId);
      if (!search) return;
      const { shown, ids } = await waitingMatches(db, searchId, DIGEST_ROOMS);
      if (!ids.length) return;
      const criteria = search.criteria as SavedSearchCriteria;
      const more = ids.length - shown.length;
      const count = ids.length === 1 ? 'a new room' : `${ids.length} new rooms`;
      const email = notificationEmail({
        to: search.email,
        subject: `${ids.length === 1 ? 'A new room' : `${ids.length} new rooms`} for “${search.name}”`,
        heading: `Today’s new rooms for “${search.name}”`,
        paragraphs: [`Your saved search “${search.name}” has ${count} since your last digest.`, ...(more > 0 ? [`And ${more} more: see them all on RoomNest.`] : [])],
        rooms: shown.map(room),
        action: { label: more > 0 ? `See all ${ids.length} rooms` : 'See the search', url: `${publicUrl}${savedSearchHref(criteria)}` },
        unsubscribe: { ...unsubscribeUrls(publicUrl, secret, { kind: 'search', id: search.id }), what: `emails about “${search.name}”` },
        settingsUrl,
      });
      await mailer.send(email);
      await markSent(db, [search.id], ids, now());
    },
  };
}
