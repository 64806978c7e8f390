import * as v from 'valibot';
import type { WaitListEntry } from '@obra/api';

/** Limits of a wait-list entry (SPEC.md §5: comentario at most 300). */
export const WAIT_LIST_LIMITS = { nombre: 100, correo: 254, telefono: 30, comentario: 300 } as const;

/** What the visitor has typed so far; `interesado` is empty until chosen. */
export type WaitListValues = { [K in keyof WaitListEntry]: K extends 'interesado' ? WaitListEntry[K] | '' : string };

/** A field error: a key of the `common` catalogue, and the limit for `tooLong`. */
export interface FieldError {
  key: 'required' | 'choose' | 'email' | 'phone' | 'tooLong';
  max?: number;
}

export type FieldErrors = Partial<Record<keyof WaitListEntry, FieldError>>;

/** Empty values: the form's initial state and what it returns to after a send. */
export const emptyWaitList: WaitListValues = { interesado: '', nombre: '', correo: '', telefono: '', comentario: '' };

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'tooLong'));
const digitCount = (value: string) => value.replace(/\D/g, '').length;

/**
 * The wait-list entry schema, shared by the widget and the server. Issue messages are keys of
 * the `common` catalogue, so both sides report errors the widget can translate.
 */
export const waitListSchema = v.object({
  interesado: v.picklist(['cliente', 'proveedor'], 'choose'),
  nombre: text(WAIT_LIST_LIMITS.nombre),
  correo: v.pipe(text(WAIT_LIST_LIMITS.correo), v.email('email')),
  telefono: v.pipe(
    text(WAIT_LIST_LIMITS.telefono),
    v.regex(/^\+?[\d\s().-]+$/, 'phone'),
    v.check((value) => digitCount(value) >= 7 && digitCount(value) <= 15, 'phone'),
  ),
  comentario: text(WAIT_LIST_LIMITS.comentario),
});

/** Validates what was typed: the trimmed entry, or the first error of each invalid field. */
export function validateWaitList(values: unknown): { ok: true; entry: WaitListEntry } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(waitListSchema, values, { abortPipeEarly: true });
  if (result.success) return { ok: true, entry: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as keyof WaitListEntry | undefined;
    if (!field || errors[field]) continue;
    const key = (issue.message === 'tooLong' || issue.message === 'email' || issue.message === 'phone' || issue.message === 'choose' ? issue.message : 'required') satisfies FieldError['key'];
    errors[field] = key === 'tooLong' ? { key, max: Number(issue.requirement) } : { key };
  }
  return { ok: false, errors };
}
