import { TOAST } from '@roomnest/shared';
import { selectCurrentUser, selectIsLoggedIn, type HostState } from '@roomnest/shared/client';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { VerifyEmailBanner } from '../features/auth/VerifyEmailBanner.tsx';
import { Footer } from '../features/layout/Footer.tsx';
import { startIntentPrefetch } from '../features/remotes/intent-prefetch.ts';
import { prefetchRemotePage } from '../features/remotes/RemotePage.tsx';
import { NavBar } from '../features/layout/NavBar.tsx';
import { usePageMeta } from '../features/page-meta/use-page-meta.ts';
import { useMessageStream } from '../features/unread/use-message-stream.ts';
import { useUnreadPolling } from '../features/unread/use-unread-polling.ts';
import s from './app-layout.module.css';
import { remoteRoutes } from './route-table.ts';
import { ScrollRestorer } from './scroll-restoration.tsx';
import { startToastPausing } from './toast-pausing.ts';
import toastStyles from './toasts.module.css';

const REMOTE_ROUTES = remoteRoutes();

/** The frame around every page: skip link, navigation, the reminder to confirm one's email, main area, footer, the one toast container (toasts pause under the pointer, with focus, and while the window is hidden or unfocused), scroll restoration. */
export function AppLayout() {
  useUnreadPolling();
  useMessageStream();
  usePageMeta();
  const store = useStore<HostState>();
  // A remote page starts loading when a link to it is pointed at, focused or touched.
  useEffect(
    () =>
      startIntentPrefetch(document, {
        routes: REMOTE_ROUTES,
        prefetch: prefetchRemotePage,
        loggedIn: () => selectIsLoggedIn(store.getState()),
        hasRole: (role) => (selectCurrentUser(store.getState())?.roles ?? []).some((held) => held === role),
      }),
    [store],
  );
  useEffect(() => startToastPausing(document), []);
  return (
    <div className={s.app}>
      <a href="#main-content" className={s.skipLink}>
        Skip to content
      </a>
      <NavBar />
      <VerifyEmailBanner />
      <main id="main-content" className={s.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ToastContainer
        className={toastStyles.toasts}
        position={TOAST.position}
        autoClose={TOAST.appDurationMs}
        limit={TOAST.limit}
        newestOnTop={false}
        pauseOnHover
        pauseOnFocusLoss
      />
      <ScrollRestorer />
    </div>
  );
}
