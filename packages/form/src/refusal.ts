import type { FieldError } from '@obra/schema';
import { isFieldErrorKey } from '@obra/schema';

/** A field's error, by field name (the shape of @obra/schema's FieldErrors, keyed by the form's values). */
export type ErrorsOf<V> = Partial<Record<keyof V, FieldError>>;

/**
 * What the server refused (docs/contributors/behaviour.md#errors): its field errors, and the
 * values they were about. An error stands while its field keeps that value: the server's rule (a
 * phone number's numbering plan) is not the form's, so typing elsewhere must not hide it.
 */
export interface Refused<V> {
  values: V;
  errors: ErrorsOf<V>;
}

/** The server's field errors (field → `common` key) for the fields of `values`, known keys only. */
export function refusalOf<V extends object>(fields: Readonly<Record<string, string>>, values: V): Refused<V> {
  const errors = Object.fromEntries(
    Object.keys(values).flatMap((name) => (isFieldErrorKey(fields[name]) ? [[name, { key: fields[name] }]] : [])),
  ) as ErrorsOf<V>;
  return { values, errors };
}

/** The refused fields' errors that still stand: the fields the visitor has not changed since. */
export function standing<V extends object>(refused: Refused<V> | undefined, values: V): ErrorsOf<V> {
  if (!refused) return {};
  return Object.fromEntries(
    Object.entries(refused.errors).filter(([name]) => values[name as keyof V] === refused.values[name as keyof V]),
  ) as ErrorsOf<V>;
}

/** The refused fields' labels as one list in `lang` ("Teléfono y Correo"), '' when none is a field of the form. */
export function refusedLabels<V>(refused: Refused<V> | undefined, label: (name: keyof V) => string, lang: string): string {
  const names = Object.keys(refused?.errors ?? {}) as (keyof V)[];
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names.map(label));
}
