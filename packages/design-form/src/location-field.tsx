import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { searchLocation, type Place } from '@obra/api';
import type { I18n } from '@obra/i18n';
import type { DesignFormCatalogue } from './catalogues.ts';
import type { DesignValues } from './values.ts';

/** Searches start above 2 characters (SPEC.md §5) and wait for a pause in typing. */
export const LOCATION_MIN_CHARS = 3;
export const LOCATION_DEBOUNCE_MS = 250;

export interface LocationFieldProps {
  i18n: I18n<DesignFormCatalogue>;
  apiBase: string;
  lang: string;
  values: Pick<DesignValues, 'pais' | 'departamento' | 'ciudad'>;
  onChoose: (place: Place) => void;
}

const placeText = ({ ciudad, departamento, pais }: LocationFieldProps['values']) => [ciudad, departamento, pais].filter(Boolean).join(', ');

/**
 * The location autocomplete: a WAI-ARIA APG combobox with a listbox popup (aria-activedescendant;
 * arrows move, Enter chooses, Esc closes). A failed search is only logged; the list stays.
 */
export function LocationField({ i18n, apiBase, lang, values, onChoose }: LocationFieldProps) {
  const { t } = i18n;
  const id = useId();
  const [text, setText] = useState(() => placeText(values));
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchLocation(query, lang, { apiBase, signal: controller.signal }).then(
        (found) => {
          setPlaces(found);
          setActive(-1);
          setOpen(true);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.error('[obra-design-form] location search failed:', error instanceof Error ? error.message : error);
        },
      );
    }, LOCATION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, lang, apiBase]);

  const expanded = open && places.length > 0;
  const choose = (place: Place) => {
    typed.current = false;
    onChoose(place);
    setText(place.Label);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!places.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((current) => (!expanded ? (step > 0 ? 0 : places.length - 1) : (current + step + places.length) % places.length));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(places[active]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="field combobox">
      <label htmlFor={`${id}-input`}>{t('designForm.location.label')}</label>
      <input
        id={`${id}-input`}
        name="location"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => {
          typed.current = true;
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <p id={`${id}-hint`} className="hint">{t('designForm.location.hint')}</p>
      <ul id={`${id}-list`} role="listbox" className="listbox" aria-label={t('designForm.location.label')} hidden={!expanded}>
        {places.map((place, i) => (
          <li
            key={`${place.Label}-${i}`}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown would blur the input (closing the list) before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(place)}
          >
            {place.Label}
          </li>
        ))}
      </ul>
      <p className="chosen" aria-live="polite">{chosen ? t('designForm.location.chosen', { place: chosen }) : ''}</p>
      <div role="status" className="visually-hidden">{expanded ? t('designForm.location.results', { count: places.length }) : ''}</div>
    </div>
  );
}
