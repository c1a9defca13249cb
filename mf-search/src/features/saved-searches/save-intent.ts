/**
 * "Save this search" pressed by a visitor: they log in first and come back to the same search with the
 * dialog open. The wish travels in the return address as `?saveSearch=1`, which the search page reads once
 * and takes out of the address (a reload, or Back, does not open the dialog again).
 */
export const SAVE_SEARCH_PARAM = 'saveSearch';

/** The search's query string with the wish to save it added. */
export function withSaveIntent(search: string): string {
  const params = new URLSearchParams(search);
  params.set(SAVE_SEARCH_PARAM, '1');
  return `?${params.toString()}`;
}

/** The query string without the wish ('' when nothing is left). */
export function withoutSaveIntent(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SAVE_SEARCH_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export const hasSaveIntent = (search: string): boolean => new URLSearchParams(search).get(SAVE_SEARCH_PARAM) === '1';
