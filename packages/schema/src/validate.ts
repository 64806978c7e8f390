import * as v from 'valibot';

/** Keys of the `common` catalogue that a field error can have. */
export type FieldErrorKey = 'required' | 'choose' | 'email' | 'phone' | 'tooLong' | 'tooHigh' | 'dimension' | 'url' | 'characters';

/** A field error: a key of the `common` catalogue, and the limit for `tooLong` and `tooHigh`. */
export interface FieldError {
  key: FieldErrorKey;
  max?: number;
}

/** The first error of each invalid field. */
export type FieldErrors<T> = Partial<Record<keyof T, FieldError>>;

const KEYS = new Set<string>(['required', 'choose', 'email', 'phone', 'tooLong', 'tooHigh', 'dimension', 'url', 'characters']);

/** Whether a string is a field error key (for errors a server sends back). */
export const isFieldErrorKey = (key: unknown): key is FieldErrorKey => typeof key === 'string' && KEYS.has(key);

// Invisible or control characters a visitor never means to type: C0 and C1 controls, zero-width
// space and joiner-less invisibles, the BOM, bidi embeddings, overrides and isolates (they reorder
// what an operator reads in a CSV or an e-mail), line and paragraph separators, and lone
// surrogates (not text: invalid UTF-16). Tab and line feeds are allowed in multi-line fields only.
// The zero-width (non-)joiner stays: emoji sequences and some scripts need it.
const INVISIBLE = '\\u007F-\\u009F\\u200B\\u2028\\u2029\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LINE_FORBIDDEN = new RegExp(`[\\u0000-\\u001F${INVISIBLE}]|${LONE_SURROGATE}`);
const LINES_FORBIDDEN = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F${INVISIBLE}]|${LONE_SURROGATE}`);
const UNCLEAN_RUNS = new RegExp(`(?:\\s|[\\u0000-\\u001F${INVISIBLE}]|${LONE_SURROGATE})+`, 'g');

/** `value` made clean one-line text: each run of spaces, controls and invisible characters becomes one space; trimmed. */
export const toCleanLine = (value: string): string => value.replace(UNCLEAN_RUNS, ' ').trim();

/** Whether `value` is clean one-line text (no controls, invisibles, bidi overrides, lone surrogates). */
export const isCleanLine = (value: string): boolean => !LINE_FORBIDDEN.test(value);
/** Whether `value` is clean text that may hold tabs and line breaks. */
export const isCleanText = (value: string): boolean => !LINES_FORBIDDEN.test(value);

/** An optional, trimmed one-line string of at most `max` characters. */
export const line = (max: number) => v.pipe(v.string(), v.trim(), v.check(isCleanLine, 'characters'), v.maxLength(max, 'tooLong'));

/**
 * The lengths every form shares (the single definition: each form's limits and the server read
 * these): a person's name, an e-mail address (RFC 5321's 254), a phone number as typed, a URL.
 */
export const FIELD_LIMITS = { name: 100, email: 254, phone: 30, url: 2048 } as const;

/** A required, trimmed one-line string of at most `max` characters. */
export const text = (max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.check(isCleanLine, 'characters'), v.maxLength(max, 'tooLong'));

/** A required, trimmed string of at most `max` characters that may span several lines. */
export const paragraph = (max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.check(isCleanText, 'characters'), v.maxLength(max, 'tooLong'));

/** A required e-mail address. */
export const email = () => v.pipe(text(FIELD_LIMITS.email), v.email('email'));

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** A required phone number: digits with optional +, spaces, dots, dashes and brackets; 7 to 15 digits. */
export const phone = () =>
  v.pipe(
    text(FIELD_LIMITS.phone),
    v.regex(/^\+?[\d\s().-]+$/, 'phone'),
    v.check((value) => digitCount(value) >= 7 && digitCount(value) <= 15, 'phone'),
  );

/**
 * Validates `input` against an object schema: the parsed (trimmed) value, or the first error of
 * each invalid field, keyed for translation. Used identically by the widgets and the server.
 */
export function validate<S extends v.GenericSchema<unknown, Record<string, unknown>>>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors<v.InferOutput<S>> } {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== 'string' || errors[field]) continue;
    const key = isFieldErrorKey(issue.message) ? issue.message : 'required';
    // maxLength's limit is its requirement; a numeric check says its limit as what it expected.
    errors[field] =
      key === 'tooLong' ? { key, max: Number(issue.requirement) } : key === 'tooHigh' ? { key, max: Number(issue.expected) } : { key };
  }
  // A non-object input has no field paths: every field is then missing.
  if (!Object.keys(errors).length && 'entries' in schema) {
    for (const field of Object.keys((schema as unknown as { entries: object }).entries)) errors[field] = { key: 'required' };
  }
  return { ok: false, errors: errors as FieldErrors<v.InferOutput<S>> };
}
