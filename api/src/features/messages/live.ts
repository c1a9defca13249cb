/**
 * Live delivery of messages over Server-Sent Events, fanned out across API
 * instances through PostgreSQL LISTEN/NOTIFY.
 *
 * Every write that someone may be waiting for NOTIFYs a small payload of ids on
 * the schema's channel (`roomnest_messages_<schema>`, so test schemas on one
 * server stay apart). Each instance keeps ONE listener (see db/listen.ts) and,
 * for a notification that concerns users connected to it, reads what to send
 * from the database (once per notification, not once per stream):
 *
 *   {k:'m', id, s, r}       new message id from s to r → `message` (id: the
 *                           message id) to both users' streams, `unread` to r
 *   {k:'r', reader, sender} reader opened the thread  → `read` to both users,
 *                           `unread` to the reader
 *   {k:'x', u}              u's sessions were revoked (a suspension, sent in
 *                           its transaction) → u's streams whose token version
 *                           moved on end now, not at the next heartbeat
 *
 * Nothing about messages is held in process memory beyond the open streams.
 * When the PostgreSQL listener had to reconnect (notifications may have been
 * missed), every stream is closed: the clients reconnect with their last event
 * id and the replay fills the gap. A stream whose session was revoked (password
 * reset, account deleted) is ended at the next event for it or heartbeat.
 *
 * Blocks: the stream carries nothing between two people where either has blocked the other, neither messages nor
 * read receipts, looked up when the event is delivered. No message between them is stored after a block (send.ts),
 * and one stored just before it whose notification is still on its way when the block commits is not delivered
 * either: it is history, read in the thread, like the replay (messagesAfter) leaves it out.
 *
 * A person holds at most MAX_STREAMS_PER_USER streams on an instance. One
 * more (a new tab) ends the oldest with `event: superseded` first: the tab the
 * person opened last, most likely the one they look at, stays live, and the
 * shell does not reconnect a superseded tab until it is shown again (it keeps
 * polling meanwhile), so tabs do not take the stream from each other in turn.
 * Refusing the new stream with 429 instead would leave the newest tab without
 * live messages while forgotten ones keep theirs. The count is per instance:
 * behind a load balancer with N instances, a person may hold up to N × the cap.
 */
import type { Message } from '@roomnest/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerResponse } from 'node:http';
import { listenerFor, notify, schemaChannel } from '../../db/listen.ts';
import type { DB } from '../../db/types.ts';
import { blockBetween } from '../blocks/repository.ts';
import { tokenVersions } from '../users/repository.ts';
import { findMessage, unreadCount } from './repository.ts';

export const HEARTBEAT_MS = 20_000;
export const RETRY_MS = 3_000;
/** Streams one person may hold on one instance (tabs, windows, devices): one more ends the oldest. */
export const MAX_STREAMS_PER_USER = 5;
/** The `superseded` event's data: why the stream ended, and that the tab should not reconnect on its own. */
export const SUPERSEDED = { reason: 'Too many live connections: a newer tab or device took this one over.', limit: MAX_STREAMS_PER_USER } as const;
/** Sent message ids remembered per stream for de-duplication (replay versus live). */
const SENT_IDS_KEPT = 1_000;

export type LiveEvent =
  | { k: 'm'; id: number; s: number; r: number }
  | { k: 'r'; reader: number; sender: number; at: string }
  | { k: 'x'; u: number };

export interface ReadEventData {
  /** Who opened the thread. */
  ReaderID: number;
  /** Whose messages (to the reader) are now read. */
  SenderID: number;
  ReadAt: string;
}

export class LiveStream {
  readonly #res: ServerResponse;
  readonly #sentIds = new Set<number>();
  /** Events held back while the replay runs. */
  #held: Array<() => void> | null = [];
  closed = false;

  constructor(
    readonly userId: number,
    res: ServerResponse,
    /** The user's token version when the stream opened: a password reset or account deletion moves it on and ends the stream. */
    readonly tokenVersion: number,
    /** The client's Last-Event-ID: it has every message up to this id, so a late notification of one is not sent again. */
    readonly seenUpTo?: number,
  ) {
    this.#res = res;
  }

  write(chunk: string): void {
    if (this.closed) return;
    this.#res.write(chunk);
  }

  #send(event: string, data: unknown, id?: number): void {
    this.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A message, at most once per stream. */
  message(message: Message): void {
    if (this.#held) {
      this.#held.push(() => this.message(message));
      return;
    }
    if (this.#sentIds.has(message.MessageID) || (this.seenUpTo !== undefined && message.MessageID <= this.seenUpTo)) return;
    this.#sentIds.add(message.MessageID);
    if (this.#sentIds.size > SENT_IDS_KEPT) this.#sentIds.delete(this.#sentIds.values().next().value as number);
    this.#send('message', message, message.MessageID);
  }

  event(event: 'read' | 'unread', data: unknown): void {
    if (this.#held) {
      this.#held.push(() => this.event(event, data));
      return;
    }
    this.#send(event, data);
  }

  /** Sends the replay, then whatever arrived meanwhile (duplicates dropped). */
  release(replay: Message[]): void {
    const held = this.#held ?? [];
    this.#held = null;
    for (const m of replay) this.message(m);
    for (const run of held) run();
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.#res.end();
  }

  /** Ends the stream because a newer one of the same person took its place (see MAX_STREAMS_PER_USER). */
  supersede(): void {
    this.write(`event: superseded\ndata: ${JSON.stringify(SUPERSEDED)}\n\n`);
    this.end();
  }
}

export interface MessageHub {
  publish(event: LiveEvent): Promise<void>;
  add(stream: LiveStream): void;
  remove(stream: LiveStream): void;
  /** Ends every open stream (shutdown, or after the listener lost notifications). */
  endAll(): void;
  readonly size: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createMessageHub(db: Kysely<DB>, log: FastifyBaseLogger): MessageHub {
  const byUser = new Map<number, Set<LiveStream>>();
  let channel = 'roomnest_messages';
  let unlisten: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const listen = listenerFor(db);

  const streamsOf = (userId: number) => [...(byUser.get(userId) ?? [])];

  async function sendUnread(userId: number): Promise<void> {
    const streams = streamsOf(userId);
    if (!streams.length) return;
    const totalUnread = await unreadCount(db, userId);
    for (const s of streams) s.event('unread', { totalUnread });
  }

  /**
   * The streams whose session is still valid; the others (password reset,
   * account deleted: the token version moved on or the user is gone) are
   * ended, so a revoked session receives nothing more.
   */
  async function stillValid(streams: LiveStream[]): Promise<LiveStream[]> {
    const ids = [...new Set(streams.map((s) => s.userId))];
    if (!ids.length) return [];
    const versions = await tokenVersions(db, ids);
    return streams.filter((s) => {
      if (versions.get(s.userId) === s.tokenVersion) return true;
      hub.remove(s);
      s.end();
      return false;
    });
  }

  async function handle(event: LiveEvent): Promise<void> {
    if (event.k === 'm') {
      const targets = await stillValid([...streamsOf(event.s), ...(event.s === event.r ? [] : streamsOf(event.r))]);
      if (!targets.length) return;
      if (await blockBetween(db, event.s, event.r)) return;
      const message = await findMessage(db, event.id);
      if (!message) return;
      for (const s of targets) s.message(message);
      await sendUnread(event.r);
    } else if (event.k === 'r') {
      const data: ReadEventData = { ReaderID: event.reader, SenderID: event.sender, ReadAt: event.at };
      const targets = await stillValid([...streamsOf(event.reader), ...streamsOf(event.sender)]);
      if (targets.length && !(await blockBetween(db, event.reader, event.sender))) for (const s of targets) s.event('read', data);
      await sendUnread(event.reader);
    } else if (event.k === 'x') {
      await stillValid(streamsOf(event.u));
    }
  }

  function onNotify(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      log.warn({ payload }, 'messages: unreadable notification');
      return;
    }
    handle(event).catch((err: unknown) => log.error({ err }, 'messages: live delivery failed'));
  }

  const hub: MessageHub = {
    get size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    async start() {
      channel = await schemaChannel(db, 'roomnest_messages');
      if (listen) {
        unlisten = await listen(channel, {
          onNotify,
          onReconnect: () => {
            log.warn('messages: listener reconnected; closing live streams so that clients replay what they missed');
            hub.endAll();
          },
          onError: (err) => log.warn({ err }, 'messages: listener connection failed'),
        });
      } else {
        log.warn('messages: this database handle has no LISTEN support; live delivery stays within this instance');
      }
      heartbeat = setInterval(() => {
        const all = [...byUser.values()].flatMap((set) => [...set]);
        // Revoked sessions that had nothing delivered meanwhile end here, within a heartbeat.
        stillValid(all)
          .then((valid) => {
            for (const s of valid) s.write(': heartbeat\n\n');
          })
          .catch((err: unknown) => {
            log.warn({ err }, 'messages: could not check the live sessions');
            for (const s of all) s.write(': heartbeat\n\n');
          });
      }, HEARTBEAT_MS);
      heartbeat.unref();
    },
    async stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      hub.endAll();
      await unlisten?.();
      unlisten = null;
    },
    async publish(event) {
      const payload = JSON.stringify(event);
      if (listen) await notify(db, channel, payload);
      else onNotify(payload);
    },
    add(stream) {
      let set = byUser.get(stream.userId);
      if (!set) byUser.set(stream.userId, (set = new Set()));
      // A Set keeps the order streams were added in: the first is the oldest.
      for (const oldest of set) {
        if (set.size < MAX_STREAMS_PER_USER) break;
        set.delete(oldest);
        oldest.supersede();
      }
      set.add(stream);
    },
    remove(stream) {
      const set = byUser.get(stream.userId);
      set?.delete(stream);
      if (set?.size === 0) byUser.delete(stream.userId);
    },
    endAll() {
      for (const set of byUser.values()) for (const s of set) s.end();
      byUser.clear();
    },
  };
  return hub;
}
