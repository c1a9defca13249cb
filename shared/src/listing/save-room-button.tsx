/**
 * The heart of a room (docs/product.md, Saved rooms): on every search card, on the room page and on the Saved rooms
 * page. It reads whether the room is saved from the one saved-rooms query the page shares, answers a press at once
 * and puts it back, with the server's sentence in a toast, if the server refuses. A visitor is sent to /login with
 * the room in the return URL (SAVE_PARAM) and comes back to the same page with it saved (useSaveIntent).
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Listing } from '../domain.ts';
import { parseRecordId, ROUTES } from '../routes.ts';
import { SAVED_TEXTS } from '../texts.ts';
import { errorMessage } from '../client/base-query.ts';
import { selectIsLoggedIn } from '../client/contract.ts';
import { useHostSelector } from '../client/hooks.ts';
import { loginRedirectState } from '../client/login-redirect.ts';
import { notify } from '../client/notify.ts';
import { withoutParam, withParam } from '../query-string.ts';
import { SAVE_PARAM, useSaveListingMutation, useSavedListingsQuery, useUnsaveListingMutation } from './saved-rooms.ts';
import s from './save-room-button.module.css';

const useLoggedIn = () => useHostSelector(selectIsLoggedIn);


export interface SaveRoomButtonProps {
  /** The room; the whole listing when the page has it, so a save shows on the Saved rooms page at once. */
  listing: Listing;
  /** The id of the room's title, which describes the button ("Save room", of which room). */
  describedBy?: string;
}

export function SaveRoomButton({ listing, describedBy }: SaveRoomButtonProps) {
  const loggedIn = useLoggedIn();
  const { saved } = useSavedListingsQuery(undefined, {
    skip: !loggedIn,
    selectFromResult: ({ data }) => ({ saved: Boolean(data?.listings.some((l) => l.ListingID === listing.ListingID)) }),
  });
  const [save] = useSaveListingMutation();
  const [unsave] = useUnsaveListingMutation();
  const navigate = useNavigate();
  const location = useLocation();

  const press = async (event: MouseEvent<HTMLButtonElement>) => {
    // Inside a card the whole card is a link: the heart is a press of its own.
    event.preventDefault();
    event.stopPropagation();
    if (!loggedIn) {
      notify.info(SAVED_TEXTS.loginToSave);
      void navigate(ROUTES.login, {
        state: loginRedirectState({ pathname: location.pathname, search: withParam(location.search, SAVE_PARAM, String(listing.ListingID)), hash: location.hash }),
      });
      return;
    }
    const result = saved ? await unsave({ ListingID: listing.ListingID }) : await save({ ListingID: listing.ListingID, listing });
    if ('error' in result) notify.error(errorMessage(result.error, saved ? SAVED_TEXTS.unsaveFailed : SAVED_TEXTS.saveFailed));
  };

  return (
    <button
      type="button"
      className={s.heart}
      aria-pressed={saved}
      aria-label={saved ? 'Remove from saved rooms' : 'Save room'}
      aria-describedby={describedBy}
      onClick={(event) => void press(event)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/**
 * Acts on a save carried through /login (`?save=<id>` in the return URL): once logged in, saves that room, says so,
 * and takes the parameter out of the address (replacing the history entry, so Back does not save it again).
 * `state` is the router state the page wants on that replacement (the current one by default).
 */
export function useSaveIntent({ state }: { state?: unknown } = {}): void {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const [save] = useSaveListingMutation();
  const raw = new URLSearchParams(location.search).get(SAVE_PARAM);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (raw === null || !loggedIn || handled.current === location.key) return;
    handled.current = location.key;
    void navigate({ pathname: location.pathname, search: withoutParam(location.search, SAVE_PARAM), hash: location.hash }, { replace: true, state: state ?? location.state });
    const id = parseRecordId(raw);
    if (id === null) return;
    void save({ ListingID: id }).then((result) => {
      if ('error' in result) notify.error(errorMessage(result.error, SAVED_TEXTS.saveFailed));
      else notify.success(result.data.message);
    });
  }, [raw, loggedIn, location, navigate, save, state]);
}
