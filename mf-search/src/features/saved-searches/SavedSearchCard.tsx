import { describeSavedSearch, formatDate, SAVED_TEXTS, savedSearchHref, type SavedSearch, type SavedSearchFrequency } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Button, ButtonLink, Card, Field, Options } from '@roomnest/shared/ui';
import { useId } from 'react';
import { useUpdateSavedSearchMutation } from '../../api/saved-searches-api.ts';
import { FREQUENCY_CHOICES } from './frequency-choices.ts';
import s from './saved-searches.module.css';

export const FREQUENCY_FAILED = 'The email setting could not be changed. Please try again.';

/** One saved search: its name, what it looks for, its email frequency (saved as soon as it is chosen), and its actions. */
export function SavedSearchCard({ search, onRename, onDelete }: { search: SavedSearch; onRename: () => void; onDelete: () => void }) {
  const [update] = useUpdateSavedSearchMutation();
  const titleId = useId();
  const hint = FREQUENCY_CHOICES.find((c) => c.value === search.Frequency)?.hint;

  const changeFrequency = async (Frequency: SavedSearchFrequency) => {
    // The list shows the choice at once and goes back if the server refuses (saved-searches-endpoints.ts).
    const result = await update({ id: search.SavedSearchID, changes: { Frequency } });
    if ('error' in result) notify.error(errorMessage(result.error, FREQUENCY_FAILED));
    else notify.success(result.data.message || SAVED_TEXTS.searchUpdated);
  };

  return (
    <Card as="article" className={s.card}>
      <h2 id={titleId} className={s.name}>
        {search.Name}
      </h2>
      <p className={s.criteria}>{describeSavedSearch(search.Criteria)}</p>
      <Field label="Email alerts" hint={hint}>
        {(ids) => (
          <select {...ids} value={search.Frequency} onChange={(e) => void changeFrequency(e.target.value as SavedSearchFrequency)}>
            <Options choices={FREQUENCY_CHOICES} />
          </select>
        )}
      </Field>
      <p className={s.lastSent}>{search.LastSentAt ? `Last emailed on ${formatDate(search.LastSentAt)}` : 'No emails sent yet'}</p>
      <div className={s.actions} role="group" aria-labelledby={titleId}>
        <ButtonLink to={savedSearchHref(search.Criteria)} size="sm">
          Run search
        </ButtonLink>
        <Button variant="secondary" size="sm" onClick={onRename}>
          Rename
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </Card>
  );
}
