import { useId } from 'react';
import { controlAttributes } from './describe.ts';
import { FieldLabel, FieldMessages } from './field-message.tsx';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string> {
  /** The form field name; also used by the widget to find and focus the control. */
  name: string;
  label: string;
  options: readonly SelectOption<V>[];
  /** The chosen value, or '' while nothing is chosen (the placeholder option shows). */
  value: V | '';
  onValue: (value: V | '') => void;
  /** The text of the first, empty option, e.g. "Choose…"; choosing it means "nothing chosen". */
  placeholder: string;
  /** A translated message; its presence marks the control invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  autoComplete?: string;
}

/**
 * A labelled native `<select>` whose hint and error are linked to it by id, like TextField. Native
 * on purpose: phones open their own picker, and keyboard and screen-reader support come for free.
 */
export function Select<V extends string>({
  name,
  label,
  options,
  value,
  onValue,
  placeholder,
  error,
  hint,
  required,
  autoComplete,
}: SelectProps<V>) {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="select-control">
        <select
          {...controlAttributes(id, { name, required, hint, error })}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onValue(event.currentTarget.value as V | '')}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
