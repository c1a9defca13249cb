/**
 * The form field layout: label, control, hint and error, tied together by ids.
 * Its own module so that a page using only `Field` (a search box) does not
 * pull react-hook-form and zod into its bundle; `form.tsx` re-exports it.
 */
import { useId, type ReactNode } from 'react';
import s from './ui.module.css';

export const controlClass: string = s.control ?? '';

export interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (ids: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined; className: string }) => ReactNode;
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, className: controlClass })}
      {hint ? (
        <span id={`${id}-hint`} className={s.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={s.fieldError} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** One choice of a select: a value shown as itself, or with its own label. */
export type Choice<T extends string> = T | { readonly value: T; readonly label: string };

/** The `<option>`s of a select over a list of choices (the product's constants), after an optional empty first one ("Any type"). */
export function Options<T extends string>({ choices, empty }: { choices: readonly Choice<T>[]; empty?: string }) {
  return (
    <>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {choices.map((choice) => {
        const { value, label } = typeof choice === 'string' ? { value: choice, label: choice } : choice;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}
