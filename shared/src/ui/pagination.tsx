/**
 * Server-side pagination as links (so a page of results has its own URL):
 * Previous, the page numbers around the current one with the first and the
 * last, and Next. On phones the numbers give way to 'Page 3 of 12'.
 */
import { Link } from 'react-router-dom';
import s from './pagination.module.css';

/** The page numbers to show: first, last and `around` either side of `page`, with null for a gap. */
export function pageWindow(page: number, totalPages: number, around = 1): (number | null)[] {
  const pages = new Set<number>([1, totalPages]);
  for (let p = page - around; p <= page + around; p += 1) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The URL of a page (path and query). */
  hrefFor: (page: number) => string;
  label?: string;
}

export function Pagination({ page, totalPages, hrefFor, label = 'Pagination' }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <nav className={s.pagination} aria-label={label}>
      <ul className={s.list}>
        <li>
          {current > 1 ? (
            <Link className={s.step} to={hrefFor(current - 1)} rel="prev">
              <span aria-hidden="true">‹</span> Previous
            </Link>
          ) : (
            <span className={`${s.step} ${s.disabled}`} aria-disabled="true">
              <span aria-hidden="true">‹</span> Previous
            </span>
          )}
        </li>
        {pageWindow(current, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={s.number} aria-hidden="true">
              <span className={s.gap}>…</span>
            </li>
          ) : (
            <li key={p} className={s.number}>
              <Link
                className={p === current ? `${s.page} ${s.current}` : s.page}
                to={hrefFor(p)}
                aria-current={p === current ? 'page' : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li className={s.summary}>
          Page {current} of {totalPages}
        </li>
        <li>
          {current < totalPages ? (
            <Link className={s.step} to={hrefFor(current + 1)} rel="next">
              Next <span aria-hidden="true">›</span>
            </Link>
          ) : (
            <span className={`${s.step} ${s.disabled}`} aria-disabled="true">
              Next <span aria-hidden="true">›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
