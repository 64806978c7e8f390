import { useId, useState } from 'react';

export interface Choice {
  value: string;
  label: string;
  /** Shown on hover and on keyboard focus, and read as the radio's description. */
  description?: string | undefined;
}

export interface ChoiceGroupsProps {
  name: string;
  legend: string;
  /** Groups of options, each under a visible heading (one radio group across them). */
  groups: readonly { title: string; options: readonly Choice[] }[];
  value: string;
  onValue: (value: string) => void;
}

/**
 * One set of radios split into titled groups (the construction systems: 4, 3 and 3). The
 * description of the hovered or focused option (else the chosen one) shows in a line below the
 * groups: a tooltip there would cover the next section's button. Each radio is described by its
 * own (visually hidden) description, so screen readers hear it on focus.
 */
export function ChoiceGroups({ name, legend, groups, value, onValue }: ChoiceGroupsProps) {
  const id = useId();
  const [hovered, setHovered] = useState('');
  const [focused, setFocused] = useState('');
  const options = groups.flatMap((group) => group.options);
  const shown = options.find((option) => option.value === (hovered || focused || value));
  return (
    <fieldset className="field choice-groups">
      {/* The section's heading already shows this name; the legend names the set for screen readers. */}
      <legend className="visually-hidden">{legend}</legend>
      {groups.map((group, g) => (
        <div key={g} role="group" aria-labelledby={`${id}-g${g}`} className="choice-group">
          <p id={`${id}-g${g}`} className="group-title">{group.title}</p>
          <div className="options">
            {group.options.map((option) => (
              <label
                key={option.value}
                className="option"
                data-shown={shown?.value === option.value ? '' : undefined}
                onMouseEnter={() => setHovered(option.value)}
                onMouseLeave={() => setHovered('')}
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  aria-describedby={option.description ? `${id}-${option.value}` : undefined}
                  onChange={() => onValue(option.value)}
                  onFocus={() => setFocused(option.value)}
                  onBlur={() => setFocused('')}
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
      {/* Outside the labels: inside, a description would become part of the radio's name. */}
      <div hidden>
        {options.map((option) => (option.description ? <span key={option.value} id={`${id}-${option.value}`}>{option.description}</span> : null))}
      </div>
      <p className="choice-description" aria-hidden="true">
        {shown?.description ? <><strong>{shown.label}:</strong> {shown.description}</> : null}
      </p>
    </fieldset>
  );
}

export interface CheckboxListProps {
  name: string;
  legend: string;
  options: readonly Choice[];
  values: readonly string[];
  onChange: (value: string, checked: boolean) => void;
}

/** Checkboxes whose checked values form a list (SPEC.md §4: checking adds, unchecking removes). */
export function CheckboxList({ name, legend, options, values, onChange }: CheckboxListProps) {
  return (
    <fieldset className="field checkbox-list">
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
    </fieldset>
  );
}
