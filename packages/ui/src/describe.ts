/** What a field control is described by: its hint, its character counter and its error. */
interface FieldDescription {
  hint?: unknown;
  counter?: unknown;
  error?: unknown;
}

/** The `aria-describedby` value for a control with an optional hint, counter and error (read in that order), or undefined. */
export function describedBy(id: string, { hint, counter, error }: FieldDescription): string | undefined {
  const ids = [hint ? `${id}-hint` : '', counter ? `${id}-counter` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/**
 * The attributes every field control shares: its id (the label's `for`), name, required, disabled,
 * and its invalid state with the hint, counter and error linked as its description.
 */
export function controlAttributes(
  id: string,
  {
    name,
    required,
    disabled,
    ...description
  }: { name: string; required?: boolean | undefined; disabled?: boolean | undefined } & FieldDescription,
) {
  return {
    id,
    name,
    required,
    disabled,
    'aria-invalid': description.error ? true : undefined,
    'aria-describedby': describedBy(id, description),
  } as const;
}
