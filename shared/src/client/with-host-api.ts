/** Pages that need the page's one api in the store before they render. */
import { useLayoutEffect, useState, type ComponentType, createElement } from 'react';
import { useStore } from 'react-redux';
import type { HostStore } from './contract.ts';
import { hostApiModule } from './api.ts';

/**
 * Wraps an exposed page so that the page's one api (see api.ts) is in the
 * store before it renders. A shell built with the one api has it from the
 * start, and the page renders at once; an older shell (whose store only
 * offers `injectApi`) gets it injected here, once for all the remotes.
 */
export function withHostApi<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const api = hostApiModule();
  function WithHostApi(props: P) {
    const store = useStore() as unknown as HostStore;
    const [ready, setReady] = useState(() => api.reducerPath in (store.getState() as unknown as Record<string, unknown>));
    useLayoutEffect(() => {
      if (ready) return;
      store.injectApi(api);
      // Injecting dispatches to the store, which must not happen during render; the page
      // renders once, right after, with its slice in place.
      // oxlint-disable-next-line react/set-state-in-effect
      setReady(true);
    }, [ready, store]);
    return ready ? createElement(Page, props) : null;
  }
  WithHostApi.displayName = `WithHostApi(${Page.displayName ?? Page.name ?? 'Page'})`;
  return WithHostApi;
}
