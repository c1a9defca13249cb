/** Field builders shared by every schema, so that each rule is written once. */
import { z } from './zod.ts';

/** A required, trimmed string: `missing` is shown when absent or blank. */
export const requiredText = (missing: string, max: number, label: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} must be at most ${max} characters.`);

/** An optional trimmed string; blank becomes null. */
export const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`).nullable().optional(),
  );

const isCalendarDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2200;
};

/** A calendar date as YYYY-MM-DD that exists (no 31 February). */
export const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .refine(isCalendarDate, `${label} must be a valid date (YYYY-MM-DD).`);

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  if (typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b)) return Number(b);
  return b;
};

/** Money in pounds: a number (or numeric string from a form) with at most 2 decimals. */
export const money = (label: string, min: number, max: number, missing?: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: missing ?? `${label} must be a number.` })
      .finite(`${label} must be a number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`)
      .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimal places.`),
  );

/** A whole number, from a number or a numeric string. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} must be at most ${max}.`),
  );

/** An optional value: blank or missing becomes undefined before `schema` runs. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A boolean that also accepts the strings 'true' and 'false' (multipart, query strings). */
export const booleanField = (label: string) =>
  z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${label} must be true or false.` }),
  );
