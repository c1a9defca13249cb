/** Restore a removed listing or a suspended person, with a note for the audit log (restoreSchema, as the server checks it). */
import { MODERATION_NOTE_MAX, restoreSchema } from '@roomnest/shared';
import { errorMessage, notify, serverFieldErrors } from '@roomnest/shared/client';
import { applyServerErrors, Field, FormDialog, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { useEffect } from 'react';
import { useRestoreListingMutation, useRestoreUserMutation } from '../../api/moderation-api.ts';
import { MODERATION_TEXTS } from '../moderation/texts.ts';

export interface PendingRestore {
  kind: 'listing' | 'user';
  /** The listing's id or the person's. */
  id: number;
  /** The listing's title or the person's name. */
  name: string;
}

export function RestoreDialog({ pending, onClose }: { pending: PendingRestore | null; onClose: () => void }) {
  const form = useZodForm(restoreSchema, { defaultValues: { Note: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useSubmitFailure(form);
  const [restoreListing, listingState] = useRestoreListingMutation();
  const [restoreUser, userState] = useRestoreUserMutation();
  const busy = listingState.isLoading || userState.isLoading;

  const { reset } = form;
  useEffect(() => {
    if (pending) reset({ Note: '' });
  }, [pending, reset]);

  const onSubmit = form.handleSubmit(async ({ Note }) => {
    if (!pending) return;
    const result = pending.kind === 'listing' ? await restoreListing({ id: pending.id, Note }) : await restoreUser({ id: pending.id, Note });
    if ('error' in result) {
      const fields = serverFieldErrors(result.error);
      if (fields.Note) applyServerErrors(form, { Note: fields.Note });
      else setFailure(errorMessage(result.error, MODERATION_TEXTS.restoreFailed));
      return;
    }
    notify.success(result.data.message);
    onClose();
  });

  const listing = pending?.kind === 'listing';
  return (
    <FormDialog
      open={pending !== null}
      title={listing ? 'Restore this listing?' : `Restore ${pending?.name ?? 'this person'}?`}
      intro={
        <p>
          {listing
            ? `“${pending?.name ?? ''}” goes back into search and onto its page, as its owner left it.`
            : `${pending?.name ?? 'They'} can log in again, and their listings and flatmate profile go back on the public pages.`}
        </p>
      }
      failure={failure}
      submitLabel={listing ? 'Restore listing' : 'Restore person'}
      busy={busy}
      busyLabel="Restoring…"
      onSubmit={onSubmit}
      onCancel={onClose}
    >
      <Field label="Note (optional)" hint={`For the audit log. Up to ${MODERATION_NOTE_MAX} characters.`} error={errors.Note?.message}>
        {(ids) => <textarea {...ids} rows={3} maxLength={MODERATION_NOTE_MAX} {...form.register('Note')} />}
      </Field>
    </FormDialog>
  );
}
