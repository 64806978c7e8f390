/** The `aria-describedby` value for a control with an optional hint and error, or undefined. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/**
 * The attributes every field control shares: its id (the label's `for`), name, required, and its
 * invalid state with the hint and error linked as its description.
 */
export function controlAttributes(id: string, { name, required, hint, error }: { name: string; required?: boolean | undefined; hint?: unknown; error?: unknown }) {
  return { id, name, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) } as const;
}
