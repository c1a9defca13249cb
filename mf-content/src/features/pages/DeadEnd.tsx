import { Page, usePageFocus } from '@roomnest/shared/ui';
import type { ReactNode } from 'react';
import s from './dead-end.module.css';

/**
 * A page that has nothing to show at its address (an unknown post, article,
 * category or path) or could not load: a main heading, a sentence and a way on.
 */
export function DeadEnd({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  const headingRef = usePageFocus();
  return (
    <Page title={title}>
      <div className={s.card}>
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        <p>{children}</p>
        <div className={s.actions}>{action}</div>
      </div>
    </Page>
  );
}
