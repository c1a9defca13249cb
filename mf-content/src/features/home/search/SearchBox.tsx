import { ROUTES } from '@roomnest/shared';
import { Button, Field } from '@roomnest/shared/ui';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { parseHomeSearch, type SearchErrors, type SearchInput } from './parse-search.ts';
import { homeSearchUrl, type SearchMode } from './search-url.ts';
import s from './search-box.module.css';

const MODES: { value: SearchMode; label: string }[] = [
  { value: 'rooms', label: 'Rooms' },
  { value: 'flatmates', label: 'Flatmates' },
];

/**
 * Rooms or flatmates, a location and (rooms only) a rent range; submit opens
 * the matching search. It uses the shared `Field` layout but not
 * `useZodForm`: three fields that only build a URL do not justify shipping
 * zod and react-hook-form (about 40 kB gzip) with the Home page.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const modeName = useId();
  const [mode, setMode] = useState<SearchMode>('rooms');
  const [input, setInput] = useState<SearchInput>({ location: '', minPrice: '', maxPrice: '' });
  const [errors, setErrors] = useState<SearchErrors>({});
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);

  const bind = (name: keyof SearchInput) => ({
    name,
    value: input[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setInput((current) => ({ ...current, [name]: e.target.value }));
      if (name !== 'location' && errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const chooseMode = (next: SearchMode) => {
    setMode(next);
    setErrors({});
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = parseHomeSearch(mode, input);
    setErrors(result.errors);
    if (result.errors.minPrice) minRef.current?.focus();
    else if (result.errors.maxPrice) maxRef.current?.focus();
    else navigate(homeSearchUrl(mode, result.search));
  };

  return (
    <form className={s.box} onSubmit={submit} noValidate role="search" aria-label="Search rooms and flatmates">
      <fieldset className={s.modes}>
        <legend className="visually-hidden">What are you looking for?</legend>
        {MODES.map((m) => (
          <label key={m.value} className={s.mode}>
            <input
              type="radio"
              name={modeName}
              value={m.value}
              checked={mode === m.value}
              onChange={() => chooseMode(m.value)}
              className={s.modeInput}
            />
            <span className={s.modeLabel}>{m.label}</span>
          </label>
        ))}
      </fieldset>

      <div className={mode === 'rooms' ? s.fields : `${s.fields} ${s.fieldsFlatmates}`}>
        <div className={s.location}>
          <Field label="Location">
            {(ids) => (
              <input
                {...ids}
                {...bind('location')}
                type="text"
                autoComplete="address-level2"
                placeholder={mode === 'rooms' ? 'e.g. London, Hackney or E8' : 'e.g. Stratford'}
              />
            )}
          </Field>
        </div>
        {mode === 'rooms' ? (
          <>
            <div className={s.rent}>
              <Field label="Min rent (£/month)" error={errors.minPrice}>
                {(ids) => <input {...ids} {...bind('minPrice')} ref={minRef} type="number" inputMode="numeric" min={0} step="any" placeholder="No min" />}
              </Field>
            </div>
            <div className={s.rent}>
              <Field label="Max rent (£/month)" error={errors.maxPrice}>
                {(ids) => <input {...ids} {...bind('maxPrice')} ref={maxRef} type="number" inputMode="numeric" min={0} step="any" placeholder="No max" />}
              </Field>
            </div>
          </>
        ) : null}
        <div className={s.submit}>
          <Button type="submit" variant="accent" size="lg" block>
            {mode === 'rooms' ? 'Search rooms' : 'Search flatmates'}
          </Button>
        </div>
      </div>

      <p className={s.advanced}>
        <Link to={mode === 'rooms' ? ROUTES.rooms : ROUTES.flatmates}>Advanced Search</Link>
        <span aria-hidden="true"> →</span>
      </p>
    </form>
  );
}
