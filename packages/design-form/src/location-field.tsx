import { useEffect, useId, useRef, useState } from 'react';
import { searchLocation, type Place } from '@obra/api';
import type { I18n } from '@obra/i18n';
import { Combobox } from '@obra/ui';
import type { DesignFormCatalogue } from './catalogues.ts';
import type { DesignValues } from './values.ts';

/** Searches start above 2 characters (docs/contributors/behaviour.md#validation) and wait for a pause in typing. */
const LOCATION_MIN_CHARS = 3;
const LOCATION_DEBOUNCE_MS = 250;

export interface LocationFieldProps {
  i18n: I18n<DesignFormCatalogue>;
  apiBase: string;
  lang: string;
  values: Pick<DesignValues, 'pais' | 'departamento' | 'ciudad'>;
  onChoose: (place: Place) => void;
  /** Logs for the page's developers (the element's `debug` attribute). */
  log: (...what: unknown[]) => void;
}

/** Two places may share a label: the key adds the position. */
const placeKey = (place: Place, i: number) => `${i}-${place.Label}`;
const placeText = ({ ciudad, departamento, pais }: LocationFieldProps['values']) => [ciudad, departamento, pais].filter(Boolean).join(', ');

/**
 * The location autocomplete: the shared {@link Combobox} fed by the debounced gazetteer search.
 * A failed search is only logged; the list stays.
 */
export function LocationField({ i18n, apiBase, lang, values, onChoose, log }: LocationFieldProps) {
  const { t } = i18n;
  const id = useId();
  const [text, setText] = useState(() => placeText(values));
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const typed = useRef(false);
  const chosen = placeText(values);
  const shown = useRef(chosen);

  // A reset or a restored draft changes the chosen place from outside: show it. Not on mount (the
  // state starts with it): the effect runs after paint, and would wipe a key typed at once.
  useEffect(() => {
    if (shown.current === chosen) return;
    shown.current = chosen;
    typed.current = false;
    setText(chosen);
  }, [chosen]);

  useEffect(() => {
    if (!typed.current) return;
    const query = text.trim();
    if (query.length < LOCATION_MIN_CHARS) {
      setPlaces([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchLocation(query, lang, { apiBase, signal: controller.signal }).then(
        (found) => {
          setPlaces(found);
          setOpen(true);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) log('location search failed:', error instanceof Error ? error.message : error);
        },
      );
    }, LOCATION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, lang, apiBase, log]);

  const choose = (place: Place) => {
    typed.current = false;
    onChoose(place);
    setText(place.Label);
  };

  return (
    <div className="field combobox">
      <label htmlFor={`${id}-input`}>{t('designForm.location.label')}</label>
      <Combobox
        id={`${id}-input`}
        name="location"
        aria-describedby={`${id}-hint`}
        text={text}
        onText={(next) => {
          typed.current = true;
          setText(next);
          setOpen(true);
        }}
        options={places}
        optionKey={placeKey}
        renderOption={(place) => place.Label}
        listLabel={t('designForm.location.label')}
        listClassName="listbox"
        open={open}
        onOpen={setOpen}
        onChoose={choose}
        countMessage={(count) => t('designForm.location.results', { count })}
      />
      <p id={`${id}-hint`} className="hint">
        {t('designForm.location.hint')}
      </p>
      <p className="chosen" aria-live="polite">
        {chosen ? t('designForm.location.chosen', { place: chosen }) : ''}
      </p>
    </div>
  );
}
