/**
 * The dialog every action on a report goes through: it says what the action does (so it is the confirmation of
 * the destructive ones too) and takes the moderator's note, which the audit log keeps. A suspension's note is
 * its reason, required (resolveReportSchema, as the server checks it) and shown to the person.
 */
import { MODERATION_NOTE_MAX, resolveReportSchema, type ModerationAction, type ModerationReport } from '@roomnest/shared';
import { errorMessage, errorStatus, notify, serverFieldErrors, useHostDispatch } from '@roomnest/shared/client';
import { applyServerErrors, Field, FormDialog, useSubmitFailure, useZodForm } from '@roomnest/shared/ui';
import { useEffect } from 'react';
import { MODERATION_TAG, moderationApi, useResolveReportMutation } from '../../api/moderation-api.ts';
import { MODERATION_TEXTS } from '../moderation/texts.ts';

export interface PendingAction {
  report: ModerationReport;
  action: ModerationAction;
}

interface ActionWords {
  title: string;
  intro: string;
  submit: string;
  busy: string;
  noteLabel: string;
  noteHint: string;
}

function wordsFor({ report, action }: PendingAction): ActionWords {
  const person = report.ReportedUser?.Name ?? 'this person';
  const note = { noteLabel: 'Note (optional)', noteHint: `For the audit log. Up to ${MODERATION_NOTE_MAX} characters.` };
  switch (action) {
    case 'dismiss':
      return { title: 'Dismiss this report?', intro: `The report is closed and nothing changes for ${person}.`, submit: 'Dismiss report', busy: 'Dismissing…', ...note };
    case 'remove-listing':
      return {
        title: 'Remove this listing?',
        intro: `“${report.Listing?.Title ?? 'The listing'}” leaves search and its page at once, and its owner sees on My Listings that a moderator took it down. You can restore it from Resolved.`,
        submit: 'Remove listing',
        busy: 'Removing…',
        ...note,
      };
    case 'suspend-user':
      return {
        title: `Suspend ${person}?`,
        intro: `${person} is logged out at once and cannot log in, and their listings and flatmate profile leave every public page. You can restore them from Resolved.`,
        submit: 'Suspend person',
        busy: 'Suspending…',
        noteLabel: 'Reason',
        noteHint: `Required: the person is shown it. Up to ${MODERATION_NOTE_MAX} characters.`,
      };
  }
}

export function ActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const form = useZodForm(resolveReportSchema, { defaultValues: { Action: pending?.action ?? 'dismiss', Note: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useSubmitFailure(form);
  const [resolve, { isLoading }] = useResolveReportMutation();
  const dispatch = useHostDispatch();

  // Each opening starts empty, for the action chosen.
  const { reset } = form;
  useEffect(() => {
    if (pending) reset({ Action: pending.action, Note: '' });
  }, [pending, reset]);

  const onSubmit = form.handleSubmit(async ({ Action, Note }) => {
    if (!pending) return;
    const result = await resolve({ reportId: pending.report.ReportID, Action, Note });
    if ('error' in result) {
      // Another moderator resolved it first: say so, and bring the queue up to date.
      if (errorStatus(result.error) === 409) {
        notify.error(errorMessage(result.error, MODERATION_TEXTS.actionFailed));
        dispatch(moderationApi.util.invalidateTags([{ type: MODERATION_TAG, id: 'open' }]));
        onClose();
        return;
      }
      const fields = serverFieldErrors(result.error);
      if (fields.Note) applyServerErrors(form, { Note: fields.Note });
      else setFailure(errorMessage(result.error, MODERATION_TEXTS.actionFailed));
      return;
    }
    notify.success(result.data.message);
    onClose();
  });

  const words = pending ? wordsFor(pending) : null;
  return (
    <FormDialog
      open={pending !== null}
      title={words?.title ?? ''}
      intro={words ? <p>{words.intro}</p> : null}
      failure={failure}
      submitLabel={words?.submit ?? ''}
      busy={isLoading}
      busyLabel={words?.busy}
      onSubmit={onSubmit}
      onCancel={onClose}
    >
      <Field label={words?.noteLabel ?? 'Note'} hint={words?.noteHint} error={errors.Note?.message}>
        {(ids) => <textarea {...ids} rows={3} maxLength={MODERATION_NOTE_MAX} {...form.register('Note')} />}
      </Field>
    </FormDialog>
  );
}
