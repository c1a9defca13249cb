/** The database schema as Kysely sees it (kept in step with ./migrations). */
import type {
  AmenityKey,
  ListingStatus,
  ModerationAction,
  ModerationAuditAction,
  PetPolicy,
  PlanName,
  ReportReason,
  ReportSource,
  ReportStatus,
  ReportTargetType,
  RoomType,
  SmokingPolicy,
  UserRole,
  UserType,
} from '@roomnest/shared';
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/** A column the database fills in on insert and never changes afterwards. */
type ReadOnlyGenerated<T> = ColumnType<T, never, never>;

export interface UsersTable {
  id: ReadOnlyGenerated<number>;
  name: string;
  email: string;
  password_hash: string;
  user_type: UserType;
  plan: ColumnType<PlanName, PlanName | undefined, PlanName>;
  phone_number: string | null;
  profile_picture_url: string | null;
  bio: string | null;
  looking_for_description: string | null;
  budget_min: number | null;
  budget_max: number | null;
  /** Comma-separated, e.g. "Hackney, Stratford". */
  preferred_locations: string | null;
  /** Calendar date as 'YYYY-MM-DD' (both drivers are told not to make a Date of it). */
  flatmate_move_in_date: string | null;
  is_actively_looking: Generated<boolean>;
  /** The Free plan's unlimited-messages upgrade (migration 0008); set by the payment side or the seed, never through the API. */
  unlimited_messages: Generated<boolean>;
  /** Bumped to revoke every token issued so far (password reset, sign out everywhere). */
  token_version: Generated<number>;
  /** Whether a message left unread is emailed to its receiver (Profile.EmailOnMessage). */
  email_on_message: Generated<boolean>;
  /** Set by a moderator's suspension (migration 0020); null while the account is in good standing. */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the person opened their verification email's link; null until then. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface MessagesTable {
  id: ReadOnlyGenerated<number>;
  sender_id: number;
  receiver_id: number;
  content: string;
  sent_at: ColumnType<Date, Date | undefined, never>;
  read_at: Date | null;
  /** The room the message is about (an enquiry); null when none, or once the listing is deleted. */
  listing_id: ColumnType<number | null, number | null | undefined, never>;
}

export interface ListingsTable {
  id: ReadOnlyGenerated<number>;
  landlord_id: ColumnType<number, number, never>;
  title: string;
  /** '' when the landlord wrote none. */
  description: ColumnType<string, string | undefined, string>;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  room_type: RoomType;
  /** numeric(10,2), read as a number of pounds. */
  rent: number;
  deposit: number | null;
  /** Calendar date as 'YYYY-MM-DD'. */
  available_date: string;
  /** `/uploads/...` path of the full-size image; null when there is none. */
  image_path: string | null;
  /** `/uploads/...` path of the card-sized copy. */
  thumb_path: string | null;
  lease_terms: ColumnType<string, string | undefined, string>;
  pet_policy: PetPolicy;
  smoking_policy: SmokingPolicy;
  status: ColumnType<ListingStatus, ListingStatus | undefined, ListingStatus>;
  /** Amenity keys, each at most once. */
  amenities: ColumnType<AmenityKey[], AmenityKey[] | undefined, AmenityKey[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** Posting or renewal time plus LISTING_ACTIVE_DAYS. */
  expires_at: ColumnType<Date, Date | undefined, Date>;
  /** A moderator took the room down (migration 0020); null otherwise. */
  removed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The owner is suspended: set and cleared with the suspension, in its transaction (migration 0020). */
  owner_suspended: ColumnType<boolean, boolean | undefined, boolean>;
  /** Computed by the database from the address (migration 0009), e.g. 'Hackney' and 'Mare Street' of '14 Mare Street, Hackney'. */
  area: ColumnType<string | null, never, never>;
  street: ColumnType<string | null, never, never>;
  /** Computed from zip_code (migration 0009): 'E83PB' and its outward code 'E8'; district is null when it has no UK shape. */
  postcode: ColumnType<string | null, never, never>;
  district: ColumnType<string | null, never, never>;
}

export interface NewsletterSubscriptionsTable {
  id: ReadOnlyGenerated<number>;
  email: string;
  created_at: ColumnType<Date, never, never>;
  /** Null until the address is confirmed from the email's link: only confirmed addresses are subscribed. */
  confirmed_at: ColumnType<Date | null, never, Date>;
  /** Hex SHA-256 of the confirmation link's token; kept after use. */
  confirm_token_hash: ColumnType<string | null, string | undefined, string>;
  confirm_expires_at: ColumnType<Date | null, Date | undefined, Date>;
}

export interface PasswordResetTokensTable {
  id: ReadOnlyGenerated<number>;
  user_id: ColumnType<number, number, never>;
  /** Hex SHA-256 of the emailed token. */
  token_hash: ColumnType<string, string, never>;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date | null, never, Date>;
}

/** The nonces of used live-stream tickets (migration 0011; features/messages/tickets.ts). */
export interface StreamTicketUsesTable {
  nonce: ColumnType<string, string, never>;
  user_id: ColumnType<number, number, never>;
  expires_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date, never, never>;
}

/** A listing's photos in display order, the first its cover (migration 0014). */
export interface ListingPhotosTable {
  id: ReadOnlyGenerated<number>;
  listing_id: ColumnType<number, number, never>;
  /** 0 to 9; unique per listing at the end of each transaction. */
  position: number;
  /** `/uploads/listings/<stem>.jpg`, the full-size copy; the other sizes share its stem. */
  path: ColumnType<string, string, never>;
  /** The card copy, `/uploads/listings/<stem>-card.webp`. */
  card_path: ColumnType<string, string, never>;
  /** Of the full-size copy; null for a photo moved from before migration 0014. */
  width: ColumnType<number | null, number | null | undefined, number>;
  height: ColumnType<number | null, number | null | undefined, number>;
  created_at: ColumnType<Date, never, never>;
}

/** The cities, areas and streets listings name, with their counts; kept by triggers on listings (migration 0013). */
export interface PlacesTable {
  kind: ColumnType<'city' | 'area' | 'street', never, never>;
  /** lower(name). */
  key: ColumnType<string, never, never>;
  name: ColumnType<string, never, never>;
  /** An area's city, a street's area; '' for a city or a street with no area. */
  within: ColumnType<string, never, never>;
  listings: ColumnType<number, never, never>;
  /** Listings with status 'Available'. */
  available: ColumnType<number, never, never>;
}

/** Who has been counted as viewing a listing on a London day (a user id, or a daily keyed hash for the anonymous). */
export interface ListingViewSeenTable {
  listing_id: number;
  day: ColumnType<string, string, never>;
  viewer: string;
}

/** Views of a listing per London day. */
export interface ListingViewDaysTable {
  listing_id: number;
  day: ColumnType<string, string, never>;
  views: number;
}

/** A person's shortlist of rooms (migration 0017). */
export interface SavedListingsTable {
  user_id: ColumnType<number, number, never>;
  listing_id: ColumnType<number, number, never>;
  saved_at: ColumnType<Date, Date | undefined, Date>;
}

export type SavedSearchFrequencyColumn = 'instant' | 'daily' | 'off';

/** A person's saved searches; criteria as GET /api/listings takes them (migration 0017). */
export interface SavedSearchesTable {
  id: ReadOnlyGenerated<number>;
  user_id: ColumnType<number, number, never>;
  name: string;
  criteria: ColumnType<Record<string, unknown>, string, string>;
  frequency: SavedSearchFrequencyColumn;
  created_at: ColumnType<Date, Date | undefined, never>;
  last_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Which listings each saved search has told of, or queued for its digest: never one twice. */
export interface AlertDeliveriesTable {
  saved_search_id: ColumnType<number, number, never>;
  listing_id: ColumnType<number, number, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** When it went out in an email; null while it waits for the digest or its instant email (migration 0018). */
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A saved search's Criteria as match columns, one row per reading of its City field (migration 0018). */
export interface SavedSearchTermsTable {
  saved_search_id: ColumnType<number, number, never>;
  user_id: ColumnType<number, number, never>;
  frequency: SavedSearchFrequencyColumn;
  place_kind: ColumnType<string, string, never>;
  place_key: ColumnType<string, string, never>;
  unless_city: ColumnType<boolean, boolean | undefined, never>;
  area: ColumnType<string | null, string | null | undefined, never>;
  street: ColumnType<string | null, string | null | undefined, never>;
  district: ColumnType<string | null, string | null | undefined, never>;
  postcode: ColumnType<string | null, string | null | undefined, never>;
  city: ColumnType<string | null, string | null | undefined, never>;
  city_prefix: ColumnType<string | null, string | null | undefined, never>;
  min_rent: ColumnType<number | null, number | null | undefined, never>;
  max_rent: ColumnType<number | null, number | null | undefined, never>;
  room_type: ColumnType<string | null, string | null | undefined, never>;
  available_date: ColumnType<string | null, string | null | undefined, never>;
  address: ColumnType<string | null, string | null | undefined, never>;
}

/** The durable work queue (api/src/jobs/queue.ts). */
export interface JobsTable {
  id: ColumnType<string, never, never>;
  kind: ColumnType<string, string, never>;
  /** Unique among open jobs: enqueueing it again changes nothing. */
  key: ColumnType<string | null, string | null | undefined, never>;
  payload: ColumnType<unknown, string | undefined, never>;
  run_at: ColumnType<Date, Date | undefined, Date>;
  attempts: ColumnType<number, never, number>;
  max_attempts: ColumnType<number, number | undefined, never>;
  last_error: ColumnType<string | null, never, string | null>;
  locked_until: ColumnType<Date | null, never, Date | null>;
  locked_by: ColumnType<string | null, never, string | null>;
  created_at: ColumnType<Date, never, never>;
  done_at: ColumnType<Date | null, never, Date | null>;
  failed_at: ColumnType<Date | null, never, Date | null>;
}

/** The unread spells whose email has gone out (migration 0019): one email per spell. */
export interface MessageEmailSpellsTable {
  receiver_id: ColumnType<number, number, never>;
  sender_id: ColumnType<number, number, never>;
  first_message_id: ColumnType<number, number, never>;
  sent_at: ColumnType<Date, Date | undefined, never>;
}

/** Roles beyond the account type (migration 0020): granted from the command line only. */
export interface UserRolesTable {
  user_id: ColumnType<number, number, never>;
  role: ColumnType<UserRole, UserRole, never>;
  granted_at: ColumnType<Date, Date | undefined, never>;
}

/** One report per reporter and target; a repeat updates it (migration 0020). */
export interface ReportsTable {
  id: ReadOnlyGenerated<number>;
  reporter_id: ColumnType<number | null, number, never>;
  target_type: ColumnType<ReportTargetType, ReportTargetType, never>;
  target_id: ColumnType<number, number, never>;
  reported_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  reason: ReportReason;
  details: ColumnType<string, string | undefined, string>;
  source: ReportSource;
  /** The Listing as it was when reported (listing reports). */
  listing_snapshot: ColumnType<unknown, string | null | undefined, string | null>;
  /** The conversation's messages as they were when reported (reports made in a chat). */
  conversation_snapshot: ColumnType<unknown, string | null | undefined, string | null>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  resolution_action: ColumnType<ModerationAction | null, ModerationAction | null | undefined, ModerationAction | null>;
  resolution_note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The moderation audit log (migration 0020): append only. */
export interface ModerationActionsTable {
  id: ReadOnlyGenerated<number>;
  moderator_id: ColumnType<number | null, number, never>;
  moderator_name: ColumnType<string, string, never>;
  action: ColumnType<ModerationAuditAction, ModerationAuditAction, never>;
  report_id: ColumnType<number | null, number | null | undefined, never>;
  target_type: ColumnType<ReportTargetType, ReportTargetType, never>;
  target_id: ColumnType<number, number, never>;
  note: ColumnType<string, string | undefined, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** blocker_id has blocked blocked_id (migration 0020). */
export interface BlocksTable {
  blocker_id: ColumnType<number, number, never>;
  blocked_id: ColumnType<number, number, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** One Resend of a verification email (migration 0021): the limit per hour counts these. */
export interface VerificationResendsTable {
  id: ReadOnlyGenerated<number>;
  user_id: ColumnType<number, number, never>;
  requested_at: ColumnType<Date, Date | undefined, never>;
}

/** Page loads and failures of a remote's version in one minute (migration 0022), for the canary guard. */
export interface RemoteLoadsTable {
  remote: string;
  version: string;
  minute: Date;
  /** Weighted: a sampled report of a stable version counts 1/REMOTE_LOAD_SAMPLE_RATE. */
  loads: ColumnType<number, number | undefined, number>;
  failures: ColumnType<number, number | undefined, number>;
}

/** Rate-limit counters (migration 0023): one row per limit and caller, for the current window. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  expires_at: Date;
}

export interface DB {
  users: UsersTable;
  messages: MessagesTable;
  listings: ListingsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  stream_ticket_uses: StreamTicketUsesTable;
  places: PlacesTable;
  listing_photos: ListingPhotosTable;
  listing_view_seen: ListingViewSeenTable;
  listing_view_days: ListingViewDaysTable;
  saved_listings: SavedListingsTable;
  saved_searches: SavedSearchesTable;
  alert_deliveries: AlertDeliveriesTable;
  saved_search_terms: SavedSearchTermsTable;
  jobs: JobsTable;
  message_email_spells: MessageEmailSpellsTable;
  user_roles: UserRolesTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  blocks: BlocksTable;
  verification_resends: VerificationResendsTable;
  remote_loads: RemoteLoadsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MessageRow = Selectable<MessagesTable>;
export type ListingRow = Selectable<ListingsTable>;
export type NewListing = Insertable<ListingsTable>;

/** What a repository function runs its statements on: the pool, or a transaction the caller holds (for its locks). */
export type Executor = Kysely<DB> | Transaction<DB>;
