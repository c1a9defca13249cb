import { NEWSLETTER_PAGES, NEWSLETTER_TEXTS, ROUTES } from '@roomnest/shared';
import { errorMessage, withHostApi } from '@roomnest/shared/client';
import { Alert, Button, Card, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useConfirmSubscriptionMutation, useUnsubscribeMutation } from '../../api/content-api.ts';
import type { ContentPageProps } from '../pages/lazy-page.tsx';
import s from './newsletter-link.module.css';

const PAGES = {
  [NEWSLETTER_PAGES.confirm]: {
    title: 'Confirm your subscription',
    intro: 'Confirm that you want the RoomNest newsletter: product updates, rent trends and renting guides, about once a month.',
    action: 'Confirm my subscription',
    busy: 'Confirming…',
  },
  [NEWSLETTER_PAGES.unsubscribe]: {
    title: 'Unsubscribe from the newsletter',
    intro: 'Stop the RoomNest newsletter at the address this link was sent to. You can sign up again at any time.',
    action: 'Unsubscribe',
    busy: 'Unsubscribing…',
  },
} as const;

type Outcome = { tone: 'success' | 'error'; message: string };

/**
 * The two pages the newsletter's emails link to, `?token=…`: /news/confirm-subscription and /news/unsubscribe.
 * Nothing happens until the button is pressed (a mail scanner that opens the link confirms or unsubscribes
 * nothing); then the page shows the server's answer: done, already used, or an invalid or expired link.
 */
function NewsletterLinkPage(_props: ContentPageProps) {
  const headingRef = usePageFocus();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const page = PAGES[pathname.replace(/\/+$/, '') === NEWSLETTER_PAGES.unsubscribe ? NEWSLETTER_PAGES.unsubscribe : NEWSLETTER_PAGES.confirm];
  const [confirm, confirming] = useConfirmSubscriptionMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeMutation();
  const isUnsubscribe = page === PAGES[NEWSLETTER_PAGES.unsubscribe];
  const busy = confirming.isLoading || unsubscribing.isLoading;
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { tone: 'error', message: NEWSLETTER_TEXTS.linkIncomplete });

  const act = async () => {
    setOutcome(null);
    try {
      const answer = await (isUnsubscribe ? unsubscribe({ Token: token }) : confirm({ Token: token })).unwrap();
      setOutcome({ tone: 'success', message: answer?.message?.trim() || (isUnsubscribe ? NEWSLETTER_TEXTS.unsubscribed : NEWSLETTER_TEXTS.confirmed) });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error, NEWSLETTER_TEXTS.linkFailed) });
    }
  };

  const done = outcome?.tone === 'success' || !token;
  return (
    <Page title={page.title}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title={page.title} subtitle={page.intro} />
        {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
        {done ? null : (
          <Button type="button" variant={isUnsubscribe ? 'secondary' : undefined} disabled={busy} aria-busy={busy} onClick={() => void act()}>
            {busy ? page.busy : page.action}
          </Button>
        )}
        <p className={s.back}>
          <Link to={ROUTES.news}>Back to the news</Link>
        </p>
      </Card>
    </Page>
  );
}

export default withHostApi(NewsletterLinkPage);
