import { useId, useState } from 'react';
import { describedBy } from './describe.ts';
import { FieldMessages } from './field-message.tsx';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  /** Read as the radio's description, and shown below the group for the hovered, focused or chosen option. */
  description?: string | undefined;
}

/** Options under a visible heading; the group's radios still form one set. */
export interface RadioOptionGroup<V extends string> {
  title: string;
  options: readonly RadioOption<V>[];
}

export interface RadioGroupProps<V extends string> {
  name: string;
  legend: string;
  /** Visually hide the legend (a heading next to the group already shows it); screen readers still read it. */
  legendHidden?: boolean;
  /** The options, or `groups` to split them under titles. */
  options?: readonly RadioOption<V>[];
  groups?: readonly RadioOptionGroup<V>[];
  value: V | '';
  onValue: (value: V) => void;
  error?: string | undefined;
  required?: boolean;
}

/**
 * Native radios in a fieldset: arrow keys move between options, the legend names the group.
 * Options with a description get it as their accessible description, and the description of the
 * hovered or focused option (else the chosen one) shows in a line below the options: a tooltip
 * there would cover what follows.
 */
export function RadioGroup<V extends string>({ name, legend, legendHidden, options = [], groups, value, onValue, error, required }: RadioGroupProps<V>) {
  const id = useId();
  const [hovered, setHovered] = useState('');
  const [focused, setFocused] = useState('');
  const sets = groups ?? [{ title: '', options }];
  const all = sets.flatMap((set) => set.options);
  const described = all.some((option) => option.description);
  const shown = described ? all.find((option) => option.value === (hovered || focused || value)) : undefined;
  const radios = (list: readonly RadioOption<V>[]) => (
    <div className="options">
      {list.map((option) => (
        <label
          key={option.value}
          className="option"
          data-shown={shown && shown.value === option.value ? '' : undefined}
          onMouseEnter={described ? () => setHovered(option.value) : undefined}
          onMouseLeave={described ? () => setHovered('') : undefined}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            required={required}
            aria-describedby={option.description ? `${id}-${option.value}` : undefined}
            onChange={() => onValue(option.value)}
            onFocus={described ? () => setFocused(option.value) : undefined}
            onBlur={described ? () => setFocused('') : undefined}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
  return (
    <fieldset
      className={groups ? 'field radio-group grouped' : 'field radio-group'}
      data-invalid={error ? '' : undefined}
      aria-describedby={describedBy(id, { error })}
      aria-invalid={error ? true : undefined}
    >
      <legend className={legendHidden ? 'visually-hidden' : undefined}>
        {legend}
        {required ? <span aria-hidden="true" className="required"> *</span> : null}
      </legend>
      {groups
        ? groups.map((group, g) => (
            <div key={g} role="group" aria-labelledby={`${id}-g${g}`} className="choice-group">
              <p id={`${id}-g${g}`} className="group-title">{group.title}</p>
              {radios(group.options)}
            </div>
          ))
        : radios(options)}
      {described ? (
        <>
          {/* Outside the labels: inside, a description would become part of the radio's name. */}
          <div hidden>
            {all.map((option) => (option.description ? <span key={option.value} id={`${id}-${option.value}`}>{option.description}</span> : null))}
          </div>
          <p className="choice-description" aria-hidden="true">
            {shown?.description ? <><strong>{shown.label}:</strong> {shown.description}</> : null}
          </p>
        </>
      ) : null}
      <FieldMessages id={id} error={error} />
    </fieldset>
  );
}
