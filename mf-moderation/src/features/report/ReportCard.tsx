/**
 * One report as a moderator judges it: why and when it was made and by whom, the person it is about and their
 * standing, the reporter's details, the listing as it was when reported (and what has become of it), the
 * conversation of a chat report, the person's other reports, the resolution once there is one, and the actions
 * the tab offers (`children`).
 */
import { formatDate, formatDateTime, formatMoney, MODERATION_ACTION_LABELS, type ModerationReport } from '@roomnest/shared';
import { ListingImage, ListingStatusBadge, listingCardSources } from '@roomnest/shared/listing';
import { Badge, Card } from '@roomnest/shared/ui';
import type { ReactNode } from 'react';
import { MODERATION_TEXTS } from '../moderation/texts.ts';
import { reasonLabel, reportTitle, targetLabel } from './labels.ts';
import s from './report.module.css';

export function ReportCard({ report, children }: { report: ModerationReport; children?: ReactNode }) {
  const updated = report.UpdatedAt !== report.CreatedAt;
  return (
    <Card as="article" className={s.card}>
        <header className={s.header}>
          <h2 className={s.title}>
            {reportTitle(report)}
          </h2>
          <p className={s.meta}>
            <Badge tone="primary">{reasonLabel(report.Reason)}</Badge> {targetLabel(report.TargetType, report.Source)}
          </p>
          <p className={s.meta}>
            Reported <time dateTime={report.CreatedAt}>{formatDateTime(report.CreatedAt)}</time> by {report.Reporter ? report.Reporter.Name : 'a deleted account'}
            {updated ? (
              <>
                {' '}
                (updated <time dateTime={report.UpdatedAt}>{formatDateTime(report.UpdatedAt)}</time>)
              </>
            ) : null}
          </p>
        </header>

        <ReportedPersonInfo report={report} />

        <section className={s.section} aria-label="The reporter's details">
          <h3 className={s.sectionTitle}>Details</h3>
          <p className={report.Details ? s.details : s.muted}>{report.Details || MODERATION_TEXTS.noDetails}</p>
        </section>

        {report.TargetType === 'listing' ? <ListingSnapshot report={report} /> : null}
        {report.Conversation ? <ConversationLog report={report} /> : null}
        <OtherReports report={report} />
        {report.Resolution ? (
          <section className={s.resolution} aria-label="Resolution">
            <h3 className={s.sectionTitle}>Resolution</h3>
            <p>
              <strong>{MODERATION_ACTION_LABELS[report.Resolution.Action]}</strong> by {report.Resolution.ModeratorName},{' '}
              <time dateTime={report.Resolution.ResolvedAt}>{formatDateTime(report.Resolution.ResolvedAt)}</time>
            </p>
            {report.Resolution.Note ? <p className={s.details}>Note: {report.Resolution.Note}</p> : null}
          </section>
        ) : null}
        {children ? <div className={s.actions}>{children}</div> : null}
    </Card>
  );
}

function ReportedPersonInfo({ report }: { report: ModerationReport }) {
  const person = report.ReportedUser;
  return (
    <section className={s.section} aria-label="The reported person">
      <h3 className={s.sectionTitle}>Reported person</h3>
      {person ? (
        <>
          <p className={s.person}>
            <strong>{person.Name}</strong> <span className={s.email}>{person.Email}</span>
          </p>
          <p className={s.meta}>
            Joined {formatDate(person.CreatedAt)}{' '}
            {person.EmailVerified ? <Badge tone="green">Email verified</Badge> : <Badge tone="grey">Email not verified</Badge>}{' '}
            {person.SuspendedAt ? <Badge tone="yellow">Suspended</Badge> : null}
          </p>
          {person.SuspendedAt ? (
            <p className={s.meta}>
              Suspended {formatDateTime(person.SuspendedAt)}
              {person.SuspensionReason ? `: ${person.SuspensionReason}` : ''}
            </p>
          ) : null}
        </>
      ) : (
        <p className={s.muted}>This account has been deleted.</p>
      )}
    </section>
  );
}

/** The listing as it was when reported, and what has become of it since (ListingNow). */
function ListingSnapshot({ report }: { report: ModerationReport }) {
  const listing = report.Listing;
  const now = report.ListingNow;
  const state = now === null ? 'Deleted by its owner since the report.' : now.RemovedAt ? `Removed by a moderator ${formatDateTime(now.RemovedAt)}.` : null;
  return (
    <section className={s.section} aria-label="The listing when reported">
      <h3 className={s.sectionTitle}>The listing when reported</h3>
      {listing ? (
        <div className={s.listing}>
          <ListingImage {...listingCardSources(listing)} sizes="(min-width: 640px) 200px, 100vw" alt={`Photo of ${listing.Title}`} className={s.photo} />
          <div className={s.listingText}>
            <p className={s.listingTitle}>{listing.Title}</p>
            <p>
              <strong>{formatMoney(listing.Rent)}</strong> a month · {listing.RoomType}
            </p>
            <p className={s.meta}>{[listing.Address, listing.City, listing.ZipCode].filter(Boolean).join(', ')}</p>
            <p className={s.details}>{listing.Description}</p>
          </div>
        </div>
      ) : (
        <p className={s.muted}>The listing was not kept with this report.</p>
      )}
      <p className={s.now}>
        <span className={s.nowLabel}>Now:</span> {state ?? (now ? <ListingStatusBadge status={now.Status} /> : null)}
      </p>
    </section>
  );
}

/** A chat report's conversation, oldest first, in a box of its own that scrolls (and takes the keyboard's focus to do so). */
function ConversationLog({ report }: { report: ModerationReport }) {
  const messages = report.Conversation ?? [];
  const label = `The conversation, ${messages.length === 1 ? '1 message' : `${messages.length} messages`}`;
  return (
    <section className={s.section} aria-label="The conversation">
      <h3 className={s.sectionTitle}>{label}</h3>
      {messages.length === 0 ? (
        <p className={s.muted}>No messages.</p>
      ) : (
        // The box scrolls on its own, so it takes focus for the keyboard's arrow keys (WCAG 2.1.1), as the chat's log does.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        <div className={s.conversation} role="region" aria-label={label} tabIndex={0}>
          <ol className={s.messages}>
            {messages.map((m) => (
              <li key={m.MessageID} className={m.SenderID === report.ReportedUser?.UserID ? `${s.message} ${s.fromReported}` : s.message}>
                <p className={s.messageMeta}>
                  <strong>{m.SenderName}</strong> <time dateTime={m.SentAt}>{formatDateTime(m.SentAt)}</time>
                </p>
                <p className={s.messageText}>{m.MessageContent}</p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

function OtherReports({ report }: { report: ModerationReport }) {
  const others = report.OtherReports;
  return (
    <section className={s.section} aria-label="Other reports about this person">
      <h3 className={s.sectionTitle}>Other reports about this person ({others.length})</h3>
      {others.length === 0 ? (
        <p className={s.muted}>None.</p>
      ) : (
        <ul className={s.others}>
          {others.map((o) => (
            <li key={o.ReportID}>
              {reasonLabel(o.Reason)} · {targetLabel(o.TargetType)} · {formatDate(o.CreatedAt)} · <Badge tone={o.Status === 'open' ? 'yellow' : 'grey'}>{o.Status === 'open' ? 'Open' : 'Resolved'}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
