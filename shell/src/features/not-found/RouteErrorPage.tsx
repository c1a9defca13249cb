import { ButtonLink, Card, Page, PageHeader } from '@roomnest/shared/ui';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import s from './not-found.module.css';

/**
 * The last line of defence: an error outside every remote boundary (the
 * shell's own screens). Remote pages have their own boundary with Retry.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[shell] a page failed to render:', error);
  }, [error]);
  return (
    <Page title="Something went wrong" className={s.page}>
      <Card className={s.card}>
        <PageHeader title="Something went wrong" subtitle="Sorry, this page could not be shown. Please try again." />
        <ButtonLink to="/" reloadDocument>
          Go to the homepage
        </ButtonLink>
      </Card>
    </Page>
  );
}
