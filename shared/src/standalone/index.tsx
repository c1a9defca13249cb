/**
 * `@roomnest/shared/standalone`: runs a remote's pages on their own, for the
 * remote's team (`npm run dev -w mf-search`). Only a remote's `src/main.tsx`
 * imports this; it brings the global CSS, which exposed modules never do.
 */
// Global reset and tokens: only this standalone entry (and the shell) may load global CSS.
// oxlint-disable-next-line import/no-unassigned-import
import '../ui/global.css';
import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { TEXTS } from '../texts.ts';
import { currentUserUpdated, loggedIn, loggedOut, sessionExpired, type HostState } from '../client/contract.ts';
import { notify } from '../client/notify.ts';
import { createHostStore } from '../client/store.ts';
import { clearStoredSession, readStoredSession, writeStoredSession } from '../client/stored-session.ts';
import { StandaloneFrame, type StandaloneOptions } from './frame.tsx';

export type { StandaloneOptions, StandaloneRoute } from './frame.tsx';
export { StandaloneFrame } from './frame.tsx';

/** A host store like the shell's: the session restored from storage and kept there. */
export function createStandaloneStore() {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: isAnyOf(loggedIn, currentUserUpdated),
    effect: (_action, api) => writeStoredSession((api.getState() as HostState).auth),
  });
  listener.startListening({ actionCreator: loggedOut, effect: () => clearStoredSession() });
  listener.startListening({
    actionCreator: sessionExpired,
    effect: () => {
      clearStoredSession();
      notify.error(TEXTS.sessionExpired);
    },
  });
  const store = createHostStore({ auth: readStoredSession(), listener });
  return store;
}

export function mountStandalone(options: StandaloneOptions, container: HTMLElement | null = document.getElementById('root')) {
  if (!container) throw new Error('mountStandalone: no #root element in index.html');
  document.title = `${options.title} · RoomNest`;
  const store = createStandaloneStore();
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <StandaloneFrame {...options} />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
  return store;
}
