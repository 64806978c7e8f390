import { useId, type FormEvent, type KeyboardEvent } from 'react';
import type { SoftwareItem } from '../catalogue/types.ts';

export interface SearchBoxProps {
  text: string;
  suggestions: readonly SoftwareItem[];
  /** Category of a suggestion in the current language. */
  categoryOf: (item: SoftwareItem) => string;
  open: boolean;
  active: number;
  labels: { label: string; placeholder: string; button: string; suggestions: string };
  onType: (text: string) => void;
  onApply: () => void;
  onChoose: (text: string) => void;
  onMove: (delta: 1 | -1) => void;
  onClose: () => void;
}

/**
 * The search box: a WAI-ARIA APG combobox with a listbox popup. Focus stays in the input; the
 * highlighted option is announced through aria-activedescendant. Enter chooses the highlighted
 * option or, with none, submits (applies the typed text); Esc closes the list, then clears.
 */
export function SearchBox({ text, suggestions, categoryOf, open, active, labels, onType, onApply, onChoose, onMove, onClose }: SearchBoxProps) {
  const id = useId();
  const expanded = open && text.trim() !== '' && suggestions.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const chosen = expanded && active >= 0 ? suggestions[active] : undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onMove(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      onChoose(chosen.name);
    } else if (event.key === 'Escape') {
      if (expanded) onClose();
      else if (text) onType('');
      else return;
      event.preventDefault();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    <form role="search" className="search" onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`}>{labels.label}</label>
      <div className="search-row">
        <div className="combo">
          <input
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={labels.placeholder}
            value={text}
            onChange={(event) => onType(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={onClose}
          />
          <ul id={`${id}-listbox`} role="listbox" aria-label={labels.suggestions} className="suggestions" hidden={!expanded}>
            {expanded
              ? suggestions.map((item, i) => (
                  <li
                    key={item.slug}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    // mousedown would blur the input (closing the list) before the click lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onChoose(item.name)}
                  >
                    <span className="option-name">{item.name}</span> <span className="option-category">{categoryOf(item)}</span>
                  </li>
                ))
              : null}
          </ul>
        </div>
        <button type="submit" className="button primary">
          {labels.button}
        </button>
      </div>
    </form>
  );
}
