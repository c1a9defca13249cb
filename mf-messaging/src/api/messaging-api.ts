/**
 * mf-messaging's endpoints in the page's one api (see @roomnest/shared/client
 * api.ts): conversations, threads, partners and sending, plus the shared
 * unread count (the shell's nav badge reads the same entry) and plan usage.
 *
 * Live updates: the shell keeps the message stream (SSE) open on every page
 * and turns its events into contract actions (see the shell's
 * use-message-stream.ts). This module's middleware, added to the one api's
 * with `addApiMiddleware`, applies them to the cache with `updateQueryData`, so an open chat and the conversation list
 * change within a second without a refetch:
 *   messageReceived → append to the thread (de-duplicated by MessageID) and
 *                     move the conversation to the top (unknown partner: refetch the list)
 *   messagesRead    → ReadAt on the caller's sent messages, or the
 *                     conversation's unread count to 0 (read in another tab)
 *   messageStreamConnected {reconnect} → refetch everything shown (the replay
 *                     may not cover a long outage)
 * Without the stream, the pages poll (the list every 30 s, an open thread every 10 s).
 */
import type { Conversation, Listing, Message } from '@roomnest/shared';
import type { Middleware, MiddlewareAPI, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import {
  addApiMiddleware,
  blocksEndpoints,
  conversationRead,
  injectHostEndpoints,
  messageReceived,
  messagesRead,
  messageStreamConnected,
  planUsageEndpoints,
  TAGS,
  unreadCountChanged,
  unreadEndpoints,
  type HostState,
} from '@roomnest/shared/client';

export interface Partner {
  UserID: number;
  Name: string;
  ProfilePictureURL: string | null;
  /** The person has confirmed their email address (the mark in the chat header). */
  EmailVerified: boolean;
}

export interface SendMessageResult {
  messageId: number;
  newMessageDetails: Message;
}

const CONVERSATIONS = TAGS.conversations;
const THREAD = TAGS.thread;
const PLAN_USAGE = TAGS.planUsage;

export const messagingApi = injectHostEndpoints((b) => ({
  getConversations: b.query<Conversation[], void>({
    query: () => '/messages/my-conversations',
    providesTags: [CONVERSATIONS],
  }),
  /** Also marks the partner's messages to the caller read (server side). */
  getThread: b.query<Message[], number>({
    query: (otherUserId) => `/messages/conversation/${otherUserId}`,
    providesTags: (_r, _e, id) => [{ type: THREAD, id }],
    // A read that was on its way while a message was sent or arrived live was taken before that message existed:
    // its answer brings the thread up to date (read receipts too) but must not take newer messages away again.
    merge: (cached, fresh) => {
      const newest = fresh.reduce((max, m) => Math.max(max, m.MessageID), 0);
      return [...fresh, ...cached.filter((m) => m.MessageID > newest)];
    },
  }),
  getPartner: b.query<Partner, number>({
    query: (id) => `/messages/partner/${id}`,
  }),
  /** The room a chat opened from Contact Landlord is about (its title and cover above the send box). */
  getEnquiryRoom: b.query<Listing, number>({
    query: (id) => `/listings/${id}`,
  }),
  /** The shell's unread count (keyed by user id): one entry for the badge and this module. */
  ...unreadEndpoints(b),
  sendMessage: b.mutation<SendMessageResult, { ReceiverID: number; MessageContent: string; ListingID?: number | null }>({
    query: (body) => ({ url: '/messages', method: 'POST', body }),
    // A first message uses one of the Free plan's new conversations (a refusal may mean the count was stale).
    invalidatesTags: [PLAN_USAGE],
  }),
  /** What the caller's plan allows: the chat shows the new conversations left before a first message. */
  ...planUsageEndpoints(b),
  /** The people the caller has blocked, Block and Unblock: the chat's header and notice (shared with My Profile). */
  ...blocksEndpoints(b),
}));

export const {
  useGetConversationsQuery,
  useGetThreadQuery,
  useGetPartnerQuery,
  useGetEnquiryRoomQuery,
  useSendMessageMutation,
  useGetPlanUsageQuery,
  useGetBlockedUsersQuery,
  useBlockUserMutation,
  useUnblockUserMutation,
} = messagingApi;

// oxlint-disable-next-line typescript/no-explicit-any -- the host store's state is not known here
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** Adds a message to its thread and the conversation list; `me` is the signed-in user. */
function applyMessage(dispatch: Dispatch, getState: () => unknown, me: number, m: Message) {
  const partner = m.SenderID === me ? m.ReceiverID : m.SenderID;
  dispatch(
    messagingApi.util.updateQueryData('getThread', partner, (thread) => {
      if (thread.some((x) => x.MessageID === m.MessageID)) return;
      thread.push(m);
      thread.sort((a, b) => a.MessageID - b.MessageID);
    }),
  );
  const list = messagingApi.endpoints.getConversations.select()(getState() as never).data;
  if (!list) return;
  const existing = list.find((c) => c.PartnerID === partner);
  // A new partner, or a message about another room (whose cover the list does not have): the list is read again.
  if (!existing || (m.ListingID !== null && m.ListingID !== existing.ListingID)) {
    dispatch(messagingApi.util.invalidateTags([CONVERSATIONS]));
    return;
  }
  dispatch(
    messagingApi.util.updateQueryData('getConversations', undefined, (draft) => {
      const i = draft.findIndex((c) => c.PartnerID === partner);
      const c = draft[i];
      if (!c || Date.parse(c.LastMessageSentAt) > Date.parse(m.SentAt)) return;
      if (c.LastMessageSentAt === m.SentAt && c.LastMessage === m.MessageContent) return; // already applied
      c.LastMessage = m.MessageContent;
      c.LastMessageSenderID = m.SenderID;
      c.LastMessageSentAt = m.SentAt;
      if (m.ReceiverID === me && m.ReadAt === null) c.UnreadCount += 1;
      draft.splice(i, 1);
      draft.unshift(c);
    }),
  );
}

const liveMiddleware: Middleware = (store: MiddlewareAPI) => (next) => (action) => {
  const result = next(action);
  const dispatch = store.dispatch as Dispatch;
  const me = (store.getState() as HostState).auth?.user?.userId;
  // A session change resets the whole cache in one place (the one api's own middleware).
  if (me && messageReceived.match(action)) {
    applyMessage(dispatch, store.getState, me, action.payload);
  } else if (me && messagesRead.match(action)) {
    const { ReaderID, SenderID, ReadAt } = action.payload;
    if (SenderID === me) {
      dispatch(
        messagingApi.util.updateQueryData('getThread', ReaderID, (thread) => {
          for (const m of thread) if (m.SenderID === me && m.ReadAt === null) m.ReadAt = ReadAt;
        }),
      );
    }
    if (ReaderID === me) {
      dispatch(
        messagingApi.util.updateQueryData('getConversations', undefined, (draft) => {
          const c = draft.find((x) => x.PartnerID === SenderID);
          if (c) c.UnreadCount = 0;
        }),
      );
    }
  } else if (messageStreamConnected.match(action) && action.payload.reconnect) {
    dispatch(messagingApi.util.invalidateTags([CONVERSATIONS, THREAD]));
  } else if (me && messagingApi.endpoints.getThread.matchFulfilled(action)) {
    // The server marked the thread read: clear its count here and the nav badge (the exact total follows).
    const partner = action.meta.arg.originalArgs;
    const list = messagingApi.endpoints.getConversations.select()(store.getState() as never).data;
    const count = list?.find((c) => c.PartnerID === partner)?.UnreadCount ?? 0;
    if (count > 0) {
      dispatch(
        messagingApi.util.updateQueryData('getConversations', undefined, (draft) => {
          const c = draft.find((x) => x.PartnerID === partner);
          if (c) c.UnreadCount = 0;
        }),
      );
      dispatch(conversationRead({ partnerId: partner, count }));
    }
    // The shell's badge entry, refetched (the shell's listener also passes the answer on; a shell
    // built before the one api, or none when standalone, does not, hence the dispatch here).
    void dispatch(messagingApi.endpoints.unreadCount.initiate(me, { forceRefetch: true, subscribe: false })).then((r: { data?: { totalUnread: number } }) => {
      if (r.data && (store.getState() as HostState).auth?.token) dispatch(unreadCountChanged({ totalUnread: r.data.totalUnread }));
    });
  } else if (me && messagingApi.endpoints.sendMessage.matchFulfilled(action)) {
    applyMessage(dispatch, store.getState, me, action.payload.newMessageDetails);
  }
  return result;
};

// Once per page: the one api runs it after its own middleware, in every store that has the api.
addApiMiddleware(liveMiddleware);
