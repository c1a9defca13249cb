import { ButtonLink, Card, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import s from '../not-found/not-found.module.css';

/**
 * What a signed-in person sees on a page their role does not open (/moderation without the moderator role): the
 * reason, in place of the page, at the same address. The remote is never loaded for them.
 */
export function RefusedPage({ title, text }: { title: string; text: string }) {
  const headingRef = usePageFocus();
  return (
    <Page title={title} className={s.page}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title={title} subtitle={text} />
        <ButtonLink to="/">Go to the homepage</ButtonLink>
      </Card>
    </Page>
  );
}
