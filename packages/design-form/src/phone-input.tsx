import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { I18n } from '@obra/i18n';
import { foldText } from '@obra/schema';
import { Combobox } from '@obra/ui';
import type { DesignFormCatalogue } from './catalogues.ts';
import { DEFAULT_COUNTRY, countryList, countryName, countryOf, guessCountry, type Country } from './countries.ts';

/** docs/contributors/behaviour.md#validation: at most 15 digits; the country search waits 250 ms. */
const PHONE_MAX_DIGITS = 15;
const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

export interface PhoneInputProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  lang: string;
  i18n: I18n<DesignFormCatalogue>;
}

const countryCode = (c: Country) => c.code;
const withDial = (value: string, from: Country, to: Country) => {
  const rest = value.trim().startsWith('+') ? value.trim().replace(new RegExp(`^\\+\\s*${from.dial}\\s*`), '') : value.trim();
  return `+${to.dial} ${rest}`;
};

/**
 * A phone number with its country (docs/contributors/behaviour.md#phone-codes): a button opens a searchable list of countries
 * (default Colombia); a typed dial code picks the country (+34 → Spain); at most 15 digits.
 */
export function PhoneInput({ name, label, value, onValue, error, lang, i18n }: PhoneInputProps) {
  const { t } = i18n;
  const id = useId();
  const [country, setCountry] = useState(() => guessCountry(value, DEFAULT_COUNTRY) ?? countryOf(DEFAULT_COUNTRY));
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState('');
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
    const q = foldText(filter.trim()).replace(/^\+/, '');
    return q
      ? sorted.filter((c) => foldText(names!.get(c.code)!).includes(q) || c.dial.startsWith(q) || c.code.toLowerCase() === q)
      : sorted;
  }, [filter, names, sorted]);

  const close = () => {
    setOpen(false);
    setSearch('');
    setFilter('');
    buttonRef.current?.focus();
  };
  // The combobox then asks to close (onOpen), which closes the popup.
  const choose = (next: Country) => {
    onValue(withDial(value, country, next));
    setCountry(next);
  };
  const type = (typed: string) => {
    if (typed.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return onValue(value);
    // Digits typed without a + belong to the chosen country.
    const next = typed.trim() && !typed.trimStart().startsWith('+') ? `+${country.dial} ${typed.trimStart()}` : typed;
    const guessed = guessCountry(next, country.code);
    if (guessed && guessed.code !== country.code) setCountry(guessed);
    onValue(next);
  };
  // The name starts with what the button shows (WCAG 2.5.3, label in name), then says what it is.
  const countryLabel = t('designForm.phone.country', {
    code: country.code,
    dial: `+${country.dial}`,
    country: countryName(country.code, lang),
  });
  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className="field phone" data-invalid={error ? '' : undefined}>
      <label htmlFor={`${id}-input`}>
        {label}
        <span aria-hidden="true" className="required">
          {' '}
          *
        </span>
      </label>
      <div className="phone-row">
        <button
          ref={buttonRef}
          type="button"
          className="country-button"
          aria-label={countryLabel}
          aria-haspopup="listbox"
          aria-expanded={open}
          onClick={() => (open ? close() : setOpen(true))}
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
          <Combobox
            id={`${id}-search`}
            inputRef={searchRef}
            type="search"
            aria-label={t('designForm.phone.search')}
            text={search}
            onText={setSearch}
            options={list}
            optionKey={countryCode}
            renderOption={(c) => (
              <>
                {names!.get(c.code)} <span className="dial">+{c.dial}</span>
              </>
            )}
            listLabel={t('designForm.phone.countries')}
            listClassName="listbox"
            open
            onOpen={(next) => next || close()}
            onEscape={close}
            onChoose={choose}
            autoHighlight
            initialHighlight={Math.max(
              0,
              sorted.findIndex((c) => c.code === country.code),
            )}
            blockSubmit
            closeOnBlur={false}
            noResultsMessage={t('designForm.phone.noMatch')}
          />
        </div>
      ) : null}
      <p id={`${id}-hint`} className="hint">
        {t('designForm.phone.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
