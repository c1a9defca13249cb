/** Pages that need the page's one api in the store before they render. */
import { useLayoutEffect, useState, type ComponentType, createElement } from 'react';
import { useStore } from 'react-redux';
import type { HostStore, InjectableApi } from './contract.ts';
import { hostApiModule } from './api.ts';

/**
 * Wraps a page so that the given apis are injected into the host store before
 * it renders. Pages built before the one api used it for their own apis;
 * pages now use `withHostApi`.
 */
export function withApis<P extends object>(apis: InjectableApi[], Page: ComponentType<P>): ComponentType<P> {
  function WithApis(props: P) {
    const store = useStore() as unknown as HostStore;
    const isReady = () => apis.every((a) => a.reducerPath in (store.getState() as unknown as Record<string, unknown>));
    const [ready, setReady] = useState(isReady);
    useLayoutEffect(() => {
      if (ready) return;
      for (const api of apis) store.injectApi(api);
      // Injecting dispatches to the store, which must not happen during render; the page
      // renders once, right after, with its slice in place.
      // oxlint-disable-next-line react/set-state-in-effect
      setReady(true);
    }, [ready, store]);
    return ready ? createElement(Page, props) : null;
  }
  WithApis.displayName = `WithApis(${Page.displayName ?? Page.name ?? 'Page'})`;
  return WithApis;
}

/**
 * Wraps an exposed page so that the page's one api (see api.ts) is in the
 * store before it renders. A shell built with the one api has it from the
 * start, and the page renders at once; an older shell (whose store only
 * offers `injectApi`) gets it injected here, once for all the remotes.
 */
export function withHostApi<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return withApis([hostApiModule()], Page);
}
