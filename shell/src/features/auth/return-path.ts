/**
 * Where to send someone after logging in: the location a redirect to /login
 * remembered (router state, shared's LoginRedirectState), or the page a
 * sign-up started from, and only ever a path of this site.
 */
import type { LoginRedirectState } from '@roomnest/shared/client';

/** Pages nobody is sent back to after logging in. */
const AUTH_PATHS = new Set(['/login', '/register', '/signup', '/forgot-password', '/reset-password']);

/** Any origin will do: a return path is resolved against it only to check that it stays on it. */
const PROBE_ORIGIN = 'https://roomnest.invalid';

/** Control characters (C0, DEL, C1) or a space anywhere in `text`. */
const hasControlOrSpace = (text: string) => [...text].some((c) => c.charCodeAt(0) <= 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f));

/**
 * A path of this site to send someone back to, normalised, or null. Only a relative path with one leading slash
 * is taken: never a URL of another site ('https://…', '//host', '/\host', which browsers read as '//host'), never
 * one with control characters or spaces (which URL parsing drops, so they could hide any of those), and never a
 * log-in or sign-up page. The result is what it resolves to, so '/rooms/../login' is '/login' and refused.
 */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || path.length > 2000) return null;
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || hasControlOrSpace(path)) return null;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The remembered location of a redirect's router state (`{ from }`) as a safe path, or null. */
export function returnPathOf(state: unknown): string | null {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from !== 'object') return null;
  const { pathname, search = '', hash = '' } = from;
  if (typeof pathname !== 'string' || typeof search !== 'string' || typeof hash !== 'string') return null;
  if ((search && !search.startsWith('?')) || (hash && !hash.startsWith('#'))) return null;
  return safeReturnPath(`${pathname}${search}${hash}`);
}

/** Router state that carries `path` on to the next auth page (register → login). */
export function returnState(path: string | null): LoginRedirectState | undefined {
  if (!path) return undefined;
  const url = new URL(path, PROBE_ORIGIN);
  return { from: { pathname: url.pathname, search: url.search, hash: url.hash } };
}

/*
 * Sign-up leaves the shell's pages on the way to logging in (registration goes to /pricing, docs/product.md, Session, and
 * from there the person may take any link to /login), so router state cannot carry the page they signed up from.
 * The register page keeps it in this tab's sessionStorage; the next login takes it (and forgets it). It is kept for
 * an hour: a sign-up abandoned for longer no longer decides where a later login goes.
 */
const SIGNUP_RETURN_KEY = 'roomnest.afterSignup';
const SIGNUP_RETURN_MS = 60 * 60 * 1000;

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers where a person who is signing up came from (a safe path, else nothing). */
export function rememberSignupReturn(path: string | null, now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (safe) tabStorage()?.setItem(SIGNUP_RETURN_KEY, JSON.stringify({ path: safe, at: now }));
}

/** The remembered sign-up return path if it is recent and safe; forgets it either way. */
export function takeSignupReturn(now = Date.now()): string | null {
  const store = tabStorage();
  const raw = store?.getItem(SIGNUP_RETURN_KEY);
  if (!store || raw === null || raw === undefined) return null;
  store.removeItem(SIGNUP_RETURN_KEY);
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || !(now - at >= 0 && now - at <= SIGNUP_RETURN_MS)) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/**
 * Where to go after logging in: the location remembered in the router state (a guard, an expired session, a page
 * that sent the visitor to log in), else the page a sign-up started from (`signupReturn`, see takeSignupReturn),
 * else /pricing (docs/product.md, Session). Only paths of this site (safeReturnPath).
 */
export function afterLoginTarget(state: unknown, signupReturn: string | null = null): string {
  return returnPathOf(state) ?? safeReturnPath(signupReturn) ?? '/pricing';
}
