import { z } from './zod.ts';

/** Every non-2xx answer of the API. */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const unreadCountSchema = z.object({ totalUnread: z.number().int().min(0) });

/** Turns a zod error into the contract's `errors` list (one entry a field, first message wins). */
export function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  const seen = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}
