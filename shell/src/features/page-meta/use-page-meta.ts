import { documentTitle, pageMetaFor, SITE_DESCRIPTION } from '@roomnest/shared';
import { setPageDescription } from '@roomnest/shared/ui';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * On every navigation, the tab's title and the description meta the server would have written for
 * the new address (shared/src/route-meta.ts), so a page opened by a link and one reached by
 * navigating read the same. A page with data of its own (a room, a post) then sets its own title
 * through `Page`, from the same module; the shell only writes the fixed pages' titles, so it never
 * overwrites one.
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  // A layout effect runs before the page's own (passive) effects, so a page that names itself (a search for a place) has the last word.
  useLayoutEffect(() => {
    const found = pageMetaFor(pathname);
    if (found && Object.keys(found.params).length === 0) document.title = documentTitle(found.meta.title);
    setPageDescription(found?.meta.description ?? SITE_DESCRIPTION);
  }, [pathname]);
}
