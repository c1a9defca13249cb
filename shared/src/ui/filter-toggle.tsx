/**
 * The button a search form folds behind on narrow screens: 'Filters' (or
 * 'Hide filters' when open) and how many filters are on. The form decides
 * when it shows: pass a className with `display: none`, and `display:
 * inline-flex` at its breakpoint.
 */
import s from './filter-toggle.module.css';

export interface FilterToggleProps {
  open: boolean;
  onToggle: () => void;
  /** The id of the form it folds. */
  controls: string;
  /** How many filters are on (the badge is left out at 0). */
  active: number;
  /** Sets when the button shows (the shared styles set no display). */
  className?: string;
}

export function FilterToggle({ open, onToggle, controls, active, className }: FilterToggleProps) {
  return (
    <button type="button" className={className ? `${s.toggle} ${className}` : s.toggle} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={s.icon}>
        <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{open ? 'Hide filters' : 'Filters'}</span>
      {active ? (
        <span className={s.count}>
          {active}
          <span className="visually-hidden"> active</span>
        </span>
      ) : null}
    </button>
  );
}
