/**
 * Trust and safety, as the browser and the server both know it: the reasons a person may report a room or a
 * person for, what a moderator may do about a report, the objects of the moderation and block calls, the
 * limits, and the sentences both sides show. Pure, so the server imports it too.
 */
import type { Listing, Message } from './domain.ts';

export { USER_ROLES, type UserRole } from './domain.ts';

export const REPORT_TARGET_TYPES = ['listing', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why a report is made, with the words the Report dialog and the moderation queue show. */
export const REPORT_REASONS = [
  { value: 'scam', label: 'Scam or fraud', hint: 'Asks for money before a viewing, a room that does not exist, or someone pretending to be someone else' },
  { value: 'offensive', label: 'Offensive or abusive', hint: 'Hateful, threatening or discriminatory words or pictures' },
  { value: 'spam', label: 'Spam', hint: 'Advertising, repeated messages or links that have nothing to do with a room' },
  { value: 'already-let', label: 'Room already let', hint: 'The room is no longer available but is still advertised' },
  { value: 'other', label: 'Something else', hint: 'Tell us in the details' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const REPORT_REASON_VALUES = /* @__PURE__ */ REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

/** Where the report was made: a room's page, a flatmate card, or a chat (whose conversation the report keeps). */
export const REPORT_SOURCES = ['listing', 'flatmate', 'chat'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What a moderator may do with an open report. */
export const MODERATION_ACTIONS = ['dismiss', 'remove-listing', 'suspend-user'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** Every line of the audit log: the three actions on a report and the two restores. */
export const MODERATION_AUDIT_ACTIONS = ['dismiss', 'remove-listing', 'suspend-user', 'restore-listing', 'restore-user'] as const;
export type ModerationAuditAction = (typeof MODERATION_AUDIT_ACTIONS)[number];

export const MODERATION_ACTION_LABELS: Readonly<Record<ModerationAuditAction, string>> = {
  dismiss: 'Dismissed',
  'remove-listing': 'Removed the listing',
  'suspend-user': 'Suspended the person',
  'restore-listing': 'Restored the listing',
  'restore-user': 'Restored the person',
};

/** Longest report details and moderator note. */
export const REPORT_DETAILS_MAX = 2000;
export const MODERATION_NOTE_MAX = 1000;
/** A chat report keeps at most this many of the conversation's latest messages. */
export const REPORT_CONVERSATION_MAX = 200;

/** POST /api/reports */
export interface ReportInput {
  TargetType: ReportTargetType;
  TargetID: number;
  Reason: ReportReason;
  Details: string;
  /** Where it was made; a chat report ("chat", TargetType "user") keeps that conversation. Default: from TargetType. */
  Source?: ReportSource;
}

export interface ReportCreated {
  message: string;
  reportId: number;
}

/** The person a report is about, as a moderator sees them. */
export interface ReportedPerson {
  UserID: number;
  Name: string;
  Email: string;
  CreatedAt: string;
  EmailVerified: boolean;
  /** Instant of the suspension; null while in good standing. */
  SuspendedAt: string | null;
  SuspensionReason: string | null;
}

/** One entry of GET /api/moderation/reports. */
export interface ModerationReport {
  ReportID: number;
  TargetType: ReportTargetType;
  TargetID: number;
  Reason: ReportReason;
  Details: string;
  Source: ReportSource;
  Status: ReportStatus;
  /** Instants, ISO 8601 UTC. UpdatedAt moves when the reporter reports the same target again. */
  CreatedAt: string;
  UpdatedAt: string;
  /** Null once the reporter's account is deleted. */
  Reporter: { UserID: number; Name: string } | null;
  /** Null once that account is deleted. */
  ReportedUser: ReportedPerson | null;
  /** Listing reports: the listing as it was when reported. */
  Listing: Listing | null;
  /** Listing reports: the listing now (null once deleted by its owner). */
  ListingNow: { Status: Listing['Status']; RemovedAt: string | null } | null;
  /** Reports made in a chat: the conversation between reporter and reported, as it was when reported, oldest first. */
  Conversation: Message[] | null;
  /** The reported person's other reports (about them or their listings), newest first. */
  OtherReports: { ReportID: number; TargetType: ReportTargetType; Reason: ReportReason; Status: ReportStatus; CreatedAt: string }[];
  Resolution: { Action: ModerationAction; Note: string; ModeratorName: string; ResolvedAt: string } | null;
}

export interface ModerationReportsPage {
  reports: ModerationReport[];
}

/** POST /api/moderation/reports/{id}/resolve. A suspension needs a Note: the reason, which the person is shown. */
export interface ResolveReportInput {
  Action: ModerationAction;
  Note: string;
}

/** One line of GET /api/moderation/audit: who did what, when, and why. */
export interface ModerationAuditEntry {
  EntryID: number;
  At: string;
  ModeratorID: number | null;
  ModeratorName: string;
  Action: ModerationAuditAction;
  ReportID: number | null;
  TargetType: ReportTargetType;
  TargetID: number;
  Note: string;
}

export interface ModerationAuditPage {
  entries: ModerationAuditEntry[];
  page: number;
  totalPages: number;
}

/** GET /api/blocks */
export interface BlockedUser {
  UserID: number;
  Name: string;
}

export const TRUST_TEXTS = {
  reportThanks: 'Thank you for your report. Our trust and safety team reviews every report, usually within 24 hours. We may remove the listing or suspend the account; we will not tell the other person who reported them.',
  reportUpdated: 'Thank you: we have updated your earlier report. Our trust and safety team reviews every report, usually within 24 hours.',
  reportSelf: 'You cannot report yourself or your own listing.',
  reportTargetMissing: 'That listing or person could not be found.',
  reportsTooMany: 'You have sent a lot of reports in a short time. Please try again later.',
  reasonRequired: 'Choose a reason for your report.',
  reportIntro: 'Reports go to our trust and safety team, never to the person you report.',
  reportDetailsHint: 'Anything that helps us check: what was asked for, when, and how.',
  reportFailed: 'Your report could not be sent. Please try again.',
  loginToReport: 'Log in to report. We will bring you back here to finish your report.',
  moderatorsOnly: 'Only moderators can do that.',
  /** What a signed-in person who is not a moderator sees at /moderation (the shell's guard, and the module on a 403). */
  moderatorsPage: 'Only moderators can see this page.',
  suspendReasonRequired: 'Give a reason for the suspension: the person is shown it.',
  reportAlreadyResolved: 'That report has already been resolved.',
  reportNotListing: 'Only a report about a listing can remove a listing.',
  suspendedLogin: 'This account has been suspended for breaking our terms of use. If you think this is a mistake, contact us through the Contact Us page.',
  blocked: 'You have blocked this person. Unblock them (in the chat, or under Blocked people on My Profile) to message them.',
  blockedYou: 'Your message could not be delivered: this person is not accepting messages from you.',
  blockDone: 'Blocked. You will not get messages from this person, and they cannot message you.',
  unblockDone: 'Unblocked. You can message each other again.',
  blockSelf: 'You cannot block yourself.',
  reportSourceMismatch: 'A report from a room page is about a listing; a report from a flatmate card or a chat is about a person.',
  reportNoConversation: 'You have no conversation with this person to report.',
  reportDismissed: 'Report dismissed.',
  listingRemoved: 'Listing removed. It has left every public page and search.',
  userSuspended: 'Person suspended. They are signed out, cannot log in, and their listings and flatmate profile have left every public page.',
  suspendSelf: 'You cannot suspend yourself.',
  suspendModerator: 'Moderators cannot be suspended here: take their moderator role away first (npm run moderators -- remove).',
  reportedPersonGone: 'The person this report is about has deleted their account.',
  listingRestored: 'Listing restored. It is public again if it is Available and not expired.',
  listingNotRemoved: 'That listing has not been removed.',
  listingMissing: 'That listing could not be found.',
  userRestored: 'Person restored. They can log in again and their listings and flatmate profile are back.',
  userNotSuspended: 'That person is not suspended.',
  userMissing: 'That person could not be found.',
  reportMissing: 'That report could not be found.',
  /** My Listings: a room a moderator took down. */
  removedByModeration: 'Removed by our trust and safety team',
  removedByModerationHint: 'This listing breaks our terms of use and is hidden from everyone else. Contact us through the Contact Us page if you think this is a mistake.',
  removedNoRenew: 'This listing was removed by our trust and safety team and cannot be renewed or made available again.',
  /** A message to a suspended person. Says no more: why they left is not the sender's business. */
  recipientInactive: 'This person is no longer active on RoomNest.',
  blockConfirmTitle: (name: string) => `Block ${name}?`,
  blockConfirmBody: (name: string) =>
    `${name} will not be able to message you, and you will not be able to message them. Your conversation leaves your list; ${name} is not told. You can unblock them at any time.`,
  /** In place of the send box of a chat with someone the caller has blocked. */
  youBlocked: (name: string) => `You have blocked ${name}. Unblock to message them.`,
  blockedPeopleEmpty: 'You have not blocked anyone. Block someone from your chat with them: they can no longer message you.',
  /** The chat's banner on a received message that asks for money before a viewing (Message.SafetyWarning). */
  scamWarning: 'Never pay before you have seen the room. Requests for a deposit, rent or fees before a viewing, by bank transfer, gift cards or money transfer services, are a common scam.',
  scamWarningLink: 'How to rent safely',
  /**
   * The new-account rule: an account younger than NEW_ACCOUNT_DAYS may start at most `limit` new conversations a
   * London day. Replies are never limited.
   */
  newAccountConversationLimit: (limit: number, days: number) =>
    `New accounts can start conversations with ${limit} new ${limit === 1 ? 'person' : 'people'} a day for their first ${days} ${days === 1 ? 'day' : 'days'}. ` +
    'You have reached today’s limit: you can start new conversations again from midnight (UK time). Replies to people already talking to you are not limited.',
} as const;

/** How long the link of a verification email works, from when the email is written. */
export const VERIFY_EMAIL_TTL_DAYS = 7;
/** Verification emails a person may ask for again (Resend), at most, in any hour. */
export const VERIFY_RESEND_MAX_PER_HOUR = 3;

/** POST /api/auth/verify-email */
export interface VerifyEmailInput {
  Token: string;
}
/** The answer of POST /api/auth/verify-email: whose address is now confirmed (the page updates that person's stored session). */
export interface VerifyEmailResult {
  message: string;
  userId: number;
}
/** The answer of POST /api/auth/verify-email/resend: 202 with emailVerified false (sent), 200 with true (nothing to send). */
export interface VerifyResendResult {
  message: string;
  emailVerified: boolean;
}

/** The sentences of email verification: the API answers with them, the shell and the remotes show them. */
export const VERIFY_TEXTS = {
  verified: 'Thank you: your email address is confirmed.',
  alreadyVerified: 'Your email address is already confirmed.',
  invalidToken: 'This confirmation link is not valid. Please open the link from the email again, or log in and ask for a new one.',
  expired: `This confirmation link has expired: links work for ${VERIFY_EMAIL_TTL_DAYS} days. Log in and ask for a new one.`,
  tokenRequired: 'The confirmation link is incomplete. Please open the link from the email again.',
  resent: 'We have sent you a new confirmation link. Please check your inbox.',
  resendTooMany: `You can ask for at most ${VERIFY_RESEND_MAX_PER_HOUR} confirmation emails an hour. Please check your inbox and spam folder, or try again later.`,
  emailSubject: 'Confirm your email address on RoomNest',
  /** The banner an unverified person sees under the navigation. */
  banner: (email: string) => `Please confirm your email address: we sent a link to ${email}.`,
  resendLabel: 'Resend the email',
  /** The mark on listings, flatmate cards and chats. */
  mark: 'Email verified',
  markDescription: 'This person has confirmed their email address. It does not prove who they are: never pay before a viewing.',
} as const;
