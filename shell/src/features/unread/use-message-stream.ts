import { API_BASE_URL, errorStatus, messageReceived, messagesRead, messageStreamConnected, selectToken, unreadCountChanged, useHostDispatch, useHostSelector } from '@roomnest/shared/client';
import type { Message } from '@roomnest/shared';
import { useEffect } from 'react';
import type { ShellDispatch } from '../../api/shell-api.ts';
import { shellApi } from '../../api/shell-api.ts';

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The live message stream (GET /api/messages/stream, Server-Sent Events), kept
 * open by the shell on every page while a token is stored, so the nav badge
 * follows within a second. The shell owns the badge; the stream's events go
 * through the store as contract actions:
 *   unread  → unreadCountChanged (the badge)
 *   message → messageReceived (mf-messaging patches its conversation list and thread)
 *   read    → messagesRead (read state of sent messages, other tabs' unread counts)
 * One stream per tab, whichever page is shown. EventSource cannot send the
 * token, so each (re)connection first trades it for a ticket that opens one
 * stream, once, within 60 s (EventSource's own reconnection would reuse it and
 * be refused: every failure closes it and connects afresh with a new ticket); a
 * reconnection passes the last message id seen, and the server replays what
 * was missed (mf-messaging de-duplicates by MessageID). The server keeps a few
 * streams per person: a newer tab's ends the oldest with `superseded`, and that
 * tab stays off until it is shown or focused again, so tabs never take the
 * stream from each other in turn. Without EventSource, or while the stream is
 * down, the 30 s unread poll (use-unread-polling.ts) and mf-messaging's own
 * periodic refetch keep things current.
 */
export function useMessageStream() {
  const token = useHostSelector(selectToken);
  const dispatch = useHostDispatch<ShellDispatch>();

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let connections = 0;
    let lastId: string | null = null;
    /** A newer tab took the stream over: reconnect only when this page is shown again. */
    let superseded = false;

    const retry = () => {
      if (stopped) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
      timer = setTimeout(() => void connect(), delay);
    };

    const parse = (e: MessageEvent<string>): unknown => {
      try {
        return JSON.parse(e.data) as unknown;
      } catch {
        return null;
      }
    };

    const connect = async () => {
      try {
        const answer = await dispatch(shellApi.endpoints.streamTicket.initiate(undefined, { track: false }));
        // 401: the session is over (the shared base query logs out); nothing to retry.
        if (answer.error && errorStatus(answer.error) === 401) return;
        if (!answer.data) throw new Error('stream ticket refused');
        const { ticket } = answer.data;
        if (stopped) return;
        const query = new URLSearchParams({ ticket });
        if (lastId) query.set('lastEventId', lastId);
        const es = new EventSource(`${API_BASE_URL}/messages/stream?${query}`);
        source = es;
        es.addEventListener('open', () => {
          attempt = 0;
          dispatch(messageStreamConnected({ reconnect: connections++ > 0 }));
        });
        es.addEventListener('message', (e: MessageEvent<string>) => {
          const message = parse(e) as Message | null;
          if (!message || typeof message.MessageID !== 'number') return;
          if (e.lastEventId) lastId = e.lastEventId;
          dispatch(messageReceived(message));
        });
        es.addEventListener('read', (e: MessageEvent<string>) => {
          const data = parse(e) as { ReaderID: number; SenderID: number; ReadAt: string } | null;
          if (data && typeof data.ReaderID === 'number') dispatch(messagesRead(data));
        });
        es.addEventListener('unread', (e: MessageEvent<string>) => {
          const data = parse(e) as { totalUnread?: unknown } | null;
          if (typeof data?.totalUnread === 'number') dispatch(unreadCountChanged({ totalUnread: data.totalUnread }));
        });
        es.addEventListener('superseded', () => {
          superseded = true;
          es.close();
          if (source === es) source = null;
        });
        // Our own reconnection (a fresh ticket, the last id), not EventSource's: its ticket is used up (or refused as used).
        es.addEventListener('error', () => {
          es.close();
          if (source === es) source = null;
          retry();
        });
      } catch {
        retry();
      }
    };

    const resume = () => {
      if (!superseded || stopped || document.visibilityState !== 'visible') return;
      superseded = false;
      attempt = 0;
      void connect();
    };
    document.addEventListener('visibilitychange', resume);
    window.addEventListener('focus', resume);

    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
      document.removeEventListener('visibilitychange', resume);
      window.removeEventListener('focus', resume);
    };
  }, [token, dispatch]);
}
