import { PRICE_RANGES, ROOM_TYPES } from '@roomnest/shared';
import { Button, Field, FilterToggle, Options } from '@roomnest/shared/ui';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { activeFilterCount, type RoomSearch } from './search-query.ts';
import s from './filter-panel.module.css';

type TextKey = 'city' | 'address' | 'minPrice' | 'maxPrice' | 'priceRange' | 'roomType' | 'availableDate';
type FormValues = Record<TextKey, string>;
type RentErrors = Partial<Record<'minPrice' | 'maxPrice', string>>;

const RENT_MAX = 1_000_000;

const toForm = (search: RoomSearch): FormValues => ({
  city: search.city ?? '',
  address: search.address ?? '',
  minPrice: search.minPrice === undefined ? '' : String(search.minPrice),
  maxPrice: search.maxPrice === undefined ? '' : String(search.maxPrice),
  priceRange: search.priceRange ?? '',
  roomType: search.roomType ?? '',
  availableDate: search.availableDate ?? '',
});

function parseRent(raw: string, label: string): { value?: number; error?: string } {
  const text = raw.trim();
  if (!text) return {};
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > RENT_MAX) return { error: `${label} must be an amount in pounds, 0 or more.` };
  return { value };
}

const text = (v: string) => v.trim() || undefined;

/** The form's values as filters (the sort order is the page's, the page left out: applying filters starts again at page 1), or the rent errors. */
function toSearch(values: FormValues): { search: RoomSearch; errors: RentErrors } {
  const min = parseRent(values.minPrice, 'Min rent');
  const max = parseRent(values.maxPrice, 'Max rent');
  const errors: RentErrors = {};
  if (min.error) errors.minPrice = min.error;
  if (max.error) errors.maxPrice = max.error;
  if (!errors.minPrice && !errors.maxPrice && min.value !== undefined && max.value !== undefined && max.value < min.value) {
    errors.maxPrice = 'Max rent must be at least the min rent.';
  }
  return {
    errors,
    search: {
      city: text(values.city),
      address: text(values.address),
      minPrice: min.value,
      maxPrice: max.value,
      priceRange: text(values.priceRange),
      roomType: (text(values.roomType) as RoomSearch['roomType']) ?? undefined,
      availableDate: text(values.availableDate),
    },
  };
}

export interface FilterPanelProps {
  /** The search in the URL; the form starts from it (give the panel a `key` per set of filters to reset it). */
  search: RoomSearch;
  /** The filters applied; the page keeps its sort order. */
  onApply: (search: RoomSearch) => void;
  onClear: () => void;
}

/**
 * Location, rent, room type and move-in date. Apply Filters rewrites the
 * query string. On narrow screens the panel folds behind a Filters button
 * that shows how many filters are on. The sort order is not in it: it applies
 * at once, beside the results (RoomSearchPage).
 */
export function FilterPanel({ search, onApply, onClear }: FilterPanelProps) {
  const [values, setValues] = useState<FormValues>(() => toForm(search));
  const [errors, setErrors] = useState<RentErrors>({});
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  const active = activeFilterCount(search);

  const bind = (name: TextKey) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      if ((name === 'minPrice' || name === 'maxPrice') && errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = toSearch(values);
    setErrors(result.errors);
    if (result.errors.minPrice) return minRef.current?.focus();
    if (result.errors.maxPrice) return maxRef.current?.focus();
    setOpen(false);
    onApply(result.search);
  };

  const clear = () => {
    setValues(toForm({}));
    setErrors({});
    setOpen(false);
    onClear();
  };

  return (
    <aside className={s.aside} aria-label="Search filters">
      <FilterToggle className={s.toggle} open={open} onToggle={() => setOpen((o) => !o)} controls={panelId} active={active} />

      <form id={panelId} className={open ? `${s.panel} ${s.open}` : s.panel} onSubmit={submit} noValidate role="search" aria-label="Filter rooms">
        <fieldset className={s.group}>
          <legend className={s.legend}>Location</legend>
          <Field label="City, area or postcode">
            {(ids) => <input {...ids} {...bind('city')} type="text" autoComplete="address-level2" placeholder="e.g. London, Hackney or E8" />}
          </Field>
          <Field label="Area or street">
            {(ids) => <input {...ids} {...bind('address')} type="text" placeholder="e.g. Hackney or Mare Street" />}
          </Field>
        </fieldset>

        <fieldset className={s.group}>
          <legend className={s.legend}>Rent per month</legend>
          <Field label="Price range">
            {(ids) => (
              <select {...ids} {...bind('priceRange')}>
                <Options choices={PRICE_RANGES} empty="Any price" />
              </select>
            )}
          </Field>
          <div className={s.pair}>
            <Field label="Min rent (£)" error={errors.minPrice}>
              {(ids) => <input {...ids} {...bind('minPrice')} ref={minRef} type="number" inputMode="numeric" min={0} step="any" placeholder="No min" />}
            </Field>
            <Field label="Max rent (£)" error={errors.maxPrice}>
              {(ids) => <input {...ids} {...bind('maxPrice')} ref={maxRef} type="number" inputMode="numeric" min={0} step="any" placeholder="No max" />}
            </Field>
          </div>
        </fieldset>

        <fieldset className={s.group}>
          <legend className={s.legend}>Room</legend>
          <Field label="Room type">
            {(ids) => (
              <select {...ids} {...bind('roomType')}>
                <Options choices={ROOM_TYPES} empty="Any type" />
              </select>
            )}
          </Field>
          <Field label="Move-in date" hint="Rooms available on or before this day">
            {(ids) => <input {...ids} {...bind('availableDate')} type="date" />}
          </Field>
        </fieldset>

        <div className={s.actions}>
          <Button type="submit" block>
            Apply Filters
          </Button>
          <Button variant="ghost" block onClick={clear}>
            Clear filters
          </Button>
        </div>
      </form>
    </aside>
  );
}
