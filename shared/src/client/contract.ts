/**
 * The runtime contract between the shell and the remotes: remote names and the
 * page modules they expose, the registry file format, the store shape and the
 * action types they talk through. Change it only backward-compatibly: an older
 * remote may run inside a newer shell and the reverse.
 */
import { createAction, type Middleware, type Reducer, type Store } from '@reduxjs/toolkit';
import type { Message, User } from '../domain.ts';

export const REMOTE_NAMES = ['mf_search', 'mf_listings', 'mf_messaging', 'mf_profile', 'mf_content', 'mf_moderation'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** What each remote exposes. Every module's default export is a React page component without props. */
export const REMOTE_EXPOSES = {
  mf_search: ['./RoomSearchPage', './RoomDetailPage', './SavedRoomsPage', './SavedSearchesPage'],
  mf_listings: ['./PostAdPage', './EditListingPage', './MyListingsPage'],
  mf_messaging: ['./ConversationsPage', './ChatPage'],
  mf_profile: ['./FlatmatesPage', './MyProfilePage'],
  mf_content: ['./HomePage', './ContentPage'],
  mf_moderation: ['./ModerationPage'],
} as const satisfies Record<RemoteName, readonly string[]>;
export type ExposedModule<R extends RemoteName> = (typeof REMOTE_EXPOSES)[R][number];

/** `/remotes.json`: which version of each remote is live and where its manifest is. */
export interface RemoteRegistryEntry {
  version: string;
  /** URL of the remote's mf-manifest.json (absolute or root-relative). */
  entry: string;
  /** On a remote with a canary running: whether this browser gets the canary or the stable version. */
  cohort?: 'canary' | 'stable';
}
export type RemoteRegistry = Partial<Record<RemoteName, RemoteRegistryEntry>>;

/** Action types shared by every module. Never rename; add new ones instead. */
export const ACTION_TYPES = {
  loggedIn: 'auth/loggedIn',
  loggedOut: 'auth/loggedOut',
  sessionExpired: 'auth/sessionExpired',
  currentUserUpdated: 'auth/currentUserUpdated',
  unreadCountChanged: 'messages/unreadCountChanged',
  conversationRead: 'messages/conversationRead',
  apiInjected: 'host/apiInjected',
  /** Deprecated: only remotes built before the one api dispatch it (see `listingsChanged`). */
  listingsChanged: 'listings/changed',
  messageReceived: 'messages/received',
  messagesRead: 'messages/read',
  messageStreamConnected: 'messages/streamConnected',
} as const;

export const loggedIn = createAction<{ token: string; user: User }>(ACTION_TYPES.loggedIn);
/** Logout and account deletion. */
export const loggedOut = createAction(ACTION_TYPES.loggedOut);
/** Dispatched by the base query on a 401 while a token is held. */
export const sessionExpired = createAction(ACTION_TYPES.sessionExpired);
/** The current user's stored fields changed (name, picture, plan). */
export const currentUserUpdated = createAction<Partial<User>>(ACTION_TYPES.currentUserUpdated);
export const unreadCountChanged = createAction<{ totalUnread: number }>(ACTION_TYPES.unreadCountChanged);
/** A thread was opened: its `count` received messages are now read. */
export const conversationRead = createAction<{ partnerId: number; count: number }>(ACTION_TYPES.conversationRead);

/**
 * The live message stream (the shell keeps it open while a token is stored):
 * a message the user sent or received, from any tab or device.
 */
export const messageReceived = createAction<Message>(ACTION_TYPES.messageReceived);
export interface MessagesReadPayload {
  /** Who opened the thread. */
  ReaderID: number;
  /** Whose messages to the reader are now read. */
  SenderID: number;
  ReadAt: string;
}
/** Live: a thread was opened, so SenderID's messages to ReaderID are read. */
export const messagesRead = createAction<MessagesReadPayload>(ACTION_TYPES.messagesRead);
/** Live: the stream (re)connected; after a reconnect, screens refetch what the replay may not cover. */
export const messageStreamConnected = createAction<{ reconnect: boolean }>(ACTION_TYPES.messageStreamConnected);

export interface ListingsChangedPayload {
  /** The listing that was posted, edited, renewed, had its status changed or was deleted. */
  listingId?: number;
  /** The reducerPath of the api that made the change (it has refreshed itself already). */
  source?: string;
}
/**
 * @deprecated Remotes built with the page's one api (client/api.ts) neither
 * dispatch nor need it: a change invalidates the 'Listing' tag of the one
 * cache. Remotes built before it still dispatch it after a change to a
 * listing, so it stays (never renamed or removed), and the one api's
 * middleware answers it by invalidating the 'Listing' tag.
 */
export const listingsChanged = createAction<ListingsChangedPayload>(ACTION_TYPES.listingsChanged);

export interface AuthState {
  token: string | null;
  user: User | null;
}
export interface UnreadState {
  totalUnread: number;
}
/** The part of the store every module may read. */
export interface HostState {
  auth: AuthState;
  unread: UnreadState;
}

/** An RTK Query api (or any slice with middleware) a module brings with it; the page's one api is one too. */
export interface InjectableApi {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

/** The store the shell creates; remotes reach it through react-redux's context. */
export interface HostStore extends Store<HostState> {
  /** Adds the api's reducer and middleware once; later calls with the same reducerPath do nothing. */
  injectApi(api: InjectableApi): void;
}

export const selectToken = (s: HostState) => s.auth.token;
export const selectCurrentUser = (s: HostState) => s.auth.user;
export const selectIsLoggedIn = (s: HostState) => Boolean(s.auth.token && s.auth.user);
export const selectTotalUnread = (s: HostState) => s.unread.totalUnread;
