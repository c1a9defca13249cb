/**
 * The session as the browser keeps it (spec sections 3 and 4): the token under
 * `authToken`, the user as JSON under `currentUser`. Reading is forgiving: a
 * missing item or a user that does not parse clears both, silently.
 */
import { STORAGE_KEYS } from '../constants.ts';
import { userSchema } from '../schemas/auth.ts';
import type { AuthState } from './contract.ts';

const signedOut: AuthState = { token: null, user: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredSession(): AuthState {
  const store = storage();
  if (!store) return signedOut;
  const token = store.getItem(STORAGE_KEYS.token);
  const rawUser = store.getItem(STORAGE_KEYS.user);
  if (!token || !rawUser) return signedOut;
  try {
    const parsed = userSchema.safeParse(JSON.parse(rawUser));
    if (parsed.success) return { token, user: parsed.data };
  } catch {
    // Unparseable JSON: fall through and clear.
  }
  clearStoredSession();
  return signedOut;
}

export function writeStoredSession(session: AuthState): void {
  const store = storage();
  if (!store) return;
  if (!session.token || !session.user) {
    clearStoredSession();
    return;
  }
  store.setItem(STORAGE_KEYS.token, session.token);
  store.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function clearStoredSession(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.user);
}
