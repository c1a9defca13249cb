/** en-GB formatting: £ amounts and day-month-year dates. */
import { UNREAD_BADGE_CAP } from './constants.ts';

const gbp = /* @__PURE__ */ new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const gbpPence = /* @__PURE__ */ new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** £950, £19.99 */
export function formatMoney(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  return Number.isInteger(amount) ? gbp.format(amount) : gbpPence.format(amount);
}

const dateFmt = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateTimeFmt = /* @__PURE__ */ new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** '2026-11-22' or an ISO instant -> '22 Nov 2026'. Calendar dates are read as UTC so they never shift a day. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d);
}

/** An ISO instant -> '22 Nov 2026, 14:05' in UK time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : dateTimeFmt.format(d);
}

/** Cuts text to `max` characters on a word boundary where possible, adding an ellipsis. */
export function snippet(text: string | null | undefined, max: number): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  // No comma or full stop left hanging before the ellipsis.
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** The unread badge text: the count, or '9+' above the cap of 9 (docs/product.md, Constants); empty for 0. */
export function unreadBadgeText(count: number, cap = UNREAD_BADGE_CAP): string {
  if (!count || count < 0) return '';
  return count > cap ? `${cap}+` : String(count);
}
