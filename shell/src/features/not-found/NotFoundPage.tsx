import { TEXTS } from '@roomnest/shared';
import { ButtonLink, Card, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import s from './not-found.module.css';

/** Any path the route table does not know (docs/product.md, Routes and guards). */
export function NotFoundPage() {
  const headingRef = usePageFocus();
  return (
    <Page title="Page not found" className={s.page}>
      <Card className={s.card}>
        <p className={s.code} aria-hidden="true">
          404
        </p>
        <PageHeader headingRef={headingRef} title="Page not found" subtitle={TEXTS.notFound} />
        <ButtonLink to="/">Go to the homepage</ButtonLink>
      </Card>
    </Page>
  );
}
