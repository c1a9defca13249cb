import { ROUTES, savedSearchCriteria, withoutParam, withParam } from '@roomnest/shared';
import { loginRedirectState, notify, selectIsLoggedIn, useHostSelector } from '@roomnest/shared/client';
import { Button } from '@roomnest/shared/ui';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const SaveSearchDialog = lazy(() => import('./SaveSearchDialog.tsx'));

export const SAVE_LOGIN_TEXT = 'Please log in to save this search.';

/**
 * A visitor's "Save this search" travels through /login in the return address as `?saveSearch=1`, which the search
 * page reads once and takes out of the address (a reload, or Back, does not open the dialog again).
 */
export const SAVE_SEARCH_PARAM = 'saveSearch';

export interface SaveSearchButtonProps {
  /** The search on the page (its sort order and page are not part of what is saved). */
  search: Partial<Record<string, unknown>>;
  /** Router state for taking `?saveSearch=1` out of the address without the page moving focus. */
  quietState?: unknown;
}

/**
 * "Save this search" on the room search. Any search may be saved, "any room" included: in a small market an
 * instant alert for every new room is a reasonable wish. A visitor is sent to log in and comes back to the
 * same search with the dialog open (SAVE_SEARCH_PARAM).
 */
export function SaveSearchButton({ search, quietState }: SaveSearchButtonProps) {
  const loggedIn = useHostSelector(selectIsLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const intent = new URLSearchParams(location.search).get(SAVE_SEARCH_PARAM) === '1';
  // Back from logging in to save: open at once.
  const [open, setOpen] = useState(() => intent && loggedIn);
  const criteria = useMemo(() => savedSearchCriteria(search), [search]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (!intent) return;
    void navigate({ pathname: location.pathname, search: withoutParam(location.search, SAVE_SEARCH_PARAM), hash: location.hash }, { replace: true, state: quietState });
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
    void navigate(ROUTES.login, { state: loginRedirectState({ pathname: location.pathname, search: withParam(location.search, SAVE_SEARCH_PARAM, '1'), hash: location.hash }) });
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
