/**
 * The slim banner under the navigation for a logged-in person who has not confirmed their email address: where the
 * link went, and a way to have it sent again. Hidden on the verify page itself, gone as soon as the stored user is
 * verified (this tab's verify page, another tab's through the session sync, or the next login), and dismissible for
 * the browser session (sessionStorage, per person).
 */
import { ROUTES, VERIFY_TEXTS } from '@roomnest/shared';
import { selectCurrentUser, useHostSelector } from '@roomnest/shared/client';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';
import s from './verify-email-banner.module.css';

/** sessionStorage: the ids of the people who dismissed the banner in this browser session. */
export const BANNER_DISMISSED_KEY = 'verifyBannerDismissed';

function dismissedIds(): number[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(BANNER_DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function rememberDismissed(id: number): void {
  try {
    window.sessionStorage.setItem(BANNER_DISMISSED_KEY, JSON.stringify([...new Set([...dismissedIds(), id])]));
  } catch {
    // Storage disabled: dismissed for as long as the page lives.
  }
}

export function VerifyEmailBanner() {
  const user = useHostSelector(selectCurrentUser);
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState<readonly number[]>(dismissedIds);
  if (!user || user.emailVerified || pathname === ROUTES.verifyEmail || dismissed.includes(user.userId)) return null;
  const dismiss = () => {
    rememberDismissed(user.userId);
    setDismissed((ids) => [...ids, user.userId]);
  };
  return (
    <section className={s.banner} aria-label="Confirm your email address">
      <div className={s.inner}>
        <p className={s.text}>{VERIFY_TEXTS.banner(user.email)}</p>
        <ResendVerificationButton className={s.resend} variant="ghost" size="sm" />
        <button type="button" className={s.dismiss} onClick={dismiss} aria-label="Dismiss this reminder">
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
