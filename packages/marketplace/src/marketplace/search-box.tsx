import { useId, type FormEvent } from 'react';
import { Combobox } from '@obra/ui';
import type { SoftwareItem } from '@obra/catalogue';

export interface SearchBoxProps {
  text: string;
  suggestions: readonly SoftwareItem[];
  /** Category of a suggestion in the current language. */
  categoryOf: (item: SoftwareItem) => string;
  open: boolean;
  labels: { label: string; placeholder: string; button: string; suggestions: string };
  onType: (text: string) => void;
  onApply: () => void;
  onChoose: (text: string) => void;
  onOpen: (open: boolean) => void;
}

const slugOf = (item: SoftwareItem) => item.slug;

/**
 * The search box: the shared {@link Combobox} over the catalogue's names. Enter chooses the
 * highlighted suggestion or, with none, submits (applies the typed text); Esc closes the list,
 * then clears the text.
 */
export function SearchBox({ text, suggestions, categoryOf, open, labels, onType, onApply, onChoose, onOpen }: SearchBoxProps) {
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    <form role="search" className="search" onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`}>{labels.label}</label>
      <div className="search-row">
        <div className="combo">
          <Combobox
            id={`${id}-input`}
            spellCheck={false}
            placeholder={labels.placeholder}
            text={text}
            onText={onType}
            options={suggestions}
            optionKey={slugOf}
            renderOption={(item) => (
              <>
                <span className="option-name">{item.name}</span> <span className="option-category">{categoryOf(item)}</span>
              </>
            )}
            listLabel={labels.suggestions}
            listClassName="suggestions"
            open={open && text.trim() !== ''}
            onOpen={onOpen}
            onChoose={(item) => onChoose(item.name)}
            onEscape={text ? () => onType('') : undefined}
          />
        </div>
        <button type="submit" className="button primary">
          {labels.button}
        </button>
      </div>
    </form>
  );
}
