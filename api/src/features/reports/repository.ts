/**
 * Reports: one per reporter and target (the unique index of migration 0020), so a repeat updates the earlier
 * report, with its snapshots, and opens it again if a moderator had resolved it.
 */
import type { Listing, Message, ReportReason, ReportSource, ReportTargetType } from '@roomnest/shared';
import { sql, type Transaction } from 'kysely';
import type { DB, Executor } from '../../db/types.ts';
import { IS_PUBLIC } from '../listings/repository.ts';

/** Reports (new or updated) one person may send in REPORTS_WINDOW. */
export const REPORTS_PER_WINDOW = 10;
export const REPORTS_WINDOW = '1 hour';

/**
 * A listing the caller may report, with its landlord: one the public may see, or one that is the subject of a
 * message between the caller and its landlord (a conversation about a room that has since gone Pending or
 * expired can still be reported from the chat). Undefined for any other id, as for one that does not exist.
 */
export function findReportableListing(db: Executor, reporter: number, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['listings.id', 'listings.landlord_id'])
    .where('listings.id', '=', listingId)
    .where((eb) =>
      eb.or([
        IS_PUBLIC,
        eb('listings.landlord_id', '=', reporter),
        eb.exists(
          eb
            .selectFrom('messages')
            .select(sql.lit(1).as('one'))
            .whereRef('messages.listing_id', '=', 'listings.id')
            .where((m) =>
              m.or([
                m.and([m('messages.sender_id', '=', reporter), m('messages.receiver_id', '=', m.ref('listings.landlord_id'))]),
                m.and([m('messages.receiver_id', '=', reporter), m('messages.sender_id', '=', m.ref('listings.landlord_id'))]),
              ]),
            ),
        ),
      ]),
    )
    .executeTakeFirst();
}

/** A person who may be reported: an account that exists and is not suspended already. */
export function findReportableUser(db: Executor, userId: number) {
  return db.selectFrom('users').select('id').where('id', '=', userId).where('suspended_at', 'is', null).executeTakeFirst();
}

/**
 * Key-shares the reported person's row until the transaction ends, as the report's foreign key would: an account
 * being deleted is waited for and then not found (false), instead of failing the insert.
 */
export async function lockReportedUser(trx: Transaction<DB>, userId: number): Promise<boolean> {
  return Boolean(await trx.selectFrom('users').select('id').where('id', '=', userId).forKeyShare().executeTakeFirst());
}

/**
 * Takes the reporter's user row lock (FOR NO KEY UPDATE, as the messaging quota does) for the rest of the
 * transaction, so that a person's reports are counted and written one at a time and parallel requests cannot
 * pass the limit together; answers how many reports (new or updated) they sent in the window. Undefined when
 * the reporter's account is gone.
 */
export async function lockAndCountRecentReports(trx: Transaction<DB>, reporter: number): Promise<number | undefined> {
  const me = await trx.selectFrom('users').select('id').where('id', '=', reporter).forNoKeyUpdate().executeTakeFirst();
  if (!me) return undefined;
  const { n } = await trx
    .selectFrom('reports')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('reporter_id', '=', reporter)
    .where('updated_at', '>', sql<Date>`now() - ${sql.lit(REPORTS_WINDOW)}::interval`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface ReportWrite {
  reporter: number;
  targetType: ReportTargetType;
  targetId: number;
  reportedUserId: number;
  reason: ReportReason;
  details: string;
  source: ReportSource;
  listing: Listing | null;
  conversation: Message[] | null;
}

/** Writes the report, or updates the caller's earlier one about the same target (reopening it); answers its id and whether it was new. */
export async function upsertReport(trx: Transaction<DB>, report: ReportWrite): Promise<{ id: number; created: boolean }> {
  const fields = {
    reported_user_id: report.reportedUserId,
    reason: report.reason,
    details: report.details,
    source: report.source,
    listing_snapshot: report.listing ? JSON.stringify(report.listing) : null,
    conversation_snapshot: report.conversation ? JSON.stringify(report.conversation) : null,
  };
  const row = await trx
    .insertInto('reports')
    .values({ reporter_id: report.reporter, target_type: report.targetType, target_id: report.targetId, ...fields })
    .onConflict((oc) =>
      oc
        .columns(['reporter_id', 'target_type', 'target_id'])
        .where('reporter_id', 'is not', null)
        .doUpdateSet({
          ...fields,
          updated_at: sql<Date>`now()`,
          status: 'open',
          resolved_at: null,
          resolved_by: null,
          resolution_action: null,
          resolution_note: null,
        }),
    )
    // xmax is 0 for a row this statement inserted, and the updating transaction's id for one it updated.
    .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: Boolean(row.created) };
}
