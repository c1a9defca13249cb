/**
 * The boundary around every remote page: Suspense with a loading state, a
 * load timeout, and an error boundary (load failures and render errors alike)
 * whose error view offers Retry. React.lazy keeps a failed import forever, so
 * Retry makes a new lazy component and asks the runtime for a fresh load.
 */
import { TEXTS } from '@roomnest/shared';
import { Button, LoadingState, StatusMessage } from '@roomnest/shared/ui';
import { Component, lazy, Suspense, useCallback, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { reportRemoteFailure, type RemoteFailureKind } from './diagnostics.ts';
import { loadRemotePage } from './load-remote.ts';
import { remoteVersion } from './registry.ts';
import { RemoteTimeoutError, remoteLoadTimeoutMs, withTimeout } from './timeout.ts';
import s from './remote-page.module.css';

/** Pages that have loaded once: later visits render them at once, without a loading flash. */
const loadedPages = new Map<string, ComponentType>();

/** For tests. */
export function forgetLoadedPages() {
  loadedPages.clear();
  pendingPages.clear();
  failedRemotes.clear();
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
  onRetry: () => void;
  children: ReactNode;
}

/** True for a remote boundary: it reports its own errors (see main.tsx's onCaughtError). */
export function isRemoteBoundary(boundary: unknown): boolean {
  return boundary instanceof RemoteErrorBoundary;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    const { remote, module } = this.props;
    const kind = error instanceof RemoteLoadError ? error.kind : 'render';
    reportRemoteFailure({ remote, module, version: remoteVersion(remote), kind, error: error instanceof RemoteLoadError ? error.cause : error });
  }

  retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={s.errorView} role="alert">
        <StatusMessage title={TEXTS.remoteUnavailable} action={<Button onClick={this.retry}>{TEXTS.retry}</Button>} />
      </div>
    );
  }
}

export interface RemotePageProps {
  remote: string;
  module: string;
}

/** The lazy component of a load under way, shared by every render that asks (StrictMode renders twice). */
const pendingPages = new Map<string, ComponentType>();
/** Remotes whose last load failed: their next load asks the runtime to start afresh. */
const failedRemotes = new Set<string>();

/**
 * The page component: the loaded page if it has loaded before, else the lazy
 * component of the load under way, else a new lazy component. A failed lazy
 * is never handed out again, and `retry` always makes a new one.
 */
function pageFor(remote: string, module: string, retry: boolean): ComponentType {
  const id = `${remote}/${module}`;
  const ready = loadedPages.get(id);
  if (ready) return ready;
  const pending = pendingPages.get(id);
  if (pending && !retry) return pending;
  const Page = lazy(async () => {
    const fresh = retry || failedRemotes.has(remote);
    failedRemotes.delete(remote);
    try {
      const loaded = await withTimeout(loadRemotePage(remote, module, { fresh }), remoteLoadTimeoutMs(), id);
      loadedPages.set(id, loaded.default);
      return loaded;
    } catch (error) {
      failedRemotes.add(remote);
      throw new RemoteLoadError(error instanceof RemoteTimeoutError ? 'timeout' : 'load', error);
    } finally {
      if (pendingPages.get(id) === Page) pendingPages.delete(id);
    }
  });
  pendingPages.set(id, Page);
  return Page;
}

/** One remote page inside its boundary. Give it a `key` per route so errors stay on their route. */
export function RemotePage({ remote, module }: RemotePageProps) {
  const [Page, setPage] = useState(() => pageFor(remote, module, false));
  const retry = useCallback(() => setPage(() => pageFor(remote, module, true)), [remote, module]);

  return (
    <RemoteErrorBoundary remote={remote} module={module} onRetry={retry}>
      <Suspense fallback={<LoadingState label={TEXTS.remoteLoading} />}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
