/**
 * /verify-email?token=…: the page the verification email's link opens. It sends the token once, then says the
 * address is confirmed (updating the stored user when the person logged in here is the one the link is for, which
 * other tabs follow through the session sync) or why not, with a way on: a logged-in person whose link failed may
 * ask for a new one here; anyone else is pointed to log in.
 */
import { ROUTES, VERIFY_TEXTS } from '@roomnest/shared';
import { currentUserUpdated, errorMessage, selectCurrentUser, useHostDispatch, useHostSelector } from '@roomnest/shared/client';
import { Alert, ButtonLink, Card, LoadingState, Page, PageHeader, usePageFocus } from '@roomnest/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useVerifyEmailMutation } from '../../api/shell-api.ts';
import s from './auth.module.css';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

export const VERIFY_FAILED = 'Could not confirm your email address right now. Please try again.';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

export function VerifyEmailPage() {
  const headingRef = usePageFocus();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const user = useHostSelector(selectCurrentUser);
  const dispatch = useHostDispatch();
  const [verify] = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: VERIFY_TEXTS.tokenRequired });
  // One request per token, even when effects run twice (React's strict mode) or the user changes meanwhile.
  const sent = useRef<string | null>(null);
  const userId = user?.userId ?? null;

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    verify({ Token: token })
      .unwrap()
      .then((result) => {
        setOutcome({ ok: true, message: result.message });
        if (userId !== null && result.userId === userId) dispatch(currentUserUpdated({ emailVerified: true }));
      })
      .catch((error: unknown) => setOutcome({ ok: false, message: errorMessage(error, VERIFY_FAILED) }));
  }, [token, verify, dispatch, userId]);

  return (
    <Page title="Confirm your email address" className={s.page}>
      <Card className={s.card}>
        <PageHeader headingRef={headingRef} title="Confirm your email address" />
        {outcome === null ? (
          <LoadingState label="Confirming your email address…" />
        ) : outcome.ok ? (
          <>
            <Alert tone="success">{outcome.message}</Alert>
            <ButtonLink to={user ? ROUTES.rooms : ROUTES.login} block>
              {user ? 'Find a room' : 'Log in'}
            </ButtonLink>
          </>
        ) : (
          <>
            <Alert>{outcome.message}</Alert>
            {user && !user.emailVerified ? (
              <ResendVerificationButton block />
            ) : (
              <p className={s.switch}>{user ? <Link to={ROUTES.rooms}>Find a room</Link> : <Link to={ROUTES.login}>Log in</Link>}</p>
            )}
          </>
        )}
      </Card>
    </Page>
  );
}
