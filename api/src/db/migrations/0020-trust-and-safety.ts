/**
 * Trust and safety: moderators, reports, the moderation audit log, suspensions, blocks and verified emails.
 *
 * user_roles: what a person may do beyond their account type. 'moderator' is the one role; it is granted and
 * taken only from the command line (npm run moderators), never through the API.
 *
 * users.suspended_at / suspension_reason: a suspended person cannot log in, their tokens stop (the suspension
 * bumps token_version in the same transaction) and their listings and flatmate profile leave every public page.
 * users.email_verified_at: when the person opened the link of their verification email; null until then.
 *
 * listings.removed_at: a moderator took the room down (it stays the owner's, and a moderator may restore it).
 * listings.owner_suspended: the owner is suspended. Kept on the listing, set in the suspension's transaction,
 * so that "is this room public" stays a test of the listing's own row (IS_PUBLIC) and every search keeps its
 * indexes. Restoring the person clears it; a removed room stays removed.
 *
 * reports: one per reporter and target; a repeat updates it (and opens it again). A listing report keeps the
 * listing as it was when reported (listing_snapshot), a report made in a chat keeps that conversation
 * (conversation_snapshot), so deleting the room or the messages later hides nothing from the moderator.
 * reported_user_id is the person the report is about (the landlord of a reported listing).
 *
 * moderation_actions: the audit log, one row per moderator action (who, when, what, note). The moderator's
 * name is copied so the log still reads after the account is gone.
 *
 * blocks: blocker_id has blocked blocked_id. Either direction stops messages both ways.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_roles (
      user_id integer not null references users (id) on delete cascade,
      role text not null check (role in ('moderator')),
      granted_at timestamptz not null default now(),
      primary key (user_id, role)
    )
  `.execute(db);

  await sql`alter table users add column suspended_at timestamptz`.execute(db);
  await sql`alter table users add column suspension_reason text`.execute(db);
  await sql`alter table users add column email_verified_at timestamptz`.execute(db);

  await sql`alter table listings add column removed_at timestamptz`.execute(db);
  await sql`alter table listings add column owner_suspended boolean not null default false`.execute(db);

  await sql`
    create table reports (
      id integer generated always as identity primary key,
      reporter_id integer references users (id) on delete set null,
      target_type text not null check (target_type in ('listing', 'user')),
      target_id integer not null,
      reported_user_id integer references users (id) on delete set null,
      reason text not null check (reason in ('scam', 'offensive', 'spam', 'already-let', 'other')),
      details text not null default '',
      source text not null check (source in ('listing', 'flatmate', 'chat')),
      listing_snapshot jsonb,
      conversation_snapshot jsonb,
      status text not null default 'open' check (status in ('open', 'resolved')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      resolved_at timestamptz,
      resolved_by integer references users (id) on delete set null,
      resolution_action text check (resolution_action in ('dismiss', 'remove-listing', 'suspend-user')),
      resolution_note text
    )
  `.execute(db);
  // One report per person and target: a repeat updates it.
  await sql`create unique index reports_one_per_reporter on reports (reporter_id, target_type, target_id) where reporter_id is not null`.execute(db);
  // The queue: open (or resolved) reports, oldest first.
  await sql`create index reports_queue on reports (status, created_at, id)`.execute(db);
  // A reported person's other reports; deleting an account sets these to null.
  await sql`create index reports_by_reported_user on reports (reported_user_id)`.execute(db);
  await sql`create index reports_by_target on reports (target_type, target_id)`.execute(db);
  await sql`create index reports_by_resolver on reports (resolved_by)`.execute(db);

  await sql`
    create table moderation_actions (
      id integer generated always as identity primary key,
      moderator_id integer references users (id) on delete set null,
      moderator_name text not null,
      action text not null check (action in ('dismiss', 'remove-listing', 'suspend-user', 'restore-listing', 'restore-user')),
      report_id integer references reports (id) on delete set null,
      target_type text not null check (target_type in ('listing', 'user')),
      target_id integer not null,
      note text not null default '',
      created_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index moderation_actions_newest on moderation_actions (created_at desc, id desc)`.execute(db);
  await sql`create index moderation_actions_by_moderator on moderation_actions (moderator_id)`.execute(db);
  await sql`create index moderation_actions_by_report on moderation_actions (report_id)`.execute(db);

  await sql`
    create table blocks (
      blocker_id integer not null references users (id) on delete cascade,
      blocked_id integer not null references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (blocker_id, blocked_id),
      check (blocker_id <> blocked_id)
    )
  `.execute(db);
  await sql`create index blocks_by_blocked on blocks (blocked_id, blocker_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table blocks`.execute(db);
  await sql`drop table moderation_actions`.execute(db);
  await sql`drop table reports`.execute(db);
  await sql`alter table listings drop column owner_suspended`.execute(db);
  await sql`alter table listings drop column removed_at`.execute(db);
  await sql`alter table users drop column email_verified_at`.execute(db);
  await sql`alter table users drop column suspension_reason`.execute(db);
  await sql`alter table users drop column suspended_at`.execute(db);
  await sql`drop table user_roles`.execute(db);
}
