/**
 * The one form pattern: react-hook-form with the zod schema from this package,
 * so the browser checks with the same rules the server enforces. `Field` lays
 * out label, control, hint and error; controls take the `control` class.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn, type Path } from 'react-hook-form';
import type { z } from 'zod';
import s from './ui.module.css';

export const controlClass: string = s.control ?? '';

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', ...options, resolver: zodResolver(schema as never) as never });
}

/** Copies a 400 answer's field errors onto the form. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, errors: Record<string, string>) {
  for (const [field, message] of Object.entries(errors)) form.setError(field as Path<T>, { type: 'server', message });
}

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
