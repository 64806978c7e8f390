import { useId, type InputHTMLAttributes } from 'react';

export interface InputFieldProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string | undefined;
  /** A live counter line ("12 of 120 characters"), linked as a description. */
  counter?: string | undefined;
  error?: string | undefined;
  type?: 'text' | 'number';
  disabled?: boolean;
  maxLength?: number | undefined;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
}

/**
 * A labelled input with hint, counter and error linked as its description. The shared TextField has
 * no `disabled` and no counter; the design form needs both (the specific use, SPEC.md §2).
 */
export function InputField({ name, label, value, onValue, hint, counter, error, type = 'text', disabled, maxLength, inputMode }: InputFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, counter && `${id}-counter`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        disabled={disabled}
        maxLength={maxLength}
        inputMode={inputMode}
        min={type === 'number' ? 0 : undefined}
        step={type === 'number' ? 'any' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      {hint ? <p id={`${id}-hint`} className="hint">{hint}</p> : null}
      {counter ? <p id={`${id}-counter`} className="counter" data-full={maxLength && value.length >= maxLength ? '' : undefined}>{counter}</p> : null}
      {error ? <p id={`${id}-error`} className="error">{error}</p> : null}
    </div>
  );
}
