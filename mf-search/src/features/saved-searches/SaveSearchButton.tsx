import { ROUTES, savedSearchCriteria } from '@roomnest/shared';
import { loginRedirectState, notify, selectIsLoggedIn, useHostSelector } from '@roomnest/shared/client';
import { Button } from '@roomnest/shared/ui';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasSaveIntent, withoutSaveIntent, withSaveIntent } from './save-intent.ts';

const SaveSearchDialog = lazy(() => import('./SaveSearchDialog.tsx'));

export const SAVE_LOGIN_TEXT = 'Please log in to save this search.';

export interface SaveSearchButtonProps {
  /** The search on the page (its sort order and page are not part of what is saved). */
  search: Partial<Record<string, unknown>>;
  /** Router state for taking `?saveSearch=1` out of the address without the page moving focus. */
  quietState?: unknown;
}

/**
 * "Save this search" on the room search. Any search may be saved, "any room" included: in a small market an
 * instant alert for every new room is a reasonable wish. A visitor is sent to log in and comes back to the
 * same search with the dialog open (save-intent.ts).
 */
export function SaveSearchButton({ search, quietState }: SaveSearchButtonProps) {
  const loggedIn = useHostSelector(selectIsLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const intent = hasSaveIntent(location.search);
  // Back from logging in to save: open at once.
  const [open, setOpen] = useState(() => intent && loggedIn);
  const criteria = useMemo(() => savedSearchCriteria(search), [search]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (!intent) return;
    void navigate({ pathname: location.pathname, search: withoutSaveIntent(location.search), hash: location.hash }, { replace: true, state: quietState });
  }, [intent, navigate, location.pathname, location.search, location.hash, quietState]);

  // Focus goes back to the button when the dialog closes (it is unmounted, not just hidden).
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const press = () => {
    if (loggedIn) {
      setOpen(true);
      return;
    }
    notify.info(SAVE_LOGIN_TEXT);
    void navigate(ROUTES.login, { state: loginRedirectState({ pathname: location.pathname, search: withSaveIntent(location.search), hash: location.hash }) });
  };

  return (
    <>
      <Button ref={buttonRef} variant="secondary" size="sm" onClick={press} aria-haspopup="dialog">
        Save this search
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog criteria={criteria} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
