/**
 * The session as the browser keeps it (docs/product.md, Session): the token as a
 * string under `authToken`, the user as JSON under `currentUser`. The shell and
 * a remote's standalone frame both read and write it through these functions,
 * so that they agree on what a stored session is.
 */
import { STORAGE_KEYS } from '../constants.ts';
import { userSchema } from '../schemas/auth.ts';
import type { AuthState } from './contract.ts';

const signedOut: AuthState = { token: null, user: null };

/** The page's localStorage, or null where there is none (reading `window.localStorage` throws when storage is disabled). */
function pageStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored session, if both items are there and the user is a whole user
 * (every field of `userSchema`); otherwise signed out. A stored user that does
 * not parse clears both items, silently (docs/product.md, Session). Storage that cannot be
 * read (disabled, private mode) reads as signed out.
 */
export function readStoredSession(storage: Storage | null = pageStorage()): AuthState {
  if (!storage) return signedOut;
  let token: string | null;
  let rawUser: string | null;
  try {
    token = storage.getItem(STORAGE_KEYS.token);
    rawUser = storage.getItem(STORAGE_KEYS.user);
  } catch {
    return signedOut;
  }
  if (!token || rawUser === null) return signedOut;
  try {
    const parsed = userSchema.safeParse(JSON.parse(rawUser));
    if (parsed.success) return { token, user: parsed.data };
  } catch {
    // Not JSON: fall through and clear.
  }
  clearStoredSession(storage);
  return signedOut;
}

/**
 * Stores a whole session. Anything less is left alone: only a logout or an
 * expired session clears storage (clearStoredSession), so a user update in a
 * signed-out tab never removes the session another tab has just stored.
 */
export function writeStoredSession(session: AuthState, storage: Storage | null = pageStorage()): void {
  if (!storage || !session.token || !session.user) return;
  try {
    storage.setItem(STORAGE_KEYS.token, session.token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  } catch {
    // Storage full or disabled (private mode): the session lives in memory only.
  }
}

export function clearStoredSession(storage: Storage | null = pageStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.token);
    storage?.removeItem(STORAGE_KEYS.user);
  } catch {
    // Storage disabled: nothing was stored.
  }
}
