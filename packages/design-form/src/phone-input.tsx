import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { I18n } from '@obra/i18n';
import type { DesignFormCatalogue } from './catalogues.ts';
import { DEFAULT_COUNTRY, countryList, countryName, countryOf, guessCountry, type Country } from './countries.ts';

/** SPEC.md §5 and §9: at most 15 digits; the country search waits 250 ms. */
export const PHONE_MAX_DIGITS = 15;
export const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

export interface PhoneInputProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  lang: string;
  i18n: I18n<DesignFormCatalogue>;
}

const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const withDial = (value: string, from: Country, to: Country) => {
  const rest = value.trim().startsWith('+') ? value.trim().replace(new RegExp(`^\\+\\s*${from.dial}\\s*`), '') : value.trim();
  return `+${to.dial} ${rest}`;
};

/**
 * A phone number with its country (DESIGN.md §5.9): a button opens a searchable list of countries
 * (default Colombia); a typed dial code picks the country (+34 → Spain); at most 15 digits.
 */
export function PhoneInput({ name, label, value, onValue, error, lang, i18n }: PhoneInputProps) {
  const { t } = i18n;
  const id = useId();
  const [country, setCountry] = useState(() => guessCountry(value, DEFAULT_COUNTRY) ?? countryOf(DEFAULT_COUNTRY));
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setFilter(search), COUNTRY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  // The list is named and sorted only once the popup opens (see countryList).
  const { names, sorted } = useMemo(() => (open ? countryList(lang) : { names: undefined, sorted: [] }), [open, lang]);
  const list = useMemo(() => {
    const q = fold(filter.trim()).replace(/^\+/, '');
    return q ? sorted.filter((c) => fold(names!.get(c.code)!).includes(q) || c.dial.startsWith(q) || c.code.toLowerCase() === q) : sorted;
  }, [filter, names, sorted]);

  const close = () => {
    setOpen(false);
    setSearch('');
    setFilter('');
    buttonRef.current?.focus();
  };
  const choose = (next: Country) => {
    onValue(withDial(value, country, next));
    setCountry(next);
    close();
  };
  const type = (typed: string) => {
    if (typed.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return onValue(value);
    // Digits typed without a + belong to the chosen country.
    const next = typed.trim() && !typed.trimStart().startsWith('+') ? `+${country.dial} ${typed.trimStart()}` : typed;
    const guessed = guessCountry(next, country.code);
    if (guessed && guessed.code !== country.code) setCountry(guessed);
    onValue(next);
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + list.length) % Math.max(list.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = list[active];
      if (chosen) choose(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };
  const countryLabel = t('designForm.phone.country', { country: countryName(country.code, lang), dial: `+${country.dial}` });
  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className="field phone" data-invalid={error ? '' : undefined}>
      <label htmlFor={`${id}-input`}>
        {label}
        <span aria-hidden="true" className="required"> *</span>
      </label>
      <div className="phone-row">
        <button
          ref={buttonRef}
          type="button"
          className="country-button"
          aria-label={countryLabel}
          aria-haspopup="listbox"
          aria-expanded={open}
          onClick={() => (open ? close() : (setActive(Math.max(0, countryList(lang).sorted.findIndex((c) => c.code === country.code))), setOpen(true)))}
        >
          {country.code} +{country.dial}
        </button>
        <input
          id={`${id}-input`}
          name={name}
          type="tel"
          autoComplete="tel"
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => type(event.currentTarget.value)}
        />
      </div>
      {open ? (
        <div
          className="country-popup"
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          <input
            ref={searchRef}
            type="search"
            role="combobox"
            aria-label={t('designForm.phone.search')}
            aria-expanded="true"
            aria-controls={`${id}-countries`}
            aria-autocomplete="list"
            aria-activedescendant={list[active] ? `${id}-c-${list[active].code}` : undefined}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          <ul id={`${id}-countries`} role="listbox" className="listbox" aria-label={t('designForm.phone.countries')}>
            {list.map((c, i) => (
              <li
                key={c.code}
                id={`${id}-c-${c.code}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(c)}
              >
                {names!.get(c.code)} <span className="dial">+{c.dial}</span>
              </li>
            ))}
          </ul>
          {list.length ? null : <p className="hint">{t('designForm.phone.noMatch')}</p>}
        </div>
      ) : null}
      <p id={`${id}-hint`} className="hint">{t('designForm.phone.hint')}</p>
      {error ? <p id={`${id}-error`} className="error">{error}</p> : null}
    </div>
  );
}
