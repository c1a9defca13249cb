/**
 * Loads a content page's own chunk the first time it is shown, so that
 * `./ContentPage` itself stays small (the registry and this loader) and no
 * page pays for another page's text, forms or data.
 *
 * An explicit promise per attempt rather than React.lazy, for the same
 * reasons as the shell's remote boundary: a lazy component keeps a failed
 * import forever, and a Suspense fallback holds a page back for React's
 * 300 ms reveal throttle. A page that has loaded renders at once on every
 * later visit; a failed load offers Retry, which starts a new load.
 */
import { Button, LoadingState } from '@roomnest/shared/ui';
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { DeadEnd } from './DeadEnd.tsx';
import s from './lazy-page.module.css';

/** What a page receives: the parameters of its route pattern ('/blog/:slug' gives `{ slug }`). */
export interface ContentPageProps {
  params: Readonly<Record<string, string>>;
}
export type ContentPageComponent = ComponentType<ContentPageProps>;
export type PageLoader = () => Promise<{ default: ContentPageComponent }>;

const loaded = new Map<PageLoader, ContentPageComponent>();
const inflight = new Map<PageLoader, Promise<ContentPageComponent>>();

/** The page's load: the one under way, or a new one. A failed load is never handed out again. */
function loadPage(load: PageLoader): Promise<ContentPageComponent> {
  const under = inflight.get(load);
  if (under) return under;
  const attempt = load().then((module) => {
    loaded.set(load, module.default);
    return module.default;
  });
  inflight.set(load, attempt);
  const settle = () => inflight.delete(load);
  attempt.then(settle, settle);
  return attempt;
}

/** For tests: forget every loaded page. */
export function forgetLoadedPages() {
  loaded.clear();
  inflight.clear();
}

interface Outcome {
  attempt: number;
  page?: ContentPageComponent;
  failed?: boolean;
}

/** Shows the page `load` brings, with a quiet loading state and a Retry on failure. Key it by path. */
export function LazyPage({ load, params }: { load: PageLoader; params: ContentPageProps['params'] }) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (loaded.has(load)) return;
    let current = true;
    loadPage(load).then(
      (page) => current && setOutcome({ attempt, page }),
      () => current && setOutcome({ attempt, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const settled = outcome?.attempt === attempt ? outcome : null;
  const page = loaded.get(load) ?? settled?.page;
  if (page) return createElement(page, { params });
  if (settled?.failed) {
    return (
      <DeadEnd title="This page could not be loaded" action={<Button onClick={() => setAttempt((n) => n + 1)}>Retry</Button>}>
        Please check your connection and try again.
      </DeadEnd>
    );
  }
  return (
    <div className={s.loading}>
      <LoadingState />
    </div>
  );
}
