/**
 * Loads a remote page when the user shows the intent to open it:
 * the pointer enters a link to it, the link gets keyboard focus, or a finger
 * touches it. A click follows 100 to 300 ms later; by then the remote's
 * manifest, entry and page files have arrived and run, and the navigation
 * only renders. Nothing is loaded ahead without such a sign, so the first
 * page downloads no more than before.
 *
 * One listener per event on the document (capture), for every same-origin
 * link on the page: the navigation, the footer, cards. Each page is asked for
 * once; the load itself is the boundary's (`prefetch`, RemotePage.tsx), which
 * the navigation then reuses, and whose failure the navigation retries.
 */
import { matchEarlyRoute, type EarlyRoute } from './early-preload.ts';

export interface IntentPrefetchOptions {
  /** The route table's remote pages. */
  routes: EarlyRoute[];
  /** Starts loading a page, kept for the navigation that follows. */
  prefetch: (remote: string, module: string) => void;
  /** Guarded pages are loaded ahead only for a logged-in user (the guard sends anyone else away). */
  loggedIn: () => boolean;
  /** A page for one role (/moderation) is loaded ahead only for a user who has it (the guard refuses anyone else). */
  hasRole: (role: string) => boolean;
}

const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Starts listening; returns the function that stops it. */
export function startIntentPrefetch(root: Document, { routes, prefetch, loggedIn, hasRole }: IntentPrefetchOptions): () => void {
  const asked = new Set<string>();
  const onIntent = (event: Event) => {
    const target = event.target;
    const anchor = target instanceof Element ? target.closest('a[href]') : null;
    if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== window.location.origin || anchor.hasAttribute('download')) return;
    if (anchor.target && anchor.target !== '_self') return;
    const route = matchEarlyRoute(routes, anchor.pathname);
    if (!route || (route.guarded && !loggedIn()) || (route.role && !hasRole(route.role))) return;
    const id = `${route.remote}/${route.module}`;
    if (asked.has(id)) return;
    asked.add(id);
    prefetch(route.remote, route.module);
  };
  for (const type of INTENT_EVENTS) root.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) root.removeEventListener(type, onIntent, { capture: true });
  };
}
