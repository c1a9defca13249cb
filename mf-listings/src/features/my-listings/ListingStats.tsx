import { LISTING_STATS_DAYS, type ListingDayFigures } from '@roomnest/shared';
import { useId } from 'react';
import s from './my-listings.module.css';

/** A London day 'YYYY-MM-DD' as the product writes short dates: dd/mm. */
export const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The sentence a screen reader hears for the chart (and everyone reads under it). */
export function statsSummary(days: readonly ListingDayFigures[]): string {
  const views = days.reduce((n, d) => n + d.Views, 0);
  const enquiries = days.reduce((n, d) => n + d.Enquiries, 0);
  const busiest = days.reduce<ListingDayFigures | null>((best, d) => (d.Views > (best?.Views ?? 0) ? d : best), null);
  const totals = `Last ${LISTING_STATS_DAYS} days: ${plural(views, 'view', 'views')}, ${plural(enquiries, 'enquiry', 'enquiries')}.`;
  return busiest ? `${totals} Busiest day ${dayMonth(busiest.Date)} with ${plural(busiest.Views, 'view', 'views')}.` : totals;
}

const WIDTH = 300;
const HEIGHT = 64;

/**
 * A listing's views (bars) and enquiries (dots) a day over the last LISTING_STATS_DAYS London days: a small inline
 * SVG that scales to the card's width, from a phone up. The picture is hidden from screen readers, which get the
 * summary sentence and, on request, the same figures as a table.
 */
export function ListingStats({ title, days }: { title: string; days: readonly ListingDayFigures[] }) {
  const summaryId = useId();
  const top = Math.max(1, ...days.map((d) => Math.max(d.Views, d.Enquiries)));
  const step = WIDTH / Math.max(1, days.length);
  const y = (n: number) => HEIGHT - (n / top) * (HEIGHT - 4);
  return (
    <figure className={s.stats} aria-describedby={summaryId}>
      <svg className={s.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={s.axis} />
        {days.map((d, i) =>
          d.Views > 0 ? <rect key={`v${d.Date}`} x={i * step + step * 0.15} width={step * 0.7} y={y(d.Views)} height={HEIGHT - y(d.Views)} className={s.viewBar} /> : null,
        )}
        {days.map((d, i) =>
          d.Enquiries > 0 ? <circle key={`e${d.Date}`} cx={i * step + step / 2} cy={Math.max(4, y(d.Enquiries))} r={3.5} className={s.enquiryDot} /> : null,
        )}
      </svg>
      <figcaption className={s.statsCaption}>
        <span id={summaryId}>{statsSummary(days)}</span>{' '}
        <span className={s.legend} aria-hidden="true">
          <span className={s.legendViews}>views</span> <span className={s.legendEnquiries}>enquiries</span>
        </span>
      </figcaption>
      <details className={s.statsTable}>
        <summary>Figures by day</summary>
        <div className={s.tableScroll}>
          <table>
            <caption className="visually-hidden">Views and enquiries a day for {title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
                <th scope="col">Enquiries</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.Date}>
                  <th scope="row">
                    <time dateTime={d.Date}>{dayMonth(d.Date)}</time>
                  </th>
                  <td>{d.Views}</td>
                  <td>{d.Enquiries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
