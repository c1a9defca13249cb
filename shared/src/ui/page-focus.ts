/**
 * Focus after navigation: a single-page app keeps focus where the clicked
 * link was, so screen-reader and keyboard users are not told a new page
 * arrived. A page puts the returned ref on its main heading (tabIndex -1);
 * once `ready` (its content has loaded), the heading takes focus, unless the
 * page was opened directly or with Back/Forward (a 'POP', where the browser's
 * own focus and scroll handling should stand). It fires once per path: a
 * page that only changes its query string (filters, pagination) decides
 * itself where focus goes.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

export function usePageFocus<T extends HTMLElement = HTMLHeadingElement>(ready = true): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const navigationType = useNavigationType();
  const { pathname } = useLocation();
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || navigationType === 'POP' || focusedFor.current === pathname) return;
    const el = ref.current;
    if (!el) return;
    focusedFor.current = pathname;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  }, [ready, navigationType, pathname]);
  return ref;
}
