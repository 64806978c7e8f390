import { useId } from 'react';
import { controlAttributes } from './describe.ts';
import { FieldLabel, FieldMessages } from './field-message.tsx';

export interface TextAreaProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The most characters allowed; the counter shows what is used. */
  maxLength: number;
  /** The counter's text, e.g. "12 / 300", translated by the widget; marked when `maxLength` is reached. */
  counter?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  /** Not editable and left out of the submission (the browser's `disabled`). */
  disabled?: boolean;
  rows?: number;
}

/** A labelled textarea with an optional character counter, linked to it as a description. */
export function TextArea({ name, label, value, onValue, maxLength, counter, error, hint, required, disabled, rows = 4 }: TextAreaProps) {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        {...controlAttributes(id, { name, required, disabled, hint, counter, error })}
        value={value}
        rows={rows}
        maxLength={maxLength}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      <FieldMessages id={id} hint={hint} counter={counter} full={value.length >= maxLength} error={error} />
    </div>
  );
}
