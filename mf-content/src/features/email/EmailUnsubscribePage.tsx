import { EMAIL_SETTINGS_PATH, UNSUBSCRIBE_TEXTS } from '@roomnest/shared';
import { errorMessage, withHostApi } from '@roomnest/shared/client';
import { Alert, Button, Card, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useStopNotificationEmailsMutation } from '../../api/content-api.ts';
import type { ContentPageProps } from '../pages/lazy-page.tsx';
import s from './email-unsubscribe.module.css';

type Outcome = { tone: 'success' | 'error'; message: string };

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
  const headingRef = usePageFocus();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [stop, stopping] = useStopNotificationEmailsMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { tone: 'error', message: UNSUBSCRIBE_TEXTS.missingToken });

  const act = async () => {
    setOutcome(null);
    try {
      const answer = await stop(token).unwrap();
      setOutcome({ tone: 'success', message: answer.message });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error, UNSUBSCRIBE_TEXTS.invalidToken) });
    }
  };

  const done = outcome?.tone === 'success' || !token;
  return (
    <Page title={UNSUBSCRIBE_TEXTS.pageTitle}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title={UNSUBSCRIBE_TEXTS.pageTitle} subtitle={token ? explanation(token) : undefined} />
        {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
        {done ? null : (
          <Button type="button" disabled={stopping.isLoading} aria-busy={stopping.isLoading} onClick={() => void act()}>
            {stopping.isLoading ? UNSUBSCRIBE_TEXTS.working : UNSUBSCRIBE_TEXTS.confirm}
          </Button>
        )}
        <p className={s.settings}>
          <Link to={EMAIL_SETTINGS_PATH}>{UNSUBSCRIBE_TEXTS.settingsLink}</Link>
        </p>
      </Card>
    </Page>
  );
}

export default withHostApi(EmailUnsubscribePage);
