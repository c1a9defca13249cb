import { ENQUIRY_DRAFT, ENQUIRY_PARAM, formatDateTime, MESSAGE_MAX_LENGTH, PLAN_TEXTS, ROUTES, TEXTS, TRUST_TEXTS, type Message, type PlanUsage } from '@roomnest/shared';
import { errorMessage, errorStatus, selectCurrentUser, useHostSelector, withHostApi } from '@roomnest/shared/client';
import { ReportButton } from '@roomnest/shared/trust-ui';
import { Alert, Avatar, Button, LoadingState, Page, StatusMessage, usePageFocus, VerifiedMark } from '@roomnest/shared/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useGetBlockedUsersQuery, useGetEnquiryRoomQuery, useGetPartnerQuery, useGetPlanUsageQuery, useGetThreadQuery, useSendMessageMutation } from '../../api/messaging-api.ts';
import { BlockButton } from './BlockButton.tsx';
import { SafetyBanner } from './SafetyBanner.tsx';
import s from './chat.module.css';

/** Without the live stream, an open thread refetches this often (the stream makes it instant). */
export const THREAD_POLL_MS = 10_000;
/** The character count shows from here on. */
export const COUNT_FROM = MESSAGE_MAX_LENGTH - 200;

/** A touch screen's keyboard has no Shift+Enter: there Enter starts a new line and the Send button sends. */
const enterSendsHere = () => !window.matchMedia?.('(pointer: coarse)').matches;

function Bubble({ m, me }: { m: Message; me: number }) {
  const mine = m.SenderID === me;
  return (
    <li className={mine ? `${s.bubble} ${s.mine}` : `${s.bubble} ${s.theirs}`} data-message-id={m.MessageID}>
      <p className={s.meta}>
        <span className={s.sender}>{mine ? 'You' : m.SenderName}</span>
        <span className={s.visuallyHidden}> to {mine ? m.ReceiverName : 'you'}</span>
        {' · '}
        <time dateTime={m.SentAt}>{formatDateTime(m.SentAt)}</time>
      </p>
      <p className={s.text}>{m.MessageContent}</p>
      {/* The receiver is warned; the sender is not shown the server's reading of their own words. */}
      {!mine && m.SafetyWarning === true ? <SafetyBanner /> : null}
      {mine ? (
        <p className={s.state} title={m.ReadAt ? `Read ${formatDateTime(m.ReadAt)}` : undefined}>
          {m.ReadAt ? 'Read' : 'Sent'}
        </p>
      ) : null}
    </li>
  );
}

/** In the thread, where the conversation turns to a room: which room the messages from here on are about. */
function RoomTurn({ m }: { m: Message }) {
  return (
    <li className={s.roomTurn}>
      About <Link to={ROUTES.room(m.ListingID ?? 0)}>{m.ListingTitle}</Link>
    </li>
  );
}

/** The thread's messages, each room named where the conversation turns to it (a message naming the room before it names none). */
function threadItems(messages: readonly Message[], me: number) {
  let room: number | null = null;
  return messages.flatMap((m) => {
    const turn = m.ListingID !== null && m.ListingID !== room;
    if (m.ListingID !== null) room = m.ListingID;
    const bubble = <Bubble key={m.MessageID} m={m} me={me} />;
    return turn ? [<RoomTurn key={`room-${m.MessageID}`} m={m} />, bubble] : [bubble];
  });
}

/** Above the send box of a chat opened from a room's Contact Landlord: the room the messages sent from here are about. */
function RoomBar({ id, title, thumbUrl, onRemove }: { id: number; title: string; thumbUrl: string | null; onRemove: () => void }) {
  return (
    <div className={s.roomBar} role="group" aria-label="The room you are asking about">
      {thumbUrl ? <img src={thumbUrl} alt="" width={64} height={48} className={s.roomThumb} /> : null}
      <p className={s.roomText}>
        <span className={s.roomLabel}>About this room</span>
        <Link to={ROUTES.room(id)} className={s.roomTitle}>
          {title}
        </Link>
      </p>
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove the room ${title}`}>
        Remove
      </Button>
    </div>
  );
}

/**
 * Above the send box of a conversation not started yet, on a plan that limits new conversations: how many are
 * left this month, or that none are (then Send is disabled). Nothing once either side has written.
 */
function NewConversationAllowance({ usage, id }: { usage: PlanUsage['newConversations']; id: string }) {
  if (usage.limit === null || usage.remaining === null) return null;
  if (usage.remaining === 0) {
    return (
      <div id={id}>
        <Alert tone="info">
          {PLAN_TEXTS.newConversationLimitReached(usage.resetsOn)} <Link to={ROUTES.pricing}>See plans and the unlimited messages upgrade</Link>
        </Alert>
      </div>
    );
  }
  return (
    <p id={id} className={s.allowance}>
      {PLAN_TEXTS.newConversationsLeft(usage.remaining)} Replies are always free. <Link to={ROUTES.pricing}>Unlimited messages</Link>
    </p>
  );
}

/** /messages/chat/:otherUserId (signed in): one thread, live, with the send box. */
function ChatPage() {
  const { otherUserId = '' } = useParams();
  const partnerId = /^[1-9]\d{0,9}$/.test(otherUserId) && Number(otherUserId) <= 2_147_483_647 ? Number(otherUserId) : 0;
  const me = useHostSelector(selectCurrentUser)?.userId ?? 0;
  const skip = !me || !partnerId || partnerId === me;
  const partner = useGetPartnerQuery(partnerId, { skip });
  const thread = useGetThreadQuery(partnerId, { skip, pollingInterval: THREAD_POLL_MS, refetchOnMountOrArgChange: true });
  const [send, sending] = useSendMessageMutation();
  // Asked afresh each time a chat opens: another tab or device may have started conversations meanwhile.
  const planUsage = useGetPlanUsageQuery(undefined, { skip, refetchOnMountOrArgChange: true });
  // Whom the caller has blocked (one entry with My Profile's list): a blocked partner's chat shows Unblock instead of the send box.
  const blocks = useGetBlockedUsersQuery(undefined, { skip });
  const youBlocked = blocks.data?.users.some((u) => u.UserID === partnerId) ?? false;
  // Contact Landlord opens the chat about a room (?listing=): it is shown above the send box and every message sent from here names it.
  const [searchParams, setSearchParams] = useSearchParams();
  const listingParam = searchParams.get(ENQUIRY_PARAM) ?? '';
  const listingId = /^[1-9]\d{0,9}$/.test(listingParam) && Number(listingParam) <= 2_147_483_647 ? Number(listingParam) : 0;
  const room = useGetEnquiryRoomQuery(listingId, { skip: skip || !listingId });
  // The first message is drafted for the person to edit.
  const [text, setText] = useState(() => (listingId ? ENQUIRY_DRAFT : ''));
  const [enterSends] = useState(enterSendsHere);
  const [sendError, setSendError] = useState<string | null>(null);
  const headingRef = usePageFocus<HTMLHeadingElement>(Boolean(partner.data));
  const logRef = useRef<HTMLDivElement>(null);
  const boxId = useId();
  const countId = useId();
  const allowanceId = useId();
  const messages = thread.data;

  // Auto-scroll to the newest message whenever one arrives.
  const lastId = messages?.at(-1)?.MessageID;
  useEffect(() => {
    const log = logRef.current;
    if (log && lastId !== undefined) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  // A message from the partner arriving live while the chat is open is read now: refetching marks it read
  // (once per message, so a failing refetch cannot loop).
  const markedUpTo = useRef(0);
  const { refetch } = thread;
  const unreadFromPartner = messages?.filter((m) => m.SenderID === partnerId && m.ReadAt === null).at(-1)?.MessageID ?? 0;
  useEffect(() => {
    if (unreadFromPartner > markedUpTo.current && !thread.isFetching) {
      markedUpTo.current = unreadFromPartner;
      void refetch();
    }
  }, [unreadFromPartner, refetch, thread.isFetching]);

  if (!me) return <Page title="Chat"><Alert>{TEXTS.messagesLoginRequired}</Alert></Page>;
  if (!partnerId || partnerId === me) return <Navigate to={ROUTES.messages} replace />;
  const status = errorStatus(thread.error) ?? errorStatus(partner.error);
  if (status === 401 || status === 403) return <Navigate to={ROUTES.messages} replace />;

  // The room to name: the listing as the API answers it, or, once it has left search, as the conversation already names it
  // (the API accepts that one still); a room that is neither is not attached.
  const named = messages?.findLast((m) => m.ListingID === listingId && m.ListingTitle !== null);
  const attached = !listingId
    ? null
    : room.data && room.data.LandlordID === partnerId
      ? { id: listingId, title: room.data.Title, thumbUrl: room.data.ThumbnailUrl }
      : named
        ? { id: listingId, title: named.ListingTitle ?? '', thumbUrl: null }
        : null;
  const removeRoom = () =>
    setSearchParams(
      (params) => {
        params.delete(ENQUIRY_PARAM);
        return params;
      },
      { replace: true },
    );

  const trimmed = text.trim();
  // A first message to this person would start a new conversation: the plan may limit those.
  const newConversation = thread.isSuccess && messages?.length === 0 ? planUsage.data?.newConversations : undefined;
  const noNewConversationsLeft = newConversation?.remaining === 0;
  const canSend = trimmed.length > 0 && trimmed.length <= MESSAGE_MAX_LENGTH && !sending.isLoading && !noNewConversationsLeft;

  const submit = async () => {
    if (!canSend) return;
    setSendError(null);
    try {
      await send({ ReceiverID: partnerId, MessageContent: trimmed, ...(attached ? { ListingID: attached.id } : {}) }).unwrap();
      setText('');
    } catch (err) {
      // The text stays in the box: nothing the user typed is lost. A refusal (blocked, a suspended person, a limit)
      // says why in the server's own sentence.
      setSendError(errorMessage(err, TEXTS.sendFailed));
      // Blocked from another tab or device meanwhile: the list is read again, so the chat shows Unblock.
      if (errorStatus(err) === 403) void blocks.refetch();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (enterSends && e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const name = partner.data?.Name ?? (partner.isLoading ? '…' : 'Member');
  const notFound = errorStatus(partner.error) === 404 || errorStatus(thread.error) === 404;

  return (
    <Page title={partner.data ? `Chat with ${partner.data.Name}` : 'Chat'} className={s.page}>
      <header className={s.header}>
        <Link to={ROUTES.messages} className={s.back} aria-label="Back to all conversations">
          ← <span className={s.backText}>All conversations</span>
        </Link>
        {partner.data ? <Avatar name={partner.data.Name} src={partner.data.ProfilePictureURL} size={40} decorative /> : null}
        <h1 ref={headingRef} tabIndex={-1} className={s.title}>
          {partner.data ? partner.data.Name : 'Chat'}
        </h1>
        <VerifiedMark verified={partner.data?.EmailVerified ?? false} />
        {partner.data ? (
          <div className={s.headerActions}>
            <ReportButton target={{ TargetType: 'user', TargetID: partnerId, Source: 'chat' }} subject={partner.data.Name} />
            {/* Block once the blocks are known; once blocked, Unblock is in the notice that takes the send box's place. */}
            {blocks.isSuccess && !youBlocked ? <BlockButton partnerId={partnerId} name={partner.data.Name} blocked={false} /> : null}
          </div>
        ) : null}
      </header>

      {notFound ? (
        <StatusMessage title="Member not found">
          {/* The API answers 404 alike for a deleted account and for a private one with no messages between the two. */}
          <p>There is no one to message at this link: the account may have been deleted, or is not open to new messages.</p>
          <p>
            <Link to={ROUTES.findARoom}>Find a room</Link> or <Link to={ROUTES.flatmates}>browse flatmates</Link> to contact someone from their ad or profile.
          </p>
        </StatusMessage>
      ) : thread.isLoading ? (
        <LoadingState label="Loading messages…" />
      ) : thread.isError && !messages ? (
        <StatusMessage
          action={
            <Button onClick={() => void thread.refetch()} disabled={thread.isFetching}>
              {TEXTS.retry}
            </Button>
          }
        >
          <Alert>{TEXTS.messagesFailed}</Alert>
        </StatusMessage>
      ) : (
        // The log scrolls on its own, so it takes focus for the keyboard's arrow keys (WCAG 2.1.1); the list inside keeps its list semantics.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
        <div ref={logRef} className={s.thread} role="log" aria-live="polite" aria-label={`Messages with ${name}`} tabIndex={0}>
          <ol className={s.messages}>
            {messages?.length ? (
              threadItems(messages, me)
            ) : (
              <li className={s.empty}>No messages yet. Say hello to {name}!</li>
            )}
          </ol>
        </div>
      )}

      {notFound ? null : youBlocked ? (
        <div className={s.blockedNotice}>
          <p>{TRUST_TEXTS.youBlocked(name)}</p>
          <BlockButton partnerId={partnerId} name={name} blocked />
        </div>
      ) : (
        <form className={s.composer} onSubmit={onSubmit} aria-label={`Send a message to ${name}`}>
          {attached ? <RoomBar id={attached.id} title={attached.title} thumbUrl={attached.thumbUrl} onRemove={removeRoom} /> : null}
          {newConversation ? <NewConversationAllowance usage={newConversation} id={allowanceId} /> : null}
          {sendError ? <Alert>{sendError}</Alert> : null}
          <label htmlFor={boxId} className={s.visuallyHidden}>
            Message to {name}
          </label>
          <div className={s.row}>
            <textarea
              id={boxId}
              className={s.box}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              rows={2}
              maxLength={MESSAGE_MAX_LENGTH + 200}
              placeholder={enterSends ? 'Write a message… (Enter sends, Shift+Enter for a new line)' : 'Write a message…'}
              aria-describedby={[newConversation && newConversation.limit !== null ? allowanceId : '', text.length >= COUNT_FROM ? countId : ''].filter(Boolean).join(' ') || undefined}
            />
            <Button type="submit" disabled={!canSend}>
              {sending.isLoading ? 'Sending…' : 'Send'}
            </Button>
          </div>
          {text.length >= COUNT_FROM ? (
            <p id={countId} className={trimmed.length > MESSAGE_MAX_LENGTH ? `${s.count} ${s.over}` : s.count} aria-live="polite">
              {trimmed.length} / {MESSAGE_MAX_LENGTH} characters
            </p>
          ) : null}
        </form>
      )}
    </Page>
  );
}

export default withHostApi(ChatPage);
