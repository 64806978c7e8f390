import { useId } from 'react';
import { controlAttributes, describedBy } from './describe.ts';
import { FieldLabel, FieldMessages } from './field-message.tsx';

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
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        {...controlAttributes(id, { name, required, error })}
        value={value}
        rows={rows}
        maxLength={maxLength}
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
