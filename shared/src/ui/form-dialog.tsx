/**
 * A short form in a modal dialog (saving a search with its name and frequency, renaming one): the native
 * <dialog> of the confirm dialog (the page inert behind it, Escape or the backdrop cancels, focus back where it
 * was on close), holding a real <form>, so Enter submits and the one form pattern (useZodForm, Field) works
 * inside it. Focus starts on the first field.
 */
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Alert, Button } from './components.tsx';
import s from './confirm-dialog.module.css';
import { useDialogCancel, useModalDialog } from './modal-dialog.ts';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** A sentence under the title: what the form is about. */
  intro?: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** The failure of the last submission (the server's answer), shown above the buttons. */
  failure?: ReactNode;
  submitLabel: string;
  /** While the submission runs: the buttons are disabled and Escape does nothing. */
  busy?: boolean;
  busyLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
}

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function FormDialog({ open, title, intro, children, failure, submitLabel, busy = false, busyLabel, onSubmit, onCancel }: FormDialogProps) {
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLElement>(FIELDS)?.focus());
  const titleId = useId();
  useDialogCancel(ref, busy, onCancel);

  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby={titleId}
    >
      {open ? (
        <form className={s.panel} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {intro ? <div className={s.body}>{intro}</div> : null}
          {children}
          {failure ? <Alert>{failure}</Alert> : null}
          <div className={s.actions}>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy && busyLabel ? busyLabel : submitLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
