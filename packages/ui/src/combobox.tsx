import { useEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, type Ref } from 'react';

/** What the input takes besides what the combobox itself sets. */
type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  | 'id'
  | 'role'
  | 'value'
  | 'onChange'
  | 'onKeyDown'
  | 'onBlur'
  | 'aria-expanded'
  | 'aria-controls'
  | 'aria-activedescendant'
  | 'aria-autocomplete'
>;

export interface ComboboxProps<T> extends InputProps {
  /** The input's id (a `<label for>` names it, or pass `aria-label`); the list and options derive theirs. */
  id: string;
  /** The text in the input. */
  text: string;
  /** Typing (the caller filters or searches, and usually opens the list). */
  onText: (text: string) => void;
  /** The options to offer now; the list shows when `open` and there is at least one. */
  options: readonly T[];
  /** A key per option (with its position when labels may repeat); a new set of keys resets the highlight. */
  optionKey: (option: T, index: number) => string;
  /** An option's content (its text is its accessible name). */
  renderOption: (option: T) => ReactNode;
  /** The list's accessible name. */
  listLabel: string;
  /** A class for the list (the widget's own look). */
  listClassName?: string;
  /** Whether the list may show. */
  open: boolean;
  /** Asks to open (an arrow key on a closed list) or close (Escape, a choice, leaving the input). */
  onOpen: (open: boolean) => void;
  /** An option chosen by Enter or a click; the combobox then asks to close. */
  onChoose: (option: T) => void;
  /** Escape on a closed list (e.g. clear the text); without it Escape on a closed list does nothing. */
  onEscape?: () => void;
  /** Highlight the first option whenever the options change (a picker whose Enter always picks). */
  autoHighlight?: boolean;
  /** The option highlighted when the combobox appears (for a picker: the current choice). */
  initialHighlight?: number;
  /** Enter never submits the surrounding form (a picker inside another form). */
  blockSubmit?: boolean;
  /** Leaving the input closes the list (default); off when the caller closes on its popup's blur. */
  closeOnBlur?: boolean;
  /** The polite status while the list shows, e.g. "3 results". */
  countMessage?: (count: number) => string;
  /** Shown (and announced) while open with no options, e.g. "No country matches". */
  noResultsMessage?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A WAI-ARIA 1.2 combobox with a listbox popup (APG "list autocomplete"). Focus stays in the input;
 * the highlighted option is announced through aria-activedescendant. ↓/↑ open the list or move
 * (wrapping), Home/End go to the first/last option of an open list, Enter chooses the highlighted
 * option (else submits the form, unless `blockSubmit`), Escape closes the list, then `onEscape`.
 * A click chooses an option without the input losing focus. The caller owns the text, the options
 * and whether the list is open; the highlight lives here.
 */
export function Combobox<T>({
  id,
  text,
  onText,
  options,
  optionKey,
  renderOption,
  listLabel,
  listClassName,
  open,
  onOpen,
  onChoose,
  onEscape,
  autoHighlight = false,
  initialHighlight,
  blockSubmit = false,
  closeOnBlur = true,
  countMessage,
  noResultsMessage,
  inputRef,
  ...inputProps
}: ComboboxProps<T>) {
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const start = autoHighlight ? 0 : -1;
  const keys = options.map(optionKey).join('\n');
  const [highlight, setHighlight] = useState({ keys, index: initialHighlight ?? start });
  // New options (typed text, search results) start from the default highlight: adjusted while
  // rendering, so no frame shows a highlight on an option that has just moved.
  let active = highlight.index;
  if (highlight.keys !== keys) {
    active = start;
    setHighlight({ keys, index: start });
  }
  const setActive = (index: number) => setHighlight({ keys, index });
  const count = options.length;
  const expanded = open && count > 0;
  const current = expanded && active >= 0 && active < count ? active : -1;
  const listRef = useRef<HTMLUListElement>(null);
  // A long list (the countries) scrolls to keep the highlighted option in sight.
  useEffect(() => {
    if (current >= 0) listRef.current?.children[current]?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const choose = (option: T) => {
    setActive(start);
    onChoose(option);
    onOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      if (!count) return;
      event.preventDefault();
      const step = key === 'ArrowDown' ? 1 : -1;
      if (!expanded) onOpen(true);
      setActive(current < 0 ? (step > 0 ? 0 : count - 1) : (current + step + count) % count);
    } else if ((key === 'Home' || key === 'End') && expanded) {
      event.preventDefault();
      setActive(key === 'Home' ? 0 : count - 1);
    } else if (key === 'Enter') {
      if (current >= 0) choose(options[current]!);
      else if (!blockSubmit) return;
      event.preventDefault();
    } else if (key === 'Escape') {
      if (expanded) {
        setActive(start);
        onOpen(false);
      } else if (onEscape) onEscape();
      else return;
      // The list (or the caller's step) takes this Escape, not an enclosing dialog.
      event.preventDefault();
      event.stopPropagation();
    }
  };
  const status = expanded ? countMessage?.(count) : open && !count ? noResultsMessage : undefined;

  return (
    <>
      <input
        type="text"
        autoComplete="off"
        {...inputProps}
        ref={inputRef}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={closeOnBlur ? () => onOpen(false) : undefined}
      />
      <ul ref={listRef} id={listId} role="listbox" aria-label={listLabel} className={listClassName} hidden={!expanded}>
        {expanded
          ? options.map((option, i) => (
              <li
                key={optionKey(option, i)}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                // mousedown would blur the input (closing the list) before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {renderOption(option)}
              </li>
            ))
          : null}
      </ul>
      {/* One region from the first paint (a live region added later is not announced), when there
          is anything to say; the "no results" line is visible, the count is for screen readers only. */}
      {countMessage || noResultsMessage ? (
        <p role="status" className={status && !expanded ? 'hint' : 'visually-hidden'}>
          {status ?? ''}
        </p>
      ) : null}
    </>
  );
}
