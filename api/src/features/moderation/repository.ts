/**
 * The moderation queue, its actions, the restores and the audit log (docs/moderation.md).
 *
 * Suspension and removal are written on the listing rows (listings.owner_suspended, listings.removed_at) in the
 * action's transaction, so that "is this room public" stays IS_PUBLIC, a test of the listing's own row, and the
 * search cache of every instance is cleared by migration 0007's trigger when the transaction commits.
 */
import type {
  Listing,
  Message,
  ModerationAction,
  ModerationAuditAction,
  ModerationAuditEntry,
  ModerationReport,
  ReportReason,
  ReportStatus,
  ReportTargetType,
} from '@roomnest/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import { schemaChannel, notify } from '../../db/listen.ts';
import type { DB, Executor } from '../../db/types.ts';

/** Reports one queue answer carries at most. */
export const QUEUE_PAGE_SIZE = 100;
/** Audit log lines a page. */
export const AUDIT_PAGE_SIZE = 50;
/** Other reports about the same person each queue entry carries at most (newest first). */
export const OTHER_REPORTS_MAX = 50;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const json = <T>(value: unknown): T | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T));

/** The queue's reports with everything but the person's other reports, in one statement. */
function reportRows(db: Executor) {
  return db
    .selectFrom('reports as r')
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_id')
    .leftJoin('users as ru', 'ru.id', 'r.reported_user_id')
    .leftJoin('listings as l', (join) => join.on('r.target_type', '=', 'listing').onRef('l.id', '=', 'r.target_id'))
    .select([
      'r.id',
      'r.target_type',
      'r.target_id',
      'r.reason',
      'r.details',
      'r.source',
      'r.status',
      'r.created_at',
      'r.updated_at',
      'r.resolved_at',
      'r.resolution_action',
      'r.resolution_note',
      'r.listing_snapshot',
      'r.conversation_snapshot',
      'r.reporter_id',
      'reporter.name as reporter_name',
      'r.reported_user_id',
      'ru.name as ru_name',
      'ru.email as ru_email',
      'ru.created_at as ru_created_at',
      'ru.email_verified_at as ru_verified_at',
      'ru.suspended_at as ru_suspended_at',
      'ru.suspension_reason as ru_suspension_reason',
      'l.id as now_id',
      'l.status as now_status',
      'l.removed_at as now_removed_at',
      // The name the audit log copied: it still reads after the moderator's account is gone.
      sql<string | null>`(select ma.moderator_name from moderation_actions ma where ma.report_id = r.id and ma.action = r.resolution_action order by ma.id desc limit 1)`.as(
        'resolver_name',
      ),
    ]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['execute']>>[number];
type OtherReport = ModerationReport['OtherReports'][number];

/** The other reports about each of these people (about them or their listings), newest first, at most OTHER_REPORTS_MAX each. */
async function otherReportsOf(db: Executor, people: number[]): Promise<Map<number, OtherReport[]>> {
  const byPerson = new Map<number, OtherReport[]>();
  if (!people.length) return byPerson;
  const { rows } = await sql<{ id: number; reported_user_id: number; target_type: ReportTargetType; reason: ReportReason; status: ReportStatus; created_at: Date }>`
    select id, reported_user_id, target_type, reason, status, created_at from (
      select id, reported_user_id, target_type, reason, status, created_at,
        row_number() over (partition by reported_user_id order by created_at desc, id desc) as n
      from reports where reported_user_id in (${sql.join(people)})
    ) ranked where n <= ${OTHER_REPORTS_MAX + 1}
    order by reported_user_id, created_at desc, id desc`.execute(db);
  for (const row of rows) {
    const list = byPerson.get(row.reported_user_id) ?? [];
    list.push({ ReportID: row.id, TargetType: row.target_type, Reason: row.reason, Status: row.status, CreatedAt: iso(row.created_at)! });
    byPerson.set(row.reported_user_id, list);
  }
  return byPerson;
}

function toModerationReport(row: ReportRow, others: OtherReport[]): ModerationReport {
  return {
    ReportID: row.id,
    TargetType: row.target_type,
    TargetID: row.target_id,
    Reason: row.reason,
    Details: row.details,
    Source: row.source,
    Status: row.status,
    CreatedAt: iso(row.created_at)!,
    UpdatedAt: iso(row.updated_at)!,
    Reporter: row.reporter_id !== null && row.reporter_name !== null ? { UserID: row.reporter_id, Name: row.reporter_name } : null,
    ReportedUser:
      row.reported_user_id !== null && row.ru_name !== null
        ? {
            UserID: row.reported_user_id,
            Name: row.ru_name,
            Email: row.ru_email!,
            CreatedAt: iso(row.ru_created_at)!,
            EmailVerified: row.ru_verified_at !== null,
            SuspendedAt: iso(row.ru_suspended_at),
            SuspensionReason: row.ru_suspension_reason,
          }
        : null,
    Listing: json<Listing>(row.listing_snapshot),
    ListingNow: row.now_id !== null ? { Status: row.now_status!, RemovedAt: iso(row.now_removed_at) } : null,
    Conversation: json<Message[]>(row.conversation_snapshot),
    OtherReports: others,
    Resolution:
      row.status === 'resolved' && row.resolution_action && row.resolved_at
        ? { Action: row.resolution_action, Note: row.resolution_note ?? '', ModeratorName: row.resolver_name ?? '', ResolvedAt: iso(row.resolved_at)! }
        : null,
  };
}

async function withOtherReports(db: Executor, rows: ReportRow[]): Promise<ModerationReport[]> {
  const people = [...new Set(rows.map((r) => r.reported_user_id).filter((id): id is number => id !== null))];
  const others = await otherReportsOf(db, people);
  return rows.map((row) =>
    toModerationReport(
      row,
      row.reported_user_id === null
        ? []
        : (others.get(row.reported_user_id) ?? [])
            .filter((o) => o.ReportID !== row.id)
            .slice(0, OTHER_REPORTS_MAX),
    ),
  );
}

/** The queue: open reports oldest first, or resolved ones most recently resolved first; QUEUE_PAGE_SIZE at most. Two statements, whatever the length. */
export async function listReports(db: Executor, status: ReportStatus): Promise<ModerationReport[]> {
  let query = reportRows(db).where('r.status', '=', status);
  query = status === 'open' ? query.orderBy('r.created_at', 'asc').orderBy('r.id', 'asc') : query.orderBy('r.resolved_at', 'desc').orderBy('r.id', 'desc');
  return withOtherReports(db, await query.limit(QUEUE_PAGE_SIZE).execute());
}

export async function findModerationReport(db: Executor, id: number): Promise<ModerationReport | undefined> {
  const row = await reportRows(db).where('r.id', '=', id).executeTakeFirst();
  return row ? (await withOtherReports(db, [row]))[0] : undefined;
}

/** The report's row, locked until the transaction ends: two moderators resolving one report at once are taken one at a time. */
export function lockReport(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('reports').select(['id', 'status', 'target_type', 'target_id', 'reported_user_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markResolved(trx: Transaction<DB>, id: number, moderatorId: number, action: ModerationAction, note: string): Promise<void> {
  await trx
    .updateTable('reports')
    .set({ status: 'resolved', resolved_at: sql<Date>`now()`, resolved_by: moderatorId, resolution_action: action, resolution_note: note })
    .where('id', '=', id)
    .execute();
}

export interface AuditWrite {
  moderatorId: number;
  moderatorName: string;
  action: ModerationAuditAction;
  reportId: number | null;
  targetType: ReportTargetType;
  targetId: number;
  note: string;
}

export async function writeAudit(trx: Executor, entry: AuditWrite): Promise<void> {
  await trx
    .insertInto('moderation_actions')
    .values({
      moderator_id: entry.moderatorId,
      moderator_name: entry.moderatorName,
      action: entry.action,
      report_id: entry.reportId,
      target_type: entry.targetType,
      target_id: entry.targetId,
      note: entry.note,
    })
    .execute();
}

/** A listing's removal state, locked; undefined when it does not exist. */
export function lockListingRemoval(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('listings').select(['id', 'removed_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Takes the listing down (or puts it back, with null); its updated_at is not a change of the room's page, so it stays. */
export async function setListingRemoved(trx: Executor, id: number, removed: boolean): Promise<void> {
  await trx
    .updateTable('listings')
    .set({ removed_at: removed ? sql<Date>`now()` : null })
    .where('id', '=', id)
    .execute();
}

/** A person's standing, their user row locked; undefined when the account is gone. */
export async function lockPerson(trx: Transaction<DB>, id: number) {
  const row = await trx.selectFrom('users').select(['id', 'suspended_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const moderator = await trx.selectFrom('user_roles').select('role').where('user_id', '=', id).where('role', '=', 'moderator').executeTakeFirst();
  return { ...row, isModerator: Boolean(moderator) };
}

/**
 * Suspends the person, in the caller's transaction: the reason they are shown, a new token version (every token
 * and stream ticket of theirs stops at once), their listings marked owner_suspended (out of every public page),
 * and a notification on the live messages channel that ends their open streams on every instance when the
 * transaction commits.
 */
export async function suspendPerson(trx: Transaction<DB>, id: number, reason: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ suspended_at: sql<Date>`now()`, suspension_reason: reason, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await trx.updateTable('listings').set({ owner_suspended: true }).where('landlord_id', '=', id).where('owner_suspended', '=', false).execute();
  await notify(trx, await schemaChannel(trx, 'roomnest_messages'), JSON.stringify({ k: 'x', u: id }));
}

/** Lifts the suspension and brings the person's listings back (a listing a moderator removed stays removed). */
export async function restorePerson(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', '=', id).execute();
  await trx.updateTable('listings').set({ owner_suspended: false }).where('landlord_id', '=', id).where('owner_suspended', '=', true).execute();
}

/** One page of the audit log, newest first. */
export async function auditPage(db: Kysely<DB>, page: number): Promise<{ entries: ModerationAuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('moderation_actions')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE)
      .execute(),
    db.selectFrom('moderation_actions').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    entries: rows.map((row) => ({
      EntryID: row.id,
      At: iso(row.created_at)!,
      ModeratorID: row.moderator_id,
      ModeratorName: row.moderator_name,
      Action: row.action,
      ReportID: row.report_id,
      TargetType: row.target_type,
      TargetID: row.target_id,
      Note: row.note,
    })),
  };
}
