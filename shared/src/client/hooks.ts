import { useLayoutEffect, useState, type ComponentType, createElement } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { HostState, HostStore, InjectableApi } from './contract.ts';

export const useHostSelector = useSelector.withTypes<HostState>();
export const useHostDispatch = useDispatch;

/**
 * Wraps a remote's page so that its RTK Query apis are injected into the host
 * store before the page renders. Every exposed page is wrapped this way.
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
