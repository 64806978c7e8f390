import { useId } from 'react';
import { describedBy } from './describe.ts';
import { FieldMessages } from './field-message.tsx';

export interface TextAreaProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The most characters allowed; the counter shows what is used. */
  maxLength: number;
  /** The counter's text, e.g. "12 / 300", translated by the widget. */
  counter: string;
  error?: string | undefined;
  required?: boolean;
  rows?: number;
}

/** A labelled textarea with a character counter, linked to it as a description. */
export function TextArea({ name, label, value, onValue, maxLength, counter, error, required, rows = 4 }: TextAreaProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true" className="required"> *</span> : null}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy(id, undefined, error), counterId].filter(Boolean).join(' ')}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      <p id={counterId} className="counter" data-full={value.length >= maxLength ? '' : undefined}>
        {counter}
      </p>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
