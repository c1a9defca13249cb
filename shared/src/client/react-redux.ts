/**
 * The react-redux every module gets: what the shell provides as the
 * shared singleton `react-redux`, and what a remote falls back to when no host
 * provides it (`clientSurfaces` in shared/vite/federation.ts). Apps keep
 * importing from 'react-redux'.
 *
 * All of react-redux but `connect` (and `legacy_connect`), the class-component
 * API that is most of the package's size (5.0 against 2.2 KiB compressed);
 * the apps use hooks. A contract like the action types in contract.ts: only
 * ever ADD names, and release the shell before a remote that needs a new one.
 * The build of every module fails if its code imports a name not listed here.
 *
 * Plain `export … from` statements only: the build reads the names from this
 * file.
 */
export {
  Provider,
  ReactReduxContext,
  batch,
  createDispatchHook,
  createSelectorHook,
  createStoreHook,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from 'react-redux';
