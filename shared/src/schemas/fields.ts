/** Field builders shared by every schema, so that each rule is written once. */
import { z } from './zod.ts';

/**
 * Characters a one-line field must not hold: control characters (line breaks, tabs, escape… but not NUL, which the
 * API refuses for every text with its own message), the Unicode line and paragraph separators, and invisible
 * characters that hide or reorder text (zero-width space, word joiner, byte-order mark, direction marks, embeddings,
 * overrides and isolates). The zero-width joiner and non-joiner stay: emoji sequences and several scripts need them.
 */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
export const LINE_BREAKING_OR_INVISIBLE = /[\u0001-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/;
const ONE_LINE = new RegExp(`^[^${LINE_BREAKING_OR_INVISIBLE.source.slice(1, -1)}]*$`);

/** The message of a one-line field holding a line break, a tab or an invisible formatting character. */
export const oneLineMessage = (label: string) => `${label} cannot contain line breaks, tabs or invisible formatting characters.`;

/** Refines a string schema to one line of visible text (a pattern, so the OpenAPI page shows the rule too). */
export const oneLine = (schema: z.ZodString, label: string) => schema.regex(ONE_LINE, oneLineMessage(label));

/** A web address in a name: a scheme (`https://`, `http:`) or `www.`. Names are pasted into emails and pages. */
const WEB_ADDRESS = /[a-z][a-z0-9+.-]*:\/\/|\b(?:https?|ftp|mailto|javascript):|\bwww\./i;
export const nameHasWebAddress = (name: string) => WEB_ADDRESS.test(name);

/** A person's name (register, profile, contact form): required, one line, no web address. */
export const personName = (missing: string, max: number) =>
  oneLine(z.string({ error: missing }).trim().min(1, missing).max(max, `Name must be at most ${max} characters.`), 'Name')
    .refine((name) => !nameHasWebAddress(name), 'Name cannot contain a web address.')
    .describe('One line (no line breaks, tabs or invisible formatting characters), without a web address.');

/** A required, trimmed one-line string: `missing` is shown when absent or blank. */
export const requiredLine = (missing: string, max: number, label: string) =>
  oneLine(z.string({ error: missing }).trim().min(1, missing).max(max, `${label} must be at most ${max} characters.`), label);

/** An optional trimmed one-line string; blank becomes null. */
export const optionalLine = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    oneLine(z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`), label).nullable().optional(),
  );

/** A required, trimmed string that may span lines (descriptions, messages): `missing` is shown when absent or blank. */
export const requiredText = (missing: string, max: number, label: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} must be at most ${max} characters.`);

/** An optional trimmed string that may span lines (bio, description); blank becomes null. */
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
