/**
 * The data router, built from the route table. A data router lets non-React
 * code (the store's listeners) navigate with `router.navigate`.
 */
import { createBrowserRouter, useLocation, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { RouteGuard } from '../features/guards/RouteGuard.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RouteErrorPage } from '../features/not-found/RouteErrorPage.tsx';
import { RemotePage } from '../features/remotes/RemotePage.tsx';
import { AppLayout } from './AppLayout.tsx';
import { ROUTE_TABLE, type RouteEntry, type ShellPage } from './route-table.ts';

const SHELL_PAGES: Record<ShellPage, () => React.JSX.Element> = {
  LoginPage,
  RegisterPage,
  NotFoundPage,
};

/** A remote page keyed by pathname: each page gets its own boundary, so an error never carries over. */
function RemoteRoute({ remote, module }: { remote: string; module: string }) {
  const { pathname } = useLocation();
  return <RemotePage key={pathname} remote={remote} module={module} />;
}

function element(entry: RouteEntry) {
  const page =
    'shell' in entry ? (
      (() => {
        const Page = SHELL_PAGES[entry.shell];
        return <Page />;
      })()
    ) : (
      <RemoteRoute remote={entry.remote} module={entry.module} />
    );
  return entry.guard === 'public' ? page : <RouteGuard guard={entry.guard}>{page}</RouteGuard>;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: ROUTE_TABLE.map((entry) => ({ path: entry.path, element: element(entry) })),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
