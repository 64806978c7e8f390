import { useId, type InputHTMLAttributes } from 'react';
import { controlAttributes } from './describe.ts';
import { FieldLabel, FieldMessages } from './field-message.tsx';

export interface TextFieldProps {
  /** The form field name; also used by the widget to find and focus the control. */
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** A translated message; its presence marks the control invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  /** A character counter's translated text ("12 / 120"), linked as a description; marked when `maxLength` is reached. */
  counter?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'number' | 'url';
  required?: boolean;
  /** Not editable and left out of the submission (the browser's `disabled`). */
  disabled?: boolean;
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number | undefined;
}

/** A labelled input whose hint, counter and error are linked to it by id (inside the same shadow root). */
export function TextField({
  name,
  label,
  value,
  onValue,
  error,
  hint,
  counter,
  type = 'text',
  required,
  disabled,
  autoComplete,
  inputMode,
  maxLength,
}: TextFieldProps) {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        {...controlAttributes(id, { name, required, disabled, hint, counter, error })}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        // A measure, never negative; any decimals.
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 'any' : undefined}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      <FieldMessages id={id} hint={hint} counter={counter} full={maxLength !== undefined && value.length >= maxLength} error={error} />
    </div>
  );
}
