/**
 * The react-router every module gets: what the shell provides as the
 * shared singletons `react-router-dom` and `react-router`, and what a remote
 * falls back to when no host provides them (`clientSurfaces` in
 * shared/vite/federation.ts). Apps keep importing from 'react-router-dom'.
 *
 * A shared singleton is never tree-shaken: any module may ask for any export.
 * The whole package is about 57 KiB compressed, most of it framework-mode
 * server code a browser app never runs (cookies, sessions, request handlers,
 * static and server routers, RSC, hydration); this client surface is about
 * 33 KiB. It is wider than what the apps use today (declarative and data
 * routers, every hook and helper of the client API), so a remote may start
 * using more of the router without a new shell.
 *
 * A contract like the action types in contract.ts: only ever ADD names, and
 * release the shell before a remote that needs a new one (an older shell
 * provides the older list; a remote built against a newer list would get
 * `undefined` from it). The build of every module fails if its code imports a
 * name from react-router-dom that is not listed here.
 *
 * Plain `export … from` statements only: the build reads the names from this
 * file.
 */
export {
  Await,
  BrowserRouter,
  Form,
  HashRouter,
  IDLE_BLOCKER,
  IDLE_FETCHER,
  IDLE_NAVIGATION,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  NavigationType,
  Outlet,
  Route,
  Router,
  Routes,
  ScrollRestoration,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
  UNSAFE_createBrowserHistory,
  UNSAFE_createHashHistory,
  UNSAFE_createMemoryHistory,
  UNSAFE_createRouter,
  createBrowserRouter,
  createContext,
  createHashRouter,
  createMemoryRouter,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  data,
  generatePath,
  href,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  redirect,
  redirectDocument,
  renderMatches,
  replace,
  resolvePath,
  unstable_HistoryRouter,
  unstable_usePrompt,
  unstable_useRoute,
  unstable_useRouterState,
  useActionData,
  useAsyncError,
  useAsyncValue,
  useBeforeUnload,
  useBlocker,
  useFetcher,
  useFetchers,
  useFormAction,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useRoutes,
  useSearchParams,
  useSubmit,
  useViewTransitionState,
} from 'react-router';
// react-router-dom's RouterProvider: the data router's, with react-dom's flushSync.
export { RouterProvider } from 'react-router/dom';
