import { useId } from 'react';
import { describedBy } from './describe.ts';
import { FieldMessages } from './field-message.tsx';
import { RadioOptions, type RadioOption } from './radio-options.tsx';

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
      aria-describedby={describedBy(id, { error })}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        {legend}
        {required ? (
          <span aria-hidden="true" className="required">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      <RadioOptions name={name} options={options} value={value} onValue={onValue} required={required} />
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}
