import { UNREAD_POLL_INTERVAL_MS } from '@roomnest/shared';
import { selectToken, useHostSelector } from '@roomnest/shared/client';
import { useUnreadCountQuery } from '../../api/shell-api.ts';

/**
 * Keeps the unread count fresh while a token is stored (docs/product.md, Session): one
 * call at login or session restore, then every 30 s; nothing when logged out.
 * The results reach the store through unread-listeners.ts.
 */
export function useUnreadPolling() {
  const token = useHostSelector(selectToken);
  const userId = useHostSelector((s) => s.auth.user?.userId ?? 0);
  useUnreadCountQuery(userId, {
    skip: !token,
    pollingInterval: UNREAD_POLL_INTERVAL_MS,
    refetchOnMountOrArgChange: true,
  });
}
