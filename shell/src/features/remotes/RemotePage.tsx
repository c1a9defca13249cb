/**
 * The boundary around every remote page: a loading state, a load timeout, and
 * an error boundary (load failures and render errors alike) whose error view
 * offers Retry; the loaded page renders inside Suspense, for a remote that
 * suspends itself.
 *
 * The load is an explicit promise per attempt, not React.lazy: a lazy
 * component keeps a failed import forever (Retry would need a new one), and a
 * Suspense fallback holds the page back for React's 300 ms reveal throttle,
 * a timer that never fires under a paused test clock. Here every attempt
 * after a failure is a new load, and the page shows the moment it arrives.
 */
import { TEXTS } from '@roomnest/shared';
import { Button, LoadingState, StatusMessage } from '@roomnest/shared/ui';
import { Component, createElement, Suspense, useCallback, useContext, useEffect, useState, type ComponentType, type ContextType, type ErrorInfo, type ReactNode } from 'react';
import { ReactReduxContext } from 'react-redux';
import { useLocation } from 'react-router-dom';
import { reportRemoteFailure, type RemoteFailureKind } from './diagnostics.ts';
import { loadRemotePage } from './load-remote.ts';
import { reportRemoteLoad } from './load-reports.ts';
import { reloadRegistry, remoteCohort, remoteVersion } from './registry.ts';
import { RemoteTimeoutError, remoteLoadTimeoutMs, withTimeout } from './timeout.ts';
import s from './remote-page.module.css';

/** Pages that have loaded: later visits render them at once. */
const loadedPages = new Map<string, ComponentType>();
/** The load under way for a page, shared by every render that asks (StrictMode mounts twice). */
const inflight = new Map<string, Promise<ComponentType>>();
/** Remotes whose last load failed: their next load asks the runtime to start afresh. */
const failedRemotes = new Set<string>();

/** For tests. */
export function forgetLoadedPages() {
  loadedPages.clear();
  inflight.clear();
  failedRemotes.clear();
}

/** Drops the loaded pages of a remote whose live version changed: their next visit loads the new one. */
function forgetPagesOf(remote: string) {
  for (const id of loadedPages.keys()) if (id.startsWith(`${remote}/`)) loadedPages.delete(id);
}

class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly kind: Exclude<RemoteFailureKind, 'render'>,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

interface BoundaryProps {
  remote: string;
  module: string;
  /** The page's pathname, for the failure report. */
  path: string;
  /** Gets the page ready to try again (remotes.json read again); the boundary then renders it. */
  onRetry: () => Promise<void>;
  children: ReactNode;
}

/** True for a remote boundary: it reports its own errors (see main.tsx's onCaughtError). */
export function isRemoteBoundary(boundary: unknown): boolean {
  return boundary instanceof RemoteErrorBoundary;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean; retrying: boolean }> {
  /** The store, for the failure report (sent through the shell's RTK Query api). */
  static override contextType = ReactReduxContext;
  declare context: ContextType<typeof ReactReduxContext>;
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const { remote, module, path } = this.props;
    const kind = error instanceof RemoteLoadError ? error.kind : 'render';
    reportRemoteFailure({ remote, module, version: remoteVersion(remote), kind, error: error instanceof RemoteLoadError ? error.cause : error, path }, this.context!.store.dispatch);
  }

  retry = async () => {
    // A second press while remotes.json is read again does nothing (the button keeps its focus).
    if (this.state.retrying) return;
    this.setState({ retrying: true });
    try {
      await this.props.onRetry();
    } finally {
      this.setState({ failed: false, retrying: false });
    }
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={s.errorView} role="alert">
        <StatusMessage title={TEXTS.remoteUnavailable} action={
            <Button onClick={() => void this.retry()} aria-busy={this.state.retrying}>
              {TEXTS.retry}
            </Button>
          } />
      </div>
    );
  }
}

/**
 * Loads a page: the load under way if there is one, else a new load. A retry
 * always starts a new load; a load after a failure also drops the runtime's
 * cache of that remote. A failed promise is never handed out again.
 */
function loadPage(remote: string, module: string, retry: boolean): Promise<ComponentType> {
  const id = `${remote}/${module}`;
  const under = inflight.get(id);
  if (under && !retry) return under;
  const fresh = retry || failedRemotes.has(remote);
  failedRemotes.delete(remote);
  const load = (async () => {
    try {
      const loaded = await withTimeout(loadRemotePage(remote, module, { fresh }), remoteLoadTimeoutMs(), id);
      loadedPages.set(id, loaded.default);
      return loaded.default;
    } catch (error) {
      failedRemotes.add(remote);
      throw new RemoteLoadError(error instanceof RemoteTimeoutError ? 'timeout' : 'load', error);
    }
  })();
  inflight.set(id, load);
  const settle = () => {
    if (inflight.get(id) === load) inflight.delete(id);
  };
  load.then(settle, settle);
  return load;
}

/**
 * Starts loading a page before it is shown (intent-prefetch.ts): the
 * navigation that follows renders it from `loadedPages` or waits for the same
 * load. A failure stays silent here; the navigation starts afresh and reports.
 */
export function prefetchRemotePage(remote: string, module: string): void {
  const id = `${remote}/${module}`;
  if (loadedPages.has(id) || inflight.has(id)) return;
  loadPage(remote, module, false).catch(() => undefined);
}

/**
 * Reports the page beside it as loaded (load-reports.ts) once it has rendered: an effect runs only when its tree
 * committed, so a page that threw while rendering (the boundary's error view instead) or is still suspended is
 * never counted as a load.
 */
function LoadReported({ remote, module }: { remote: string; module: string }): null {
  const redux = useContext(ReactReduxContext);
  useEffect(() => {
    if (redux) reportRemoteLoad({ remote, module, version: remoteVersion(remote), cohort: remoteCohort(remote) }, redux.store.dispatch);
  }, [redux, remote, module]);
  return null;
}

/** Hands a load failure to the error boundary. */
function Rethrow({ error }: { error: unknown }): ReactNode {
  throw error;
}

/** A page's loading state; it fades in only when the load takes a moment. Also the shell's own lazy pages' (router.tsx). */
export function PageLoading() {
  return (
    <div className={s.loading}>
      <LoadingState label={TEXTS.remoteLoading} />
    </div>
  );
}

export interface RemotePageProps {
  remote: string;
  module: string;
}

interface Outcome {
  attempt: number;
  page?: ComponentType;
  error?: unknown;
}

/** One remote page inside its boundary. Give it a `key` per route so errors stay on their route. */
export function RemotePage({ remote, module }: RemotePageProps) {
  const id = `${remote}/${module}`;
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let current = true;
    // A page loaded ahead (intent-prefetch.ts) may have arrived after this render showed the
    // loading state, with nothing left to wake it: take it from `loadedPages` then.
    const loaded = loadedPages.get(id);
    (loaded ? Promise.resolve(loaded) : loadPage(remote, module, attempt > 0)).then(
      (page) => current && setOutcome({ attempt, page }),
      (error: unknown) => current && setOutcome({ attempt, error }),
    );
    return () => {
      current = false;
    };
  }, [id, remote, module, attempt]);

  // Retry reads remotes.json again: a remote released or rolled back since is loaded afresh (the version now
  // live). A page that loaded and then failed to render, its version unchanged, only needs rendering again.
  const retry = useCallback(async () => {
    const changed = await reloadRegistry();
    if (changed.has(remote)) forgetPagesOf(remote);
    if (!loadedPages.has(id)) setAttempt((n) => n + 1);
  }, [id, remote]);

  const settled = outcome?.attempt === attempt ? outcome : null;
  const page = loadedPages.get(id) ?? settled?.page;
  let content: ReactNode;
  if (page)
    content = (
      <Suspense fallback={<PageLoading />}>
        {createElement(page)}
        <LoadReported remote={remote} module={module} />
      </Suspense>
    );
  else if (settled && 'error' in settled) content = <Rethrow error={settled.error} />;
  else content = <PageLoading />;

  return (
    <RemoteErrorBoundary remote={remote} module={module} path={pathname} onRetry={retry}>
      {content}
    </RemoteErrorBoundary>
  );
}
