import { SAVED_SEARCH_NAME_MAX, SAVED_TEXTS, savedSearchInputSchema, type SavedSearch } from '@roomnest/shared';
import { errorMessage, notify, serverFieldErrors } from '@roomnest/shared/client';
import { applyServerErrors, Field, FormDialog, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { useEffect } from 'react';
import { useUpdateSavedSearchMutation } from '../../api/saved-searches-api.ts';

const nameOnly = savedSearchInputSchema.pick({ Name: true });

export const RENAME_FAILED = 'The search could not be renamed. Please try again.';

/** Rename a saved search (open while `search` is set): the one form pattern in a dialog, the name checked as the server checks it. */
export function RenameDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const form = useZodForm(nameOnly, { defaultValues: { Name: search?.Name ?? '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useSubmitFailure(form);
  const [update, { isLoading }] = useUpdateSavedSearchMutation();

  // Each opening starts from the search's current name.
  const { reset } = form;
  useEffect(() => {
    if (search) reset({ Name: search.Name });
  }, [search, reset]);

  const onSubmit = form.handleSubmit(async ({ Name }) => {
    if (!search) return;
    const result = await update({ id: search.SavedSearchID, changes: { Name } });
    if ('error' in result) {
      const fields = serverFieldErrors(result.error);
      if (fields.Name) applyServerErrors(form, { Name: fields.Name });
      setFailure(errorMessage(result.error, RENAME_FAILED));
      return;
    }
    notify.success(result.data.message || SAVED_TEXTS.searchUpdated);
    onClose();
  });

  return (
    <FormDialog open={search !== null} title="Rename this search" failure={failure} submitLabel="Save name" busy={isLoading} busyLabel="Saving…" onSubmit={onSubmit} onCancel={onClose}>
      <Field label="Name" hint={`Up to ${SAVED_SEARCH_NAME_MAX} characters.`} error={errors.Name?.message}>
        {(ids) => <input {...ids} type="text" maxLength={SAVED_SEARCH_NAME_MAX} autoComplete="off" {...form.register('Name')} />}
      </Field>
    </FormDialog>
  );
}
