/**
 * The "Email verified" mark on a listing, a flatmate card and a chat: the person has opened the link of their
 * verification email. Nothing for a person who has not. The words are its accessible name (the tick is decoration);
 * the description, for a pointer's hover, says what it does not prove.
 */
import { VERIFY_TEXTS } from '../trust.ts';
import s from './verified-mark.module.css';

export interface VerifiedMarkProps {
  /** Whether the person has confirmed their email address; false renders nothing. */
  verified: boolean;
  className?: string;
}

export function VerifiedMark({ verified, className }: VerifiedMarkProps) {
  if (!verified) return null;
  return (
    <span className={className ? `${s.mark} ${className}` : s.mark} title={VERIFY_TEXTS.markDescription}>
      <svg className={s.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M8 1.2 2.5 3.3v4.2c0 3.3 2.3 6.1 5.5 7.3 3.2-1.2 5.5-4 5.5-7.3V3.3L8 1.2Zm-1 9.6L4.4 8.2l1.1-1.1L7 8.6l3.5-3.5 1.1 1.1L7 10.8Z" />
      </svg>
      {VERIFY_TEXTS.mark}
    </span>
  );
}
