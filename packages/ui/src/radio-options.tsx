export interface RadioOption<V extends string> {
  value: V;
  label: string;
  /** Read as the radio's description (GroupedRadioGroup). */
  description?: string | undefined;
}

interface RadioOptionsProps<V extends string> {
  name: string;
  options: readonly RadioOption<V>[];
  value: V | '';
  onValue: (value: V) => void;
  required?: boolean | undefined;
  /** The id of an option's description, for the options that have one. */
  descriptionId?: (value: V) => string;
  /** The option whose description shows (marked `data-shown`). */
  shown?: string | undefined;
  /** Pointer and focus over an option (an empty value when they leave). */
  onHover?: (value: string) => void;
  onFocusOption?: (value: string) => void;
}

/** The native radios of a group, each in its label; shared by RadioGroup and GroupedRadioGroup. */
export function RadioOptions<V extends string>({
  name,
  options,
  value,
  onValue,
  required,
  descriptionId,
  shown,
  onHover,
  onFocusOption,
}: RadioOptionsProps<V>) {
  return (
    <div className="options">
      {options.map((option) => (
        <label
          key={option.value}
          className="option"
          data-shown={shown === option.value ? '' : undefined}
          onMouseEnter={onHover && (() => onHover(option.value))}
          onMouseLeave={onHover && (() => onHover(''))}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            required={required}
            aria-describedby={option.description && descriptionId ? descriptionId(option.value) : undefined}
            onChange={() => onValue(option.value)}
            onFocus={onFocusOption && (() => onFocusOption(option.value))}
            onBlur={onFocusOption && (() => onFocusOption(''))}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
