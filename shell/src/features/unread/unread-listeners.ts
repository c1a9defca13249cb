/**
 * Feeds the contract's unread slice from the shell's unread-count query:
 * each answer dispatches `unreadCountChanged`; a failure is only logged and
 * leaves the count unchanged (docs/product.md, Session).
 */
import { TEXTS } from '@roomnest/shared';
import { unreadCountChanged, type HostState } from '@roomnest/shared/client';
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { shellApi } from '../../api/shell-api.ts';

export function startUnreadListeners(listener: ListenerMiddlewareInstance) {
  const startListening = listener.startListening.withTypes<HostState>();

  startListening({
    matcher: shellApi.endpoints.unreadCount.matchFulfilled,
    effect: (action, api) => {
      // An answer that arrives after logout belongs to the old session.
      if (!api.getState().auth.token) return;
      api.dispatch(unreadCountChanged({ totalUnread: action.payload.totalUnread }));
    },
  });

  startListening({
    matcher: shellApi.endpoints.unreadCount.matchRejected,
    effect: (action) => {
      if (action.meta.condition) return; // skipped or deduplicated, not a failure
      console.error(TEXTS.unreadCountFailed);
    },
  });
}
