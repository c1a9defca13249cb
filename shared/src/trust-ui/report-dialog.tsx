/**
 * The Report dialog (docs/product.md, Trust and safety): a reason, each with its hint, and details, checked by the
 * server's own schema (reportSchema); sent to POST /api/reports. On the server's yes (201 for a new report, 200 when
 * it updates the person's earlier report of the same thing) it shows the server's sentence, which says what
 * happens next, with a Close button. A 400's field errors go under their fields; any other refusal (the rate
 * limit's 429, a target gone) is shown as the server wrote it.
 */
import { useId, useState } from 'react';
import { errorMessage, serverFieldErrors } from '../client/base-query.ts';
import { injectHostEndpoints } from '../client/api.ts';
import { reportEndpoints } from '../client/shared-endpoints.ts';
import { reportSchema } from '../schemas/trust.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS, TRUST_TEXTS, type ReportSource, type ReportTargetType } from '../trust.ts';
import { Button } from '../ui/components.tsx';
import s from '../ui/confirm-dialog.module.css';
import { applyServerErrors, Field, useSubmitFailure, useZodForm } from '../ui/form.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { useDialogCancel, useModalDialog } from '../ui/modal-dialog.ts';
import { RadioChoices } from '../ui/radio-choices.tsx';

export const { useReportTargetMutation } = injectHostEndpoints(reportEndpoints);

/** What is reported and where from. */
export interface ReportTarget {
  TargetType: ReportTargetType;
  TargetID: number;
  Source: ReportSource;
}

/** The two fields the person fills in; the target is the page's. */
const reportFields = reportSchema.pick({ Reason: true, Details: true });

export interface ReportDialogProps {
  target: ReportTarget;
  /** The dialog's title: "Report this listing", "Report Amelia Hart". */
  title: string;
  onClose: () => void;
}

export function ReportDialog({ target, title, onClose }: ReportDialogProps) {
  const [thanks, setThanks] = useState<string | null>(null);
  return thanks === null ? <ReportForm target={target} title={title} onClose={onClose} onSent={setThanks} /> : <ReportSent message={thanks} onClose={onClose} />;
}

function ReportForm({ target, title, onClose, onSent }: ReportDialogProps & { onSent: (message: string) => void }) {
  const form = useZodForm(reportFields, { defaultValues: { Details: '' } });
  const { errors } = form.formState;
  const [failure, setFailure] = useSubmitFailure(form);
  const [report, { isLoading }] = useReportTargetMutation();
  const details = form.watch('Details') ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await report({ ...target, Reason: values.Reason, Details: values.Details });
    if ('error' in result) {
      const fields = serverFieldErrors(result.error);
      const own = Object.entries(fields).filter(([field]) => field === 'Reason' || field === 'Details');
      applyServerErrors(form, Object.fromEntries(own));
      // A field error about the target (not the person's to fix), a 429 or anything else: the server's sentence.
      if (own.length === 0 || own.length < Object.keys(fields).length) setFailure(errorMessage(result.error, TRUST_TEXTS.reportFailed));
      return;
    }
    onSent(result.data.message);
  });

  return (
    <FormDialog open title={title} intro={<p>{TRUST_TEXTS.reportIntro}</p>} failure={failure} submitLabel="Send report" busy={isLoading} busyLabel="Sending…" onSubmit={onSubmit} onCancel={onClose}>
      <RadioChoices legend="Why are you reporting this?" choices={REPORT_REASONS} inputProps={form.register('Reason')} error={errors.Reason?.message} />
      <Field
        label="Details (optional)"
        hint={`${TRUST_TEXTS.reportDetailsHint} ${details.length} of ${REPORT_DETAILS_MAX} characters.`}
        error={errors.Details?.message}
      >
        {(ids) => <textarea {...ids} rows={4} maxLength={REPORT_DETAILS_MAX} {...form.register('Details')} />}
      </Field>
    </FormDialog>
  );
}

/** The thank-you: the server's sentence and one button, which has the focus. */
function ReportSent({ message, onClose }: { message: string; onClose: () => void }) {
  const ref = useModalDialog(true, (dialog) => dialog.querySelector<HTMLButtonElement>('button')?.focus());
  const titleId = useId();
  const bodyId = useId();
  useDialogCancel(ref, false, onClose);
  return (
    <dialog ref={ref} className={s.dialog} aria-labelledby={titleId} aria-describedby={bodyId}>
      <div className={s.panel}>
        <h2 id={titleId} className={s.title}>
          Report sent
        </h2>
        <div id={bodyId} className={s.body}>
          <p role="status">{message}</p>
        </div>
        <div className={s.actions}>
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    </dialog>
  );
}
