import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { foldText, PHONE_DEFAULT_COUNTRY } from '@obra/schema';
import { Combobox } from './combobox.tsx';
import { countryList, countryName, countryOf, guessCountry, type Country } from './countries.ts';
import { checkPhone, loadPhoneRules } from './phone-check.ts';

/** docs/contributors/behaviour.md#validation: at most 15 digits; the country search waits 250 ms. */
const PHONE_MAX_DIGITS = 15;
const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

/** The texts of the phone input, in every widget's `common` catalogue. */
export type PhoneText = `common.phoneInput.${'country' | 'search' | 'countries' | 'noMatch' | 'hint' | 'invalid'}`;
/** A widget's translator, for the phone input's texts. */
export type PhoneTranslate = (key: PhoneText, values?: Record<string, string | number>) => string;

export interface PhoneInputProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** The country the visitor's location is in (ISO code), followed until they pick one here. */
  country?: string | undefined;
  lang: string;
  t: PhoneTranslate;
}

const countryCode = (c: Country) => c.code;
const withDial = (value: string, from: Country, to: Country) => {
  const rest = value.trim().startsWith('+') ? value.trim().replace(new RegExp(`^\\+\\s*${from.dial}\\s*`), '') : value.trim();
  return `+${to.dial} ${rest}`;
};

/**
 * A phone number with its country (docs/contributors/behaviour.md#phone-codes): the country of the visitor's location (else
 * Colombia) until they pick one, in the searchable list the button opens or by typing a dial code (+34 → Spain); at most 15 digits.
 */
export function PhoneInput({ name, label, value, onValue, error, country: located, lang, t }: PhoneInputProps) {
  const id = useId();
  const inferred = located ?? PHONE_DEFAULT_COUNTRY;
  const [country, setCountry] = useState(() => guessCountry(value, inferred) ?? countryOf(inferred));
  // Whether the visitor chose the country here: then a new location no longer changes it. A number
  // shown from the start with another code than the location's (a draft put back) was their choice.
  const [picked, setPicked] = useState(() => country.code !== inferred);
  // The location and the number as last rendered: a new location alone is followed; the two changed
  // together are a draft or a kept send put back, whose number keeps the code it was typed with.
  const seen = useRef({ inferred, value });
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
  // A new location re-prefixes a number whose country was only inferred.
  useEffect(() => {
    const before = seen.current;
    seen.current = { inferred, value };
    if (before.inferred === inferred) return;
    if (before.value !== value) {
      const own = guessCountry(value, inferred) ?? countryOf(inferred);
      setCountry(own);
      setPicked(own.code !== inferred);
      return;
    }
    if (picked) return;
    const next = countryOf(inferred);
    if (value.trim()) onValue(withDial(value, country, next));
    setCountry(next);
  }, [inferred, picked, value, country, onValue]);

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
    setPicked(true);
  };
  const type = (typed: string) => {
    if (typed.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return onValue(value);
    // An emptied field starts over: its country is the location's again.
    if (!typed.trim()) {
      setPicked(false);
      setCountry(countryOf(inferred));
      return onValue(typed);
    }
    // Digits typed without a + belong to the chosen country.
    const next = typed.trimStart().startsWith('+') ? typed : `+${country.dial} ${typed.trimStart()}`;
    const guessed = guessCountry(next, country.code);
    if (guessed && guessed.code !== country.code) {
      setCountry(guessed);
      setPicked(true);
    }
    onValue(next);
  };
  // The name starts with what the button shows (WCAG 2.5.3, label in name), then says what it is.
  const countryLabel = t('common.phoneInput.country', {
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
          onFocus={() => void loadPhoneRules().catch(() => undefined)}
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
            aria-label={t('common.phoneInput.search')}
            text={search}
            onText={setSearch}
            options={list}
            optionKey={countryCode}
            renderOption={(c) => (
              <>
                {names!.get(c.code)} <span className="dial">+{c.dial}</span>
              </>
            )}
            listLabel={t('common.phoneInput.countries')}
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
            noResultsMessage={t('common.phoneInput.noMatch')}
          />
        </div>
      ) : null}
      <p id={`${id}-hint`} className="hint">
        {t('common.phoneInput.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The number's check at the field (docs/contributors/behaviour.md#phone-codes), for the number of
 * `country` (the visitor's location; Colombia without one). `input` gives the phone input's props
 * (not checked as the visitor leaves the field: a message appearing then would move the send
 * button from under a pointer already on its way); `ready`, before a send, puts the number to send in place (its
 * international form) and answers true, or marks the field, saying in the widget's language which
 * country the number is not valid for, calls `invalid` (the form marks its other fields, focuses
 * the first) and answers false. A check that cannot be loaded lets the number go as typed: the
 * server then decides.
 */
export function usePhoneCheck(t: PhoneTranslate, lang: string, country: string | undefined) {
  const [error, setError] = useState<string>();
  const check = async (value: string): Promise<string | undefined> => {
    const verdict = value.trim() ? await checkPhone(value, country ?? PHONE_DEFAULT_COUNTRY) : undefined;
    if (verdict && 'invalid' in verdict) {
      const { code, dial } = verdict.invalid;
      setError(t('common.phoneInput.invalid', { country: countryName(code, lang), dial: `+${dial}` }));
      return undefined;
    }
    setError(undefined);
    return verdict?.international ?? value;
  };
  return {
    error,
    input: (setValue: (value: string) => void) => ({
      country,
      lang,
      t,
      onValue: (next: string) => {
        setError(undefined);
        setValue(next);
      },
    }),
    async ready(value: string, setValue: (value: string) => void, invalid: () => void): Promise<boolean> {
      const number = await check(value);
      if (number === undefined) invalid();
      else if (number !== value.trim()) setValue(number);
      return number !== undefined;
    },
  };
}
