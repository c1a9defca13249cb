import type { UnreadCount } from '@roomnest/shared';
import { shellApi } from '../../app/shell-api.ts';

export const unreadApi = shellApi.injectEndpoints({
  endpoints: (b) => ({
    /**
     * GET /api/messages/unread-count. The argument is the user id, so that a
     * different user logging in gets a fresh count. A missing field counts as 0.
     */
    unreadCount: b.query<UnreadCount, number>({
      query: () => '/messages/unread-count',
      transformResponse: (body: Partial<UnreadCount> | null | undefined) => ({
        totalUnread: typeof body?.totalUnread === 'number' && Number.isFinite(body.totalUnread) ? body.totalUnread : 0,
      }),
    }),
    /** POST /api/messages/stream-ticket: the short-lived ticket that opens the live stream (EventSource cannot send the token). */
    streamTicket: b.mutation<{ ticket: string; expiresInSeconds: number }, void>({
      query: () => ({ url: '/messages/stream-ticket', method: 'POST' }),
    }),
  }),
});

export const { useUnreadCountQuery } = unreadApi;
