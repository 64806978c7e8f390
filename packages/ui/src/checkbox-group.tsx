import { useId } from 'react';
import { describedBy } from './describe.ts';
import { FieldMessages } from './field-message.tsx';

export interface CheckboxOption<V extends string> {
  value: V;
  label: string;
}

export interface CheckboxGroupProps<V extends string> {
  name: string;
  legend: string;
  options: readonly CheckboxOption<V>[];
  /** The checked values. */
  values: readonly V[];
  /** One box checked or unchecked: the caller adds the value to its list or removes it. */
  onChange: (value: V, checked: boolean) => void;
  error?: string | undefined;
  /** Not changeable, and left out of the submission. */
  disabled?: boolean;
}

/** Native checkboxes in a fieldset whose legend names the set; the checked values form a list. */
export function CheckboxGroup<V extends string>({ name, legend, options, values, onChange, error, disabled }: CheckboxGroupProps<V>) {
  const id = useId();
  return (
    <fieldset
      className="field checkbox-group"
      disabled={disabled}
      data-invalid={error ? '' : undefined}
      aria-describedby={describedBy(id, { error })}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="options">
        {options.map((option) => (
          <label key={option.value} className="option">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={values.includes(option.value)}
              onChange={(event) => onChange(option.value, event.currentTarget.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}
