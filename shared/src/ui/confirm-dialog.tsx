/**
 * A confirmation before a destructive action (deleting a listing
 * or the account asks first: docs/product.md, Screens). A native modal <dialog>:
 * the rest of the page is inert while it is open, Escape cancels, focus
 * starts on Cancel (the safe choice) and returns where it was on close.
 */
import { useId, type ReactNode } from 'react';
import { Button } from './components.tsx';
import s from './confirm-dialog.module.css';
import { useDialogCancel, useModalDialog } from './modal-dialog.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** While the action runs: the buttons are disabled and Escape does nothing. */
  busy?: boolean;
  busyLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  busyLabel,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLButtonElement>('[data-dialog-cancel]')?.focus());
  const titleId = useId();
  const bodyId = useId();

  useDialogCancel(ref, busy, onCancel);

  return (
    <dialog
      ref={ref}
      className={s.dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
    >
      {open ? (
        <div className={s.panel}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {children ? (
            <div id={bodyId} className={s.body}>
              {children}
            </div>
          ) : null}
          <div className={s.actions}>
            <Button data-dialog-cancel variant="secondary" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button variant={tone} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
              {busy && busyLabel ? busyLabel : confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
