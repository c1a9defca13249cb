/** How a flatmate profile's fields read on a card (and in the profile editor's preview). */
import { formatMoney } from '@roomnest/shared';

/** 'Hackney, Stratford ,, hackney' -> ['Hackney', 'Stratford']: trimmed, blanks and repeats (any case) left out. */
export function splitLocations(value: string | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const place = part.replace(/\s+/g, ' ').trim();
    if (!place || seen.has(place.toLowerCase())) continue;
    seen.add(place.toLowerCase());
    out.push(place);
  }
  return out;
}

const given = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** '£600 – £900 / month', 'From £600 / month', 'Up to £900 / month', or '' when neither is given. */
export function budgetText(min: number | null | undefined, max: number | null | undefined): string {
  if (given(min) && given(max)) return min === max ? `${formatMoney(min)} / month` : `${formatMoney(min)} – ${formatMoney(max)} / month`;
  if (given(min)) return `From ${formatMoney(min)} / month`;
  if (given(max)) return `Up to ${formatMoney(max)} / month`;
  return '';
}
