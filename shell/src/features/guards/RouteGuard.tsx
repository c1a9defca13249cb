import { pageMetaFor } from '@roomnest/shared';
import { loginRedirectState, notify, useHostSelector } from '@roomnest/shared/client';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { claimLocation, isLocationClaimed } from './redirect-claims.ts';
import { decide, type GuardName } from './guards.ts';
import { RefusedPage } from './RefusedPage.tsx';

/**
 * Renders `children` when the guard allows; otherwise toasts once and
 * redirects (replacing the history entry): logged out to /login, remembering
 * the location; wrong user type to /. A missing role (moderator) neither
 * toasts nor moves: the page says who may see it.
 */
export function RouteGuard({ guard, children }: { guard: GuardName; children: ReactNode }) {
  const auth = useHostSelector((s) => s.auth);
  const decision = decide(guard, auth);
  const location = useLocation();
  const navigate = useNavigate();
  const kind = decision.kind;
  const text = decision.kind === 'allow' ? '' : decision.text;

  useEffect(() => {
    if (kind === 'allow' || kind === 'refuse' || isLocationClaimed(location.key)) return;
    // Deferred by a task: a navigation that is already under way (a remote that
    // logs out and moves on) unmounts this guard first and cancels the timer.
    const timer = setTimeout(() => {
      if (!claimLocation(location.key)) return;
      notify.error(text);
      if (kind === 'login') {
        void navigate('/login', { replace: true, state: loginRedirectState({ pathname: location.pathname, search: location.search, hash: location.hash }) });
      } else {
        void navigate('/', { replace: true });
      }
    }, 0);
    return () => clearTimeout(timer);
  }, [kind, text, location.key, location.pathname, location.search, location.hash, navigate]);

  // Headed with the page's own title (route-meta.ts), as the server titled the address.
  if (kind === 'refuse') return <RefusedPage title={pageMetaFor(location.pathname)?.meta.title ?? ''} text={text} />;
  return kind === 'allow' ? children : null;
}
