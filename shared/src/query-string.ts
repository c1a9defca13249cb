/**
 * Reading a search from the query string: each parameter is trimmed, read by
 * its own reader, and dropped when blank or when the reader rejects it, so a
 * hand-edited URL never breaks a page. Pure, and free of zod, so a search page
 * can check a few parameters without bringing the schemas into its bundle.
 */

/** Reads one trimmed, non-empty parameter: its value, or undefined to drop it. */
export type QueryReader = (raw: string) => string | number | undefined;

/** The parameters `keys` of `params` that their readers accept, by key. */
export function readQuery<K extends string>(params: URLSearchParams, keys: readonly K[], readers: Record<K, QueryReader>): Partial<Record<K, string | number>> {
  const out: Partial<Record<K, string | number>> = {};
  for (const key of keys) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const value = readers[key](raw);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A page number, 1 to 100000. */
export const pageNumber = (raw: string): number | undefined => (/^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100_000 ? Number(raw) : undefined);

/** A calendar date that exists, YYYY-MM-DD, years 1900 to 2200. */
export function calendarDate(raw: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const exists = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return exists && y >= 1900 && y <= 2200 ? raw : undefined;
}

/**
 * A query string with parameter `name` set to `value`: how a wish travels through /login in the return address
 * (a room to save, `?save=<id>`; a search to save, `?saveSearch=1`).
 */
export function withParam(search: string, name: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `?${params.toString()}`;
}

/** A query string without parameter `name` ('' when nothing is left): the wish taken out once acted on. */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
