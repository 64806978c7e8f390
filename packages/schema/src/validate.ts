import * as v from 'valibot';

/** Keys of the `common` catalogue that a field error can have. */
export type FieldErrorKey =
  'required' | 'choose' | 'email' | 'phone' | 'tooLong' | 'range' | 'area' | 'fit' | 'dimension' | 'url' | 'characters';

/**
 * A field error: a key of the `common` catalogue; the limit for `tooLong`, `area` and `fit`, both
 * for `range`, and whose limits `range` and `area` are (a use, any building, the land).
 */
export interface FieldError {
  key: FieldErrorKey;
  min?: number;
  max?: number;
  of?: string;
}

/** The first error of each invalid field. */
export type FieldErrors<T> = Partial<Record<keyof T, FieldError>>;

const KEYS = new Set<string>(['required', 'choose', 'email', 'phone', 'tooLong', 'range', 'area', 'fit', 'dimension', 'url', 'characters']);

/** The keys of the dimensions' bounds (design-form.ts), whose limits come with the issue. */
const BOUNDS = new Set<string>(['range', 'area', 'fit']);

/** Whether a string is a field error key (for errors a server sends back). */
export const isFieldErrorKey = (key: unknown): key is FieldErrorKey => typeof key === 'string' && KEYS.has(key);

// THE text rule (docs/contributors/behaviour.md#text): every free-text field, public or admin, runs
// {@link isCleanLine} or {@link isCleanText}. Refused (bidi controls are refused, never silently
// neutralised: the person sees why and retypes):
// - controls (C0, C1, DEL) and every format character (Unicode category Cf: zero-width space, the
//   BOM, soft hyphen, LRM/RLM/ALM, bidi embeddings, overrides and isolates, word joiner, the
//   Mongolian vowel separator, interlinear annotations, tag characters …), which also reorder or
//   hide what a CSV or an e-mail shows; line and paragraph separators;
// - private-use (Co) and unassigned code points (Cn), which includes the non-characters (U+FDD0–
//   U+FDEF, U+FFFE/U+FFFF and the last two of every plane), and the object replacement character
//   U+FFFC: nothing a reader's font can show as what was meant;
// - blank letters and marks that are not Cf: the combining grapheme joiner, the Hangul fillers
//   (U+115F, U+1160, U+3164, U+FFA0), Khmer's invisible vowels, the Mongolian variation selectors,
//   the blank Braille pattern, musical formatting marks;
// - lone surrogates (not text: invalid UTF-16);
// - text with no visible character at all (a name of zero-width joiners, or of combining marks
//   alone, showed as an empty cell in the inbox): it needs a letter, digit, punctuation or symbol.
// What people do write stays: the zero-width (non-)joiner (emoji sequences, Persian, Indic
// scripts), a variation selector right after a visible character (❤️, 1️⃣), and the tag sequence
// of a subdivision flag (🏴 + tags + cancel tag). Tab and line feeds only in multi-line fields.
const INVISIBLE =
  '\\p{Cc}\\p{Cf}\\p{Co}\\p{Cn}\\u034F\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u2028\\u2029\\u2800\\u3164\\uFFA0\\uFFFC\\u{1D159}\\u{1D173}-\\u{1D17A}';
const JOINERS = '\\u200C\\u200D';
/** A variation selector that does not follow a letter, digit, punctuation or symbol (one per character). */
const STRAY_SELECTOR = '(?<![\\p{L}\\p{N}\\p{P}\\p{S}])[\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]';
const SURROGATE = '[\\uD800-\\uDFFF]';
const LINE_FORBIDDEN = new RegExp(`(?![${JOINERS}])[${INVISIBLE}]|${STRAY_SELECTOR}|${SURROGATE}`, 'u');
const LINES_FORBIDDEN = new RegExp(`(?![\\t\\n\\r${JOINERS}])[${INVISIBLE}]|${STRAY_SELECTOR}|${SURROGATE}`, 'u');
/** Runs of spaces and of what a line may not hold, for {@link toCleanLine}. */
const UNCLEAN_RUNS = new RegExp(`(?:\\s|(?![${JOINERS}])[${INVISIBLE}]|${STRAY_SELECTOR}|${SURROGATE})+`, 'gu');
/** A subdivision flag (🏴 England, Scotland, Wales …): black flag, lowercase tag letters and digits, cancel tag. */
const FLAG_TAGS = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,8}\u{E007F}/gu;
/** A character that shows: a letter, digit, punctuation or symbol (what is refused above aside). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Whether `value`, once the flags' tags are read as their flag, holds no character of `forbidden` and, unless empty, one that shows. */
const clean = (forbidden: RegExp) => (value: string) => {
  const read = value.replace(FLAG_TAGS, '\u{1F3F4}');
  return !forbidden.test(read) && (read === '' || VISIBLE.test(read));
};
/** Whether `value` is clean one-line text: the text rule above, no line breaks or tabs. */
export const isCleanLine = clean(LINE_FORBIDDEN);
/** `value` made clean one-line text: each run of spaces and characters a line may not hold becomes one space; trimmed. */
export const toCleanLine = (value: string): string => value.replace(UNCLEAN_RUNS, ' ').trim();
/** Whether `value` is clean text that may hold tabs and line breaks: the text rule above. */
export const isCleanText = clean(LINES_FORBIDDEN);

/**
 * A trimmed one-line string of at most `max` characters that may be empty. Its key must still be
 * sent: wrap it in {@link optional} for a field a bundle may leave out.
 */
export const line = (max: number) => v.pipe(v.string(), v.trim(), v.check(isCleanLine, 'characters'), v.maxLength(max, 'tooLong'));

/**
 * A field a submission may leave out, read as empty: what a field added to a form is, so the
 * bundles partners and visitors still have cached, which do not send it, keep being accepted
 * (docs/contributors/architecture.md#lead-kinds). The lead-kind registry reads it as `optional`.
 */
export const optional = <S extends v.GenericSchema<unknown, string>>(schema: S) => v.optional(schema, '');

/** An object schema's field, unwrapped from {@link optional}: whether a bundle may leave it out, whether it is a list. */
export function fieldShape(entry: unknown): { optional: boolean; list: boolean } {
  const { type, wrapped } = entry as { type: string; wrapped?: { type: string } };
  const optional = type === 'optional';
  return { optional, list: (optional ? wrapped!.type : type) === 'array' };
}

/** The empty value of each field of an object schema: '' (a list: []). A form's first state and what a send returns it to. */
type EmptyOf<S extends v.GenericSchema<unknown, Record<string, unknown>>> = {
  -readonly [K in keyof v.InferOutput<S>]-?: NonNullable<v.InferOutput<S>[K]> extends readonly unknown[] ? never[] : '';
};
export const emptyOf = <S extends v.GenericSchema<unknown, Record<string, unknown>> & { readonly entries: Record<string, unknown> }>(
  schema: S,
): EmptyOf<S> =>
  Object.fromEntries(Object.entries(schema.entries).map(([name, entry]) => [name, fieldShape(entry).list ? [] : ''])) as EmptyOf<S>;

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

/** A required e-mail address: the one check of every address a person gives (a lead's, a console user's, a recipient's). */
export const email = () => v.pipe(text(FIELD_LIMITS.email), v.email('email'));
/** Whether `value` (trimmed) passes {@link email}. */
export const isEmail = (value: string): boolean => v.is(email(), value);

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** The country of a phone number written without its country code when nothing else tells (docs/contributors/behaviour.md#phone-codes). */
export const PHONE_DEFAULT_COUNTRY = 'CO';

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
    // maxLength's limit is its requirement; a bound across fields gives its whole error as what it expected.
    errors[field] =
      key === 'tooLong'
        ? { key, max: Number(issue.requirement) }
        : BOUNDS.has(key)
          ? { ...(JSON.parse(issue.expected ?? '{}') as FieldError), key }
          : { key };
  }
  // A non-object input has no field paths: every field is then missing.
  if (!Object.keys(errors).length && 'entries' in schema) {
    for (const field of Object.keys((schema as unknown as { entries: object }).entries)) errors[field] = { key: 'required' };
  }
  return { ok: false, errors: errors as FieldErrors<v.InferOutput<S>> };
}
