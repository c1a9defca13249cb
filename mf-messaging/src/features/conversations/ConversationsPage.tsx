import { formatDateTime, SNIPPET_LENGTH, ROUTES, snippet, TEXTS, VERIFY_TEXTS, type Conversation } from '@roomnest/shared';
import { selectCurrentUser, useHostSelector, withHostApi } from '@roomnest/shared/client';
import { Alert, Avatar, Badge, Button, ButtonLink, LoadingState, Page, PageHeader, StatusMessage, usePageFocus, VerifiedMark } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { useGetConversationsQuery } from '../../api/messaging-api.ts';
import s from './conversations.module.css';

/** Without the live stream, the list still refreshes this often (the shell's unread poll is 30 s too). */
export const CONVERSATIONS_POLL_MS = 30_000;

function ConversationRow({ c, me }: { c: Conversation; me: number }) {
  const mine = c.LastMessageSenderID === me;
  const preview = `${mine ? 'You: ' : ''}${snippet(c.LastMessage, SNIPPET_LENGTH.lastMessagePreview)}`;
  // The link's name comes from its content (no aria-label over the visible text, WCAG 2.5.3): the hidden
  // summary first, then the time and the preview; the visible name and count repeat the summary, so they are hidden.
  const summary = `Conversation with ${c.PartnerName}${c.PartnerEmailVerified ? ` (${VERIFY_TEXTS.mark.toLowerCase()})` : ''}${c.UnreadCount ? `, ${c.UnreadCount} unread` : ''}.`;
  return (
    <li className={s.item}>
      <Link to={ROUTES.chat(c.PartnerID)} className={s.row}>
        <span className="visually-hidden">{summary}</span>
        <Avatar name={c.PartnerName} src={c.PartnerProfilePictureURL} size={48} decorative />
        <span className={s.body}>
          <span className={s.top}>
            <span className={s.who} aria-hidden="true">
              <span className={s.name}>{c.PartnerName}</span>
              <VerifiedMark verified={c.PartnerEmailVerified} />
            </span>
            <time className={s.time} dateTime={c.LastMessageSentAt}>
              {formatDateTime(c.LastMessageSentAt)}
            </time>
          </span>
          <span className={s.bottom}>
            <span className={c.UnreadCount ? `${s.preview} ${s.unreadText}` : s.preview} data-testid="last-message">
              {preview}
            </span>
            {c.UnreadCount > 0 ? (
              <Badge tone="count">
                <span aria-hidden="true">{c.UnreadCount}</span>
              </Badge>
            ) : null}
          </span>
          {c.ListingID !== null && c.ListingTitle !== null ? (
            <span className={s.room} data-testid="conversation-room">
              About: {c.ListingTitle}
            </span>
          ) : null}
        </span>
        {c.ListingThumbUrl && c.ListingTitle !== null ? <img src={c.ListingThumbUrl} alt="" width={64} height={48} className={s.roomThumb} loading="lazy" /> : null}
      </Link>
    </li>
  );
}

/** /messages (signed in): the conversation list, newest first, updated live (see messaging-api.ts). */
function ConversationsPage() {
  const me = useHostSelector(selectCurrentUser)?.userId ?? 0;
  const { data, isLoading, isError, refetch, isFetching } = useGetConversationsQuery(undefined, {
    skip: !me,
    pollingInterval: CONVERSATIONS_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  const headingRef = usePageFocus<HTMLHeadingElement>(!isLoading);

  let content;
  if (!me) content = <Alert>{TEXTS.messagesLoginRequired}</Alert>;
  else if (isLoading) content = <LoadingState label="Loading your conversations…" />;
  else if (isError && !data)
    content = (
      <StatusMessage
        action={
          <Button onClick={() => void refetch()} disabled={isFetching}>
            {TEXTS.retry}
          </Button>
        }
      >
        <Alert>{TEXTS.conversationsFailed}</Alert>
      </StatusMessage>
    );
  else if (!data?.length)
    content = (
      <StatusMessage title="No conversations yet">
        <p>Find a room or a flatmate and send them a message: your conversations will appear here.</p>
        <p className={s.emptyActions}>
          <ButtonLink to={ROUTES.rooms}>Search rooms</ButtonLink>
          <ButtonLink to={ROUTES.flatmates} variant="secondary">
            Find flatmates
          </ButtonLink>
        </p>
      </StatusMessage>
    );
  else
    content = (
      <ul className={s.list} aria-label="Conversations">
        {data.map((c) => (
          <ConversationRow key={c.PartnerID} c={c} me={me} />
        ))}
      </ul>
    );

  return (
    <Page title="Messages">
      <PageHeader
        title="Messages"
        headingRef={headingRef}
        subtitle="Your conversations with landlords and flatmates, newest first, with a count of the messages you have not read yet."
      />
      {content}
    </Page>
  );
}

export default withHostApi(ConversationsPage);
