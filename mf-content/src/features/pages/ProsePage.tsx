import { Page, PageHeader } from '@roomnest/shared/ui';
import type { ReactNode } from 'react';
import s from './prose.module.css';

/** The frame of a static content page: title, lead and readable body text. */
export function ProsePage({ title, heading, lead, children }: { title: string; heading?: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Page title={title}>
      <PageHeader title={heading ?? title} subtitle={lead} />
      <div className={s.prose}>{children}</div>
    </Page>
  );
}
