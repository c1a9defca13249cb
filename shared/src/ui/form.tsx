/**
 * The one form pattern: react-hook-form with the zod schema from this package,
 * so the browser checks with the same rules the server enforces. `Field` lays
 * out label, control, hint and error; controls take the `control` class.
 *
 * What the server said about a submission is about the values it was sent:
 * its field errors (`applyServerErrors`) and the failure sentence above the
 * form (`useSubmitFailure`) go as soon as the user changes a field (that
 * field's error; the sentence on any change), while the schema's own errors
 * stay as react-hook-form checks them again.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn, type Path } from 'react-hook-form';
import type { z } from 'zod';
export { controlClass, Field, Options, type Choice, type FieldProps } from './field.tsx';

/** The error type of whatever the server answered. */
const SERVER = 'server';
/** Where the form keeps the failure of its last submission (a react-hook-form root error: handleSubmit clears it). */
const FAILURE = 'root.server';

type AnyForm<T extends FieldValues> = Pick<UseFormReturn<T, unknown, unknown>, 'setError' | 'clearErrors' | 'getFieldState' | 'subscribe' | 'formState'>;

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onSubmit', reValidateMode: 'onChange', ...options, resolver: zodResolver(schema as never) as never });
  useServerErrorsClearedOnChange(form);
  return form;
}

/** Clears the server's errors a change makes stale: the changed field's, and the submission's failure sentence. */
function useServerErrorsClearedOnChange<T extends FieldValues>({ subscribe, getFieldState, clearErrors }: AnyForm<T>) {
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          // No name: a reset, not a change of a field.
          if (!name) return;
          if (getFieldState(name as Path<T>).error?.type === SERVER) clearErrors(name as Path<T>);
          if (getFieldState(FAILURE as Path<T>).error) clearErrors(FAILURE as Path<T>);
        },
      }),
    [subscribe, getFieldState, clearErrors],
  );
}

/** Copies a 400 answer's field errors onto the form (or any server verdict that belongs to one field, such as an email already registered). */
export function applyServerErrors<T extends FieldValues>(form: Pick<AnyForm<T>, 'setError'>, errors: Record<string, string>) {
  for (const [field, message] of Object.entries(errors)) form.setError(field as Path<T>, { type: SERVER, message });
}

/**
 * The failure of the last submission, the sentence shown above the form, kept
 * with the form's errors: `[failure, setFailure]` as `useState` would give,
 * except that it goes when the user changes any field or submits again.
 */
export function useSubmitFailure<T extends FieldValues>(form: AnyForm<T>): [string | null, (message: string | null) => void] {
  const failure = form.formState.errors.root?.[SERVER]?.message ?? null;
  const { setError, clearErrors } = form;
  const setFailure = useCallback(
    (message: string | null) => (message === null ? clearErrors(FAILURE as Path<T>) : setError(FAILURE as Path<T>, { type: SERVER, message })),
    [setError, clearErrors],
  );
  return [failure, setFailure];
}
