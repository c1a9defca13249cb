/**
 * Under a received message the server flagged (Message.SafetyWarning: it asks for money before a viewing, see
 * shared/src/scam-phrases.ts): never pay before seeing the room, with a link to the safety advice. A note, not an
 * alert: it is read with the message it belongs to, not announced over what the person is doing.
 */
import { ROUTES, TRUST_TEXTS } from '@roomnest/shared';
import { Link } from 'react-router-dom';
import s from './chat.module.css';

export function SafetyBanner() {
  return (
    <div role="note" aria-label="Safety warning" className={s.safety}>
      <span aria-hidden="true" className={s.safetyIcon}>
        !
      </span>
      <p className={s.safetyText}>
        {TRUST_TEXTS.scamWarning} <Link to={ROUTES.safety}>{TRUST_TEXTS.scamWarningLink}</Link>
      </p>
    </div>
  );
}
