import { useId, useState } from 'react';
import { RadioOptions, type RadioOption } from './radio-options.tsx';

/** Options under a visible heading; every group's radios form one set. */
export interface RadioOptionGroup<V extends string> {
  title: string;
  options: readonly RadioOption<V>[];
}

export interface GroupedRadioGroupProps<V extends string> {
  name: string;
  /** Names the set for screen readers only: a heading next to it already shows it. */
  legend: string;
  groups: readonly RadioOptionGroup<V>[];
  value: V | '';
  onValue: (value: V) => void;
}

/**
 * One set of radios split into titled groups, each option with a description. The description of
 * the hovered or focused option (else the chosen one) shows in a line below the groups (a tooltip
 * there would cover what follows); each radio is described by its own (visually hidden)
 * description, so screen readers hear it on focus. Its look (.choice-group, .group-title,
 * .choice-description) is the widget's.
 */
export function GroupedRadioGroup<V extends string>({ name, legend, groups, value, onValue }: GroupedRadioGroupProps<V>) {
  const id = useId();
  const [hovered, setHovered] = useState('');
  const [focused, setFocused] = useState('');
  const options = groups.flatMap((group) => group.options);
  const shown = options.find((option) => option.value === (hovered || focused || value));
  const descriptionId = (value: string) => `${id}-${value}`;
  return (
    <fieldset className="field grouped-radio-group">
      <legend className="visually-hidden">{legend}</legend>
      {groups.map((group, g) => (
        <div key={g} role="group" aria-labelledby={`${id}-g${g}`} className="choice-group">
          <p id={`${id}-g${g}`} className="group-title">
            {group.title}
          </p>
          <RadioOptions
            name={name}
            options={group.options}
            value={value}
            onValue={onValue}
            descriptionId={descriptionId}
            shown={shown?.value}
            onHover={setHovered}
            onFocusOption={setFocused}
          />
        </div>
      ))}
      {/* Outside the labels: inside, a description would become part of the radio's name. */}
      <div hidden>
        {options.map((option) =>
          option.description ? (
            <span key={option.value} id={descriptionId(option.value)}>
              {option.description}
            </span>
          ) : null,
        )}
      </div>
      <p className="choice-description" aria-hidden="true">
        {shown?.description ? (
          <>
            <strong>{shown.label}:</strong> {shown.description}
          </>
        ) : null}
      </p>
    </fieldset>
  );
}
