import { useId } from 'react';
import { describedBy } from './describe.ts';
import { FieldMessages } from './field-message.tsx';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
}

export interface RadioGroupProps<V extends string> {
  name: string;
  legend: string;
  options: readonly RadioOption<V>[];
  value: V | '';
  onValue: (value: V) => void;
  error?: string | undefined;
  required?: boolean;
}

/** Native radios in a fieldset: arrow keys move between options, the legend names the group. */
export function RadioGroup<V extends string>({ name, legend, options, value, onValue, error, required }: RadioGroupProps<V>) {
  const id = useId();
  return (
    <fieldset
      className="field radio-group"
      data-invalid={error ? '' : undefined}
      aria-describedby={describedBy(id, undefined, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {legend}
        {required ? <span aria-hidden="true" className="required"> *</span> : null}
      </legend>
      <div className="options">
        {options.map((option) => (
          <label key={option.value} className="option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required}
              onChange={() => onValue(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}
