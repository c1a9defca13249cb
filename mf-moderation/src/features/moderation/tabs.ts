/**
 * The module's three views live in the query string of /moderation (`?tab=resolved`, `?tab=audit`; the queue
 * has none), so a reload, a shared link and Back keep the view. The audit log's page is `?page=`.
 */
import { ROUTES } from '@roomnest/shared';

export const MODERATION_TABS = [
  { id: 'queue', label: 'Queue' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'audit', label: 'Audit log' },
] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number]['id'];

export const TAB_PARAM = 'tab';
export const PAGE_PARAM = 'page';

/** The view a query string asks for; anything unknown is the queue. */
export function tabOf(search: URLSearchParams): ModerationTab {
  const tab = search.get(TAB_PARAM);
  return MODERATION_TABS.some((t) => t.id === tab) ? (tab as ModerationTab) : 'queue';
}

/** The audit log's page: a whole number from 1, else 1. */
export function pageOf(search: URLSearchParams): number {
  const page = Number(search.get(PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address of a view (and of an audit page). */
export function tabHref(tab: ModerationTab, page = 1): string {
  if (tab === 'queue') return ROUTES.moderation;
  const query = new URLSearchParams({ [TAB_PARAM]: tab });
  if (tab === 'audit' && page > 1) query.set(PAGE_PARAM, String(page));
  return `${ROUTES.moderation}?${query.toString()}`;
}
