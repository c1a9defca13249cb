import { NEWSLETTER_PAGES, NEWSLETTER_TEXTS, ROUTES } from '@roomnest/shared';
import { withHostApi } from '@roomnest/shared/client';
import { useLocation } from 'react-router-dom';
import { useConfirmSubscriptionMutation, useUnsubscribeMutation } from '../../api/content-api.ts';
import { EmailLinkPage } from '../pages/EmailLinkPage.tsx';
import type { ContentPageProps } from '../pages/lazy-page.tsx';

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

/**
 * The two pages the newsletter's emails link to, `?token=…`: /news/confirm-subscription and /news/unsubscribe.
 * Nothing happens until the button is pressed; then the page shows the server's answer: done, already used, or an
 * invalid or expired link.
 */
function NewsletterLinkPage(_props: ContentPageProps) {
  const { pathname } = useLocation();
  const isUnsubscribe = pathname.replace(/\/+$/, '') === NEWSLETTER_PAGES.unsubscribe;
  const page = PAGES[isUnsubscribe ? NEWSLETTER_PAGES.unsubscribe : NEWSLETTER_PAGES.confirm];
  const [confirm, confirming] = useConfirmSubscriptionMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeMutation();
  return (
    <EmailLinkPage
      title={page.title}
      intro={() => page.intro}
      action={page.action}
      busyLabel={page.busy}
      run={(token) => (isUnsubscribe ? unsubscribe({ Token: token }) : confirm({ Token: token })).unwrap()}
      busy={confirming.isLoading || unsubscribing.isLoading}
      succeeded={isUnsubscribe ? NEWSLETTER_TEXTS.unsubscribed : NEWSLETTER_TEXTS.confirmed}
      failed={NEWSLETTER_TEXTS.linkFailed}
      noToken={NEWSLETTER_TEXTS.linkIncomplete}
      link={{ to: ROUTES.news, label: 'Back to the news' }}
      {...(isUnsubscribe ? { buttonVariant: 'secondary' as const } : {})}
    />
  );
}

export default withHostApi(NewsletterLinkPage);
