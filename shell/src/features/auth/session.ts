/**
 * The session in browser storage (spec sections 3 and 4): the token as a
 * string under `authToken`, the user as JSON under `currentUser`.
 */
import { STORAGE_KEYS, type User } from '@roomnest/shared';
import type { AuthState } from '@roomnest/shared/client';

function parseUser(json: string): User | null {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const v = value as Partial<User>;
    return typeof v.name === 'string' || typeof v.userId === 'number' ? (value as User) : null;
  } catch {
    return null;
  }
}

/**
 * The stored session, if both items are there and the user parses. A stored
 * user that does not parse clears both items, silently (section 8).
 */
export function readStoredSession(storage: Storage): AuthState | undefined {
  let token: string | null;
  let userJson: string | null;
  try {
    token = storage.getItem(STORAGE_KEYS.token);
    userJson = storage.getItem(STORAGE_KEYS.user);
  } catch {
    return undefined;
  }
  if (!token || userJson === null) return undefined;
  const user = parseUser(userJson);
  if (!user) {
    clearStoredSession(storage);
    return undefined;
  }
  return { token, user };
}

export function writeStoredSession(storage: Storage, session: AuthState) {
  if (!session.token || !session.user) return;
  try {
    storage.setItem(STORAGE_KEYS.token, session.token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  } catch {
    // Storage full or disabled (private mode): the session lives in memory only.
  }
}

export function clearStoredSession(storage: Storage) {
  try {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Storage disabled: nothing was stored.
  }
}
