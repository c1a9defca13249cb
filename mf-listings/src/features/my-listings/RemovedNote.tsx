import { TRUST_TEXTS } from '@roomnest/shared';
import s from './removed-note.module.css';

/**
 * On a listing our trust and safety team took down: why it no longer shows to anyone else. Not a live alert: it is
 * part of the row, read in order with the listing's title.
 */
export function RemovedNote() {
  return (
    <div className={s.note} data-testid="removed-note">
      <p className={s.title}>{TRUST_TEXTS.removedByModeration}</p>
      <p className={s.hint}>{TRUST_TEXTS.removedByModerationHint}</p>
    </div>
  );
}
