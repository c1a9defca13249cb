import type { LoginRedirectState } from '../guards/RouteGuard.tsx';

const AUTH_PATHS = new Set(['/login', '/register']);

/** Where to go after logging in: the remembered location if it is a page of this site, else /pricing (spec section 4). */
export function afterLoginTarget(state: unknown): string {
  const from = (state as LoginRedirectState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return '/pricing';
  const { pathname } = from;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || AUTH_PATHS.has(pathname)) return '/pricing';
  return `${pathname}${typeof from.search === 'string' ? from.search : ''}${typeof from.hash === 'string' ? from.hash : ''}`;
}
