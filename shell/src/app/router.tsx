/**
 * The data router, built from the route table. A data router lets non-React
 * code (the store's listeners) navigate with `router.navigate`.
 */
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router-dom';
import { RouteGuard } from '../features/guards/RouteGuard.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RouteErrorPage } from '../features/not-found/RouteErrorPage.tsx';
import { PageLoading, RemotePage } from '../features/remotes/RemotePage.tsx';
import { AppLayout } from './AppLayout.tsx';
import { ROUTE_TABLE, type RouteEntry, type ShellPage } from './route-table.ts';

/**
 * The shell's own screens. Login and register (forms, schemas) load as their
 * own chunks when first visited, so other pages do not pay for them; the data
 * router fetches the chunk before it commits the navigation. When a page load
 * opens one of them, the frame renders at once with the loading state in its
 * place until the chunk has arrived (`HydrateFallback`: without one the router
 * renders nothing and warns).
 */
const lazyPage = (lazy: NonNullable<RouteObject['lazy']>): Pick<RouteObject, 'lazy' | 'HydrateFallback'> => ({ lazy, HydrateFallback: PageLoading });
const SHELL_PAGES: Record<ShellPage, Pick<RouteObject, 'element' | 'lazy' | 'HydrateFallback'>> = {
  LoginPage: lazyPage(async () => ({ Component: (await import('../features/auth/LoginPage.tsx')).LoginPage })),
  RegisterPage: lazyPage(async () => ({ Component: (await import('../features/auth/RegisterPage.tsx')).RegisterPage })),
  ForgotPasswordPage: lazyPage(async () => ({ Component: (await import('../features/auth/ForgotPasswordPage.tsx')).ForgotPasswordPage })),
  ResetPasswordPage: lazyPage(async () => ({ Component: (await import('../features/auth/ResetPasswordPage.tsx')).ResetPasswordPage })),
  VerifyEmailPage: lazyPage(async () => ({ Component: (await import('../features/auth/VerifyEmailPage.tsx')).VerifyEmailPage })),
  NotFoundPage: { element: <NotFoundPage /> },
};

/** A remote page keyed by pathname: each page gets its own boundary, so an error never carries over. */
function RemoteRoute({ remote, module }: { remote: string; module: string }) {
  const { pathname } = useLocation();
  return <RemotePage key={pathname} remote={remote} module={module} />;
}

/**
 * A redirect of the route table: it replaces itself in the history and passes on the query, the hash and the
 * router state, so /signup still knows the room a visitor was contacting when it becomes /register.
 */
function Redirect({ to }: { to: string }) {
  const { search, hash, state } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} state={state} replace />;
}

function route(entry: RouteEntry): RouteObject {
  if ('shell' in entry) return { path: entry.path, ...SHELL_PAGES[entry.shell] };
  if ('redirect' in entry) return { path: entry.path, element: <Redirect to={entry.redirect} /> };
  const page = <RemoteRoute remote={entry.remote} module={entry.module} />;
  return { path: entry.path, element: entry.guard === 'public' ? page : <RouteGuard guard={entry.guard}>{page}</RouteGuard> };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: ROUTE_TABLE.map(route),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
