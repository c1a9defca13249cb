/** Reports, audit pages and a moderator as the moderation API sends them; override what a test is about. */
import { asksForMoneyBeforeViewing, type Message, type ModerationAuditEntry, type ModerationAuditPage, type ModerationReport, type User } from '@roomnest/shared';
import { listingFixture, TEST_USERS } from '@roomnest/shared/testing';

export const MODERATOR: User = { ...TEST_USERS.tenant, userId: 404, name: 'Priya Shah', email: 'priya@example.co.uk', roles: ['moderator'] };

const reportedLandlord = {
  UserID: 202,
  Name: 'Rajesh Patel',
  Email: 'rajesh@example.co.uk',
  CreatedAt: '2026-03-04T10:00:00.000Z',
  EmailVerified: true,
  SuspendedAt: null,
  SuspensionReason: null,
};

/** A scam report about a landlord's listing, made on the room's page. */
export function listingReport(over: Partial<ModerationReport> = {}): ModerationReport {
  return {
    ReportID: 5,
    TargetType: 'listing',
    TargetID: 1,
    Reason: 'scam',
    Details: 'Asked me to pay the deposit by bank transfer before any viewing.',
    Source: 'listing',
    Status: 'open',
    CreatedAt: '2026-11-20T14:05:00.000Z',
    UpdatedAt: '2026-11-20T14:05:00.000Z',
    Reporter: { UserID: 101, Name: 'Amelia Clarke' },
    ReportedUser: reportedLandlord,
    Listing: listingFixture(),
    ListingNow: { Status: 'Available', RemovedAt: null },
    Conversation: null,
    OtherReports: [{ ReportID: 3, TargetType: 'user', Reason: 'spam', Status: 'resolved', CreatedAt: '2026-11-01T09:00:00.000Z' }],
    Resolution: null,
    ...over,
  };
}

const message = (id: number, from: 'tenant' | 'landlord', text: string, at: string): Message => ({
  MessageID: id,
  SenderID: from === 'tenant' ? 101 : 202,
  ReceiverID: from === 'tenant' ? 202 : 101,
  MessageContent: text,
  SentAt: at,
  SenderName: from === 'tenant' ? 'Amelia Clarke' : 'Rajesh Patel',
  ReceiverName: from === 'tenant' ? 'Rajesh Patel' : 'Amelia Clarke',
  ReadAt: null,
  ListingID: null,
  ListingTitle: null,
  SafetyWarning: asksForMoneyBeforeViewing(text),
});

/** A scam report about a person, made in the chat with them (the conversation kept, oldest first). */
export function chatReport(over: Partial<ModerationReport> = {}): ModerationReport {
  return listingReport({
    ReportID: 6,
    TargetType: 'user',
    TargetID: 202,
    Source: 'chat',
    Details: 'Wants a Western Union payment.',
    CreatedAt: '2026-11-21T09:00:00.000Z',
    UpdatedAt: '2026-11-21T09:00:00.000Z',
    Listing: null,
    ListingNow: null,
    Conversation: [
      message(1, 'tenant', 'Hello, is the room still free? Could I view it on Saturday?', '2026-11-20T18:00:00.000Z'),
      message(2, 'landlord', 'I am abroad. Send the first month by Western Union and I will post the keys.', '2026-11-20T18:30:00.000Z'),
    ],
    OtherReports: [],
    ...over,
  });
}

/** An offensive-profile report made from a flatmate card. */
export function flatmateReport(over: Partial<ModerationReport> = {}): ModerationReport {
  return listingReport({
    ReportID: 7,
    TargetType: 'user',
    TargetID: 303,
    Reason: 'offensive',
    Source: 'flatmate',
    Details: '',
    CreatedAt: '2026-11-22T11:00:00.000Z',
    UpdatedAt: '2026-11-23T08:15:00.000Z',
    Reporter: { UserID: 102, Name: 'Tom Hughes' },
    ReportedUser: { UserID: 303, Name: 'Kai Rowe', Email: 'kai@example.co.uk', CreatedAt: '2026-11-20T10:00:00.000Z', EmailVerified: false, SuspendedAt: null, SuspensionReason: null },
    Listing: null,
    ListingNow: null,
    OtherReports: [],
    ...over,
  });
}

export function auditEntry(over: Partial<ModerationAuditEntry> = {}): ModerationAuditEntry {
  return {
    EntryID: 1,
    At: '2026-11-22T16:45:00.000Z',
    ModeratorID: 404,
    ModeratorName: 'Priya Shah',
    Action: 'remove-listing',
    ReportID: 5,
    TargetType: 'listing',
    TargetID: 1,
    Note: 'Deposit before viewing.',
    ...over,
  };
}

export const auditPage = (entries: ModerationAuditEntry[], page = 1, totalPages = 1): ModerationAuditPage => ({ entries, page, totalPages });
