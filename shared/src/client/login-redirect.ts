/**
 * The router state a page passes with a redirect to /login, so the shell's
 * login page can bring the user back afterwards (docs/product.md, Session:
 * /login with the current page remembered). The shell's guards and its
 * session-expiry handler send the same shape; a remote that sends a visitor
 * to /login itself (a Message button) builds it here.
 */
export interface LoginRedirectState {
  from?: { pathname: string; search: string; hash: string };
}

/** `{ from }` for the location the user is leaving. */
export function loginRedirectState(location: { pathname: string; search?: string; hash?: string }): LoginRedirectState {
  return { from: { pathname: location.pathname, search: location.search ?? '', hash: location.hash ?? '' } };
}
