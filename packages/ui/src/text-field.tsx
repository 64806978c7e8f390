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
  type?: 'text' | 'email' | 'tel' | 'number' | 'url';
  required?: boolean;
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
}

/** A labelled input whose hint and error are linked to it by id (inside the same shadow root). */
export function TextField({ name, label, value, onValue, error, hint, type = 'text', required, autoComplete, inputMode, maxLength }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        {...controlAttributes(id, { name, required, hint, error })}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
