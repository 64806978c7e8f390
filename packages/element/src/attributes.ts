import { LANGS, PARTNER_CODE, toCleanLine, type Lang } from '@obra/schema';

/** Turns an attribute's text (or its absence) into a typed value. */
export interface AttributeParser<T> {
  parse(value: string | null): T;
  /** Its TypeScript type and default as text, for the custom-elements manifest and the guide. */
  readonly meta?: { readonly type: string; readonly default?: string };
}

/** A widget's attributes: attribute name (kebab-case) → parser. */
export type AttributeTable = Record<string, AttributeParser<unknown>>;

/** The parsed values of a table, keyed by camelCase property name. */
export type AttributeValues<T extends AttributeTable> = {
  [K in keyof T & string as CamelCase<K>]: T[K] extends AttributeParser<infer V> ? V : never;
};

type CamelCase<S extends string> = S extends `${infer H}-${infer R}` ? `${H}${Capitalize<CamelCase<R>>}` : S;

/** `api-base` → `apiBase`. */
export function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Parsers for the attribute table of {@link defineWidget}. */
export const attr = {
  /** Free text; `fallback` when absent. */
  string: (fallback = ''): AttributeParser<string> => ({
    parse: (v) => v ?? fallback,
    meta: { type: 'string', default: JSON.stringify(fallback) },
  }),
  /** One of a fixed list; an unknown value falls back (a typo on a partner page must not break the widget). */
  oneOf: <const V extends string>(values: readonly V[], fallback: V): AttributeParser<V> => ({
    parse: (v) => values.find((x) => x === v?.trim().toLowerCase()) ?? fallback,
    meta: { type: values.map((x) => `'${x}'`).join(' | '), default: `'${fallback}'` },
  }),
  /** Present means true, like `disabled`. */
  boolean: (): AttributeParser<boolean> => ({ parse: (v) => v !== null && v !== 'false', meta: { type: 'boolean', default: 'false' } }),
  /** A partner code (3–32 of `A–Z a–z 0–9 _ -`); anything else reads as '' and is not sent (a typo must not lose the lead). */
  partner: (): AttributeParser<string> => ({
    parse: (v) => (v && PARTNER_CODE.test(v.trim()) ? v.trim() : ''),
    meta: { type: 'string', default: '""' },
  }),
};

/** The `partner` attribute of every widget (spread into its attribute table). */
export const partnerAttribute = { partner: attr.partner() };

/**
 * Plain one-line text of at most `max` characters (code points), cleaned as the forms clean what
 * visitors type (a page cannot smuggle direction overrides or zero-width text in); '' when absent.
 * Rendered as text, never as HTML.
 */
const words = (max: number): AttributeParser<string> => ({
  parse: (v) =>
    Array.from(toCleanLine(v ?? ''))
      .slice(0, max)
      .join(''),
  meta: { type: 'string', default: '""' },
});

/** The longest heading and intro a partner may give, in characters. */
export const WORDS_MAX = { heading: 120, intro: 400 } as const;

/** The partner's words a widget takes. */
type Words = keyof typeof WORDS_MAX;

/** `heading` and `intro`, each followed by its one-language forms (`heading-es`, `heading-en` …), in the list's order. */
export const WORDS_ATTRIBUTES = (Object.keys(WORDS_MAX) as Words[]).flatMap((which) => [
  [which, which] as const,
  ...LANGS.map((lang) => [`${which}-${lang}`, which] as const),
]);

/**
 * A partner's own heading and intro for a widget (docs/partners/embedding.md, "Your own words"):
 * `heading` and `intro` in every language, `heading-es`, `intro-en` … in one (they win there),
 * for every language of the list.
 */
export const wordsAttributes = Object.fromEntries(WORDS_ATTRIBUTES.map(([name, which]) => [name, words(WORDS_MAX[which])])) as Record<
  Words | `${Words}-${Lang}`,
  AttributeParser<string>
>;

/** The parsed {@link wordsAttributes} of an element. */
export type OwnWords = AttributeValues<typeof wordsAttributes>;

/** The heading or intro to show in `lang`: the partner's words for that language, else for every language, else `fallback`. */
export function ownWords(attrs: OwnWords, which: Words, lang: Lang, fallback: string): string {
  return attrs[camelCase(`${which}-${lang}`) as keyof OwnWords] || attrs[which] || fallback;
}

/** Parses every attribute of the table from an element. */
export function readAttributes<T extends AttributeTable>(el: Element, table: T): AttributeValues<T> {
  const values: Record<string, unknown> = {};
  for (const [name, parser] of Object.entries(table)) values[camelCase(name)] = parser.parse(el.getAttribute(name));
  return values as AttributeValues<T>;
}
