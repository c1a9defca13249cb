import { calendarDate, type FlatmateSearchQuery } from '@roomnest/shared';
import { Button, Field, FilterToggle } from '@roomnest/shared/ui';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { activeFilterCount, BUDGET_LIMIT, LOCATIONS_MAX_LENGTH } from './search-query.ts';
import s from './filter-bar.module.css';

type FieldName = 'locations' | 'budgetMin' | 'budgetMax' | 'moveIn';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const toValues = (search: FlatmateSearchQuery): Values => ({
  locations: search.preferred_locations ?? '',
  budgetMin: search.budget_min === undefined ? '' : String(search.budget_min),
  budgetMax: search.budget_max === undefined ? '' : String(search.budget_max),
  moveIn: search.move_in_date ?? '',
});

function readBudget(raw: string, label: string): { value?: number; error?: string } {
  const text = raw.trim();
  if (!text) return {};
  if (!/^\d+$/.test(text) || Number(text) > BUDGET_LIMIT) return { error: `${label} must be a whole number of pounds, from 0 to ${BUDGET_LIMIT.toLocaleString('en-GB')}.` };
  return { value: Number(text) };
}

/** The form as a search (page left out: new filters start again at page 1), or what is wrong with it. */
export function toSearch(values: Values): { search: FlatmateSearchQuery; errors: Errors } {
  const errors: Errors = {};
  const min = readBudget(values.budgetMin, 'Min budget');
  const max = readBudget(values.budgetMax, 'Max budget');
  if (min.error) errors.budgetMin = min.error;
  if (max.error) errors.budgetMax = max.error;
  if (!errors.budgetMin && !errors.budgetMax && min.value !== undefined && max.value !== undefined && max.value < min.value) {
    errors.budgetMax = 'Max budget must be at least the min budget.';
  }
  const locations = values.locations.replace(/\s+/g, ' ').trim();
  if (locations.length > LOCATIONS_MAX_LENGTH) errors.locations = `Preferred locations must be at most ${LOCATIONS_MAX_LENGTH} characters.`;
  const moveIn = values.moveIn.trim();
  if (moveIn && !calendarDate(moveIn)) errors.moveIn = 'Please enter a valid date.';
  return {
    errors,
    search: {
      preferred_locations: locations || undefined,
      budget_min: min.value,
      budget_max: max.value,
      move_in_date: moveIn || undefined,
    },
  };
}

export interface FilterBarProps {
  /** The search in the URL; the form starts from it (give the bar a `key` per URL to reset it). */
  search: FlatmateSearchQuery;
  onApply: (search: FlatmateSearchQuery) => void;
  onClear: () => void;
}

const ORDER: FieldName[] = ['locations', 'budgetMin', 'budgetMax', 'moveIn'];

/** Preferred locations, budget and move-in date. Apply rewrites the query string; Clear empties it. */
export function FilterBar({ search, onApply, onClear }: FilterBarProps) {
  const [values, setValues] = useState<Values>(() => toValues(search));
  const [errors, setErrors] = useState<Errors>({});
  const [open, setOpen] = useState(false);
  const formId = useId();
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const active = activeFilterCount(search);

  const bind = (name: FieldName) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      refs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = toSearch(values);
    setErrors(result.errors);
    const firstWrong = ORDER.find((k) => result.errors[k]);
    if (firstWrong) {
      refs.current[firstWrong]?.focus();
      return;
    }
    setOpen(false);
    onApply(result.search);
  };

  const clear = () => {
    setValues(toValues({}));
    setErrors({});
    setOpen(false);
    onClear();
  };

  return (
    <div className={s.wrap}>
      {/* Phones: the filters fold behind this button, which says how many are on. */}
      <FilterToggle className={s.toggle} open={open} onToggle={() => setOpen((o) => !o)} controls={formId} active={active} />
      <form id={formId} className={open ? `${s.bar} ${s.open}` : s.bar} onSubmit={submit} noValidate role="search" aria-label="Filter flatmates">
        <div className={s.locations}>
          <Field label="Preferred locations" hint="One or more areas, separated by commas" error={errors.locations}>
            {(ids) => <input {...ids} {...bind('locations')} type="text" autoComplete="off" placeholder="e.g. Hackney, Stratford" />}
          </Field>
        </div>
        <Field label="Min budget (£)" error={errors.budgetMin}>
          {(ids) => <input {...ids} {...bind('budgetMin')} type="number" inputMode="numeric" min={0} max={BUDGET_LIMIT} step={1} placeholder="No min" />}
        </Field>
        <Field label="Max budget (£)" error={errors.budgetMax}>
          {(ids) => <input {...ids} {...bind('budgetMax')} type="number" inputMode="numeric" min={0} max={BUDGET_LIMIT} step={1} placeholder="No max" />}
        </Field>
        <div className={s.moveIn}>
          <Field label="Move-in by" hint="Ready to move in on or before" error={errors.moveIn}>
            {(ids) => <input {...ids} {...bind('moveIn')} type="date" />}
          </Field>
        </div>
        <div className={s.actions}>
          <Button type="submit">Apply</Button>
          <Button variant="ghost" onClick={clear} disabled={active === 0 && !ORDER.some((k) => values[k])}>
            Clear
          </Button>
        </div>
      </form>
    </div>
  );
}
