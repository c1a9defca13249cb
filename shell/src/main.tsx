/**
 * Bootstrap: global styles, the router, the store (with the session restored
 * from storage), the runtime module registry, and the first render. The
 * registry loads in parallel: the frame, /login, /register and the 404 page
 * never wait for it, and remote pages show their loading state meanwhile.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the one global stylesheet
import '@roomnest/shared/global.css';
// oxlint-disable-next-line import/no-unassigned-import -- react-toastify's own styles
import 'react-toastify/ReactToastify.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router.tsx';
import { createAppStore } from './app/store.ts';
import { startSessionSync } from './features/auth/session-sync.ts';
import { publishVersions } from './features/remotes/diagnostics.ts';
import { loadRegistry } from './features/remotes/registry.ts';
import { isRemoteBoundary } from './features/remotes/RemotePage.tsx';

publishVersions({});
loadRegistry().catch(() => {
  // Already logged by the registry; remote pages show their error view with Retry.
});

const router = createAppRouter();
const store = createAppStore({ storage: window.localStorage, router });
startSessionSync(store);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root, {
  // A remote boundary logs one line with the remote's name and version itself.
  onCaughtError: (error, info) => {
    if (!isRemoteBoundary(info.errorBoundary)) console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
