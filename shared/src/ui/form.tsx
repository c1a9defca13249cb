/**
 * The one form pattern: react-hook-form with the zod schema from this package,
 * so the browser checks with the same rules the server enforces. `Field` lays
 * out label, control, hint and error; controls take the `control` class.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn, type Path } from 'react-hook-form';
import type { z } from 'zod';
export { controlClass, Field, type FieldProps } from './field.tsx';

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
