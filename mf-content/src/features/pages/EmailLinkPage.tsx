/**
 * A page an email's link opens with `?token=…` to do one thing (confirm or stop the newsletter, stop a
 * notification): it says what will happen, and nothing changes until the button is pressed (a mail scanner
 * that opens the link does nothing). Then it shows the server's sentence, or a fallback when the server gives
 * none, and a link onwards.
 */
import { errorMessage } from '@roomnest/shared/client';
import { Alert, Button, Card, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import s from './email-link-page.module.css';

export interface EmailLinkPageProps {
  title: string;
  /** What pressing the button will do, for this token ('' when the address has none). */
  intro: (token: string) => string | undefined;
  action: string;
  busyLabel: string;
  /** The call the button makes with the token; answers the server's `{ message }`. */
  run: (token: string) => Promise<{ message?: string } | undefined>;
  busy: boolean;
  /** Said when the call succeeds without a sentence of its own, or fails without one. */
  succeeded: string;
  failed: string;
  /** Said when the address has no token. */
  noToken: string;
  link: { to: string; label: string };
  buttonVariant?: 'secondary';
}

type Outcome = { tone: 'success' | 'error'; message: string };

export function EmailLinkPage({ title, intro, action, busyLabel, run, busy, succeeded, failed, noToken, link, buttonVariant }: EmailLinkPageProps) {
  const headingRef = usePageFocus();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { tone: 'error', message: noToken });

  const act = async () => {
    setOutcome(null);
    try {
      const answer = await run(token);
      setOutcome({ tone: 'success', message: answer?.message?.trim() || succeeded });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error, failed) });
    }
  };

  const done = outcome?.tone === 'success' || !token;
  return (
    <Page title={title}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title={title} subtitle={intro(token)} />
        {outcome ? <Alert tone={outcome.tone}>{outcome.message}</Alert> : null}
        {done ? null : (
          <Button type="button" variant={buttonVariant} disabled={busy} aria-busy={busy} onClick={() => void act()}>
            {busy ? busyLabel : action}
          </Button>
        )}
        <p className={s.onwards}>
          <Link to={link.to}>{link.label}</Link>
        </p>
      </Card>
    </Page>
  );
}
