import { defaultSavedSearchName, describeSavedSearch, ROUTES, SAVED_SEARCH_NAME_MAX, SAVED_TEXTS, savedSearchInputSchema, type SavedSearchCriteria } from '@roomnest/shared';
import { errorMessage, errorStatus, notify, serverFieldErrors } from '@roomnest/shared/client';
import { applyServerErrors, Field, FormDialog, RadioChoices, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { Link } from 'react-router-dom';
import { useCreateSavedSearchMutation } from '../../api/saved-searches-api.ts';
import { FREQUENCY_CHOICES } from './frequency-choices.ts';

/** What the dialog asks for; the criteria are the search on the page, not a field. */
const nameAndFrequency = savedSearchInputSchema.pick({ Name: true, Frequency: true });

export const SAVE_FAILED = 'Your search could not be saved. Please try again.';
export const SEE_SAVED_SEARCHES = 'See your saved searches';

/**
 * Save this search: a name (prefilled from the criteria), how often to be emailed about new matches, and the
 * search itself in words. Loaded only when opened, so the room search page does not carry the form library
 * and the schemas. The server's refusal (the limit of saved searches) is shown in the dialog, with the way
 * to make room.
 */
export default function SaveSearchDialog({ criteria, onClose }: { criteria: SavedSearchCriteria; onClose: () => void }) {
  const form = useZodForm(nameAndFrequency, { defaultValues: { Name: defaultSavedSearchName(criteria), Frequency: 'instant' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useSubmitFailure(form);
  const [create, { isLoading, error }] = useCreateSavedSearchMutation();
  const full = errorStatus(error) === 409;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await create({ Name: values.Name, Frequency: values.Frequency, Criteria: criteria });
    if ('error' in result) {
      const fields = serverFieldErrors(result.error);
      applyServerErrors(form, Object.fromEntries(Object.entries(fields).filter(([field]) => field === 'Name' || field === 'Frequency')));
      setFailure(errorMessage(result.error, SAVE_FAILED));
      return;
    }
    notify.successWithLink(result.data.message || SAVED_TEXTS.searchSaved, { to: ROUTES.savedSearches, label: SEE_SAVED_SEARCHES });
    onClose();
  });

  return (
    <FormDialog
      open
      title="Save this search"
      intro={
        <p>
          Rooms matching <strong>{describeSavedSearch(criteria)}</strong>. Change the filters first to save a different search.
        </p>
      }
      failure={
        failure ? (
          <>
            {failure}
            {full ? (
              <>
                {' '}
                <Link to={ROUTES.savedSearches}>Manage your saved searches</Link>
              </>
            ) : null}
          </>
        ) : null
      }
      submitLabel="Save search"
      busy={isLoading}
      busyLabel="Saving…"
      onSubmit={onSubmit}
      onCancel={onClose}
    >
      <Field label="Name" hint={`How the search is called in your list and emails, up to ${SAVED_SEARCH_NAME_MAX} characters.`} error={errors.Name?.message}>
        {(ids) => <input {...ids} type="text" maxLength={SAVED_SEARCH_NAME_MAX} autoComplete="off" {...form.register('Name')} />}
      </Field>
      <RadioChoices legend="Email me about new rooms" choices={FREQUENCY_CHOICES} inputProps={form.register('Frequency')} error={errors.Frequency?.message} />
    </FormDialog>
  );
}
