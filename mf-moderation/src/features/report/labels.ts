import { REPORT_REASONS, type ModerationReport, type ReportReason, type ReportSource, type ReportTargetType } from '@roomnest/shared';

/** The reason's words, as the Report dialog offered it. */
export function reasonLabel(reason: ReportReason): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

const SOURCE_LABELS: Record<ReportSource, string> = {
  listing: "from the room's page",
  flatmate: 'from a flatmate card',
  chat: 'from a chat',
};

/** What was reported and where: "Listing, from the room's page", "Person, from a chat". */
export function targetLabel(targetType: ReportTargetType, source?: ReportSource): string {
  const what = targetType === 'listing' ? 'Listing' : 'Person';
  return source ? `${what}, ${SOURCE_LABELS[source] ?? source}` : what;
}

/** The report's heading: its reason and what it is about. */
export function reportTitle(report: ModerationReport): string {
  const about = report.TargetType === 'listing' ? (report.Listing?.Title ?? `listing ${report.TargetID}`) : (report.ReportedUser?.Name ?? 'a deleted account');
  return `${reasonLabel(report.Reason)}: ${about}`;
}
