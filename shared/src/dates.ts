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

const londonWallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** London's offset from UTC at `at`, in minutes (60 in summer time). */
function londonOffsetMinutes(at: Date): number {
  const parts = londonWallClock.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant a London date (YYYY-MM-DD) is at `hour` o'clock there, summer time or not: a daily email's due time. */
export function londonHour(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  let at = wall;
  // The offset at the guess may differ from the offset at the answer on the days the clocks change: twice is enough.
  for (let i = 0; i < 2; i++) at = wall - londonOffsetMinutes(new Date(at)) * 60_000;
  return new Date(at);
}
