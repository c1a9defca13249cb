/** Calendar days as the product counts them: in UK time (Europe/London), whatever the clock's own zone. */

const londonDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in London at `now`, as YYYY-MM-DD (at 23:30 UTC on a summer day, London is already on the next day). */
export function londonToday(now: Date = new Date()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => londonDay.formatToParts(now).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The London calendar date `days` after today's, as YYYY-MM-DD: a move-in date that stays in the future whenever it runs. */
export function londonDaysAhead(days: number, now: Date = new Date()): string {
  const day = new Date(`${londonToday(now)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
