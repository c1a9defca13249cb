import { EMAIL_SETTINGS_PATH, UNSUBSCRIBE_TEXTS } from '@roomnest/shared';
import { withHostApi } from '@roomnest/shared/client';
import { useStopNotificationEmailsMutation } from '../../api/content-api.ts';
import { EmailLinkPage } from '../pages/EmailLinkPage.tsx';
import type { ContentPageProps } from '../pages/lazy-page.tsx';

/** What the token names, read from its visible prefix (`search.<id>.…` or `messages.<id>.…`); the server checks the signature. */
function explanation(token: string): string {
  if (token.startsWith('messages.')) return UNSUBSCRIBE_TEXTS.explainMessages;
  if (token.startsWith('search.')) return UNSUBSCRIBE_TEXTS.explainSearch;
  return UNSUBSCRIBE_TEXTS.explainOther;
}

/**
 * The page a notification email's footer links to, `/email/unsubscribe?token=…`: it says what will stop, and
 * nothing changes until the button is pressed (a mail scanner opening the link turns nothing off). The button POSTs
 * the token to the one-click address (no login needed); the page then shows the server's sentence and a link to the
 * email settings, where everything can be turned back on.
 */
function EmailUnsubscribePage(_props: ContentPageProps) {
  const [stop, stopping] = useStopNotificationEmailsMutation();
  return (
    <EmailLinkPage
      title={UNSUBSCRIBE_TEXTS.pageTitle}
      intro={(token) => (token ? explanation(token) : undefined)}
      action={UNSUBSCRIBE_TEXTS.confirm}
      busyLabel={UNSUBSCRIBE_TEXTS.working}
      run={(token) => stop(token).unwrap()}
      busy={stopping.isLoading}
      succeeded={UNSUBSCRIBE_TEXTS.done}
      failed={UNSUBSCRIBE_TEXTS.invalidToken}
      noToken={UNSUBSCRIBE_TEXTS.missingToken}
      link={{ to: EMAIL_SETTINGS_PATH, label: UNSUBSCRIBE_TEXTS.settingsLink }}
    />
  );
}

export default withHostApi(EmailUnsubscribePage);
