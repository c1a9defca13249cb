/**
 * The session as the browser keeps it (docs/product.md, Session): the token as a
 * string under `authToken`, the user as JSON under `currentUser`. The shell and
 * a remote's standalone frame both read and write it through these functions,
 * so that they agree on what a stored session is.
 */
import { STORAGE_KEYS } from '../constants.ts';
import { PLAN_NAMES, USER_TYPES, type User } from '../domain.ts';
import { USER_ROLES, type UserRole } from '../trust.ts';
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
 * A whole user (every field of `userSchema`, checked the same way), keeping
 * only those fields. Written without zod: the shell reads the session before
 * its first paint, and zod (about 22 KiB compressed) stays off the first load.
 */
export function storedUser(value: unknown): User | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const ok =
    Number.isInteger(v.userId) &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    (USER_TYPES as readonly unknown[]).includes(v.userType) &&
    (PLAN_NAMES as readonly unknown[]).includes(v.plan) &&
    (v.profilePictureURL === null || typeof v.profilePictureURL === 'string') &&
    (v.emailVerified === undefined || typeof v.emailVerified === 'boolean');
  if (!ok) return null;
  // roles came later: a session stored before them reads as no roles (as userSchema's default).
  const roles = Array.isArray(v.roles) ? v.roles.filter((r): r is UserRole => (USER_ROLES as readonly unknown[]).includes(r)) : [];
  return {
    userId: v.userId as number,
    name: v.name as string,
    email: v.email as string,
    userType: v.userType as User['userType'],
    plan: v.plan as User['plan'],
    profilePictureURL: v.profilePictureURL as string | null,
    roles,
    // Also later: a session stored before it reads as unverified, as userSchema's default.
    emailVerified: v.emailVerified === true,
  };
}

/**
 * The stored session, if both items are there and the user is a whole user
 * (storedUser); otherwise signed out. A stored user that does not parse
 * clears both items, silently (docs/product.md, Session). Storage that cannot be
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
    const user = storedUser(JSON.parse(rawUser));
    if (user) return { token, user };
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
