/**
 * A choice of one among a few, each written out with a short label and a sentence (how often a saved search
 * emails, the account type at registration): a fieldset of radio buttons drawn as cards, stacked or, for two
 * short ones, side by side (stacked again on a narrow phone). `inputProps` goes on every radio, so react-hook-form's
 * `register(name)` fits as it is.
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import s from './radio-choices.module.css';

export interface RadioChoice<T extends string> {
  value: T;
  label: string;
  hint?: string;
}

export interface RadioChoicesProps<T extends string> {
  legend: string;
  choices: readonly RadioChoice<T>[];
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & { ref?: Ref<HTMLInputElement> };
  error?: string | undefined;
  /** Side by side (two short choices) instead of stacked. */
  inline?: boolean;
}

export function RadioChoices<T extends string>({ legend, choices, inputProps, error, inline = false }: RadioChoicesProps<T>) {
  const id = useId();
  return (
    <fieldset className={s.group} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={s.legend}>{legend}</legend>
      <div className={inline ? `${s.choices} ${s.inline}` : s.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={s.choice}>
            <input {...inputProps} type="radio" value={choice.value} className={s.radio} aria-describedby={choice.hint ? `${id}-${choice.value}` : undefined} />
            <span>
              <span className={s.title}>{choice.label}</span>
              {choice.hint ? (
                <span id={`${id}-${choice.value}`} className={s.hint}>
                  {choice.hint}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <span id={`${id}-error`} className={s.error} role="alert">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
