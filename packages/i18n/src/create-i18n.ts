import { DEFAULT_LANG, type Lang } from '@obra/schema';

/** A nested object of translated strings, as read from a locales/<lang>/<namespace>.json file. */
export interface Catalogue {
  readonly [key: string]: string | Catalogue;
}

/**
 * Every dotted path to a string in a catalogue: `{a: {b: 'x'}}` gives `'a.b'`. Plural forms
 * (`n_one`, `n_other`) give their base key `n`, whose form is picked from `count`.
 */
export type TranslationKey<C> = {
  [K in keyof C & string]: C[K] extends string ? PluralBase<K> : `${K}.${TranslationKey<C[K]>}`;
}[keyof C & string];

type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/** One widget instance's translator. Never shared between elements. */
export interface I18n<C extends Catalogue = Catalogue> {
  /** The current language. */
  readonly lang: Lang;
  /** Translates a key of the catalogue; `{{name}}` placeholders are filled from `values`. */
  t(key: TranslationKey<C>, values?: Record<string, string | number>): string;
  /** Switches language synchronously (all catalogues are bundled). */
  setLang(lang: Lang): void;
}

const lookup = (catalogue: Catalogue, key: string): string | undefined => {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** Fills the `{{name}}` placeholders of `text` from `values`; a placeholder without a value stays as it is. */
export const interpolate = (text: string, values?: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (values && name in values ? String(values[name]) : match));

/**
 * Creates the translator of one widget instance, so two widgets on one page can speak different
 * languages. The catalogues keep i18next's JSON format (nested keys, `{{name}}` placeholders,
 * `_one`/`_other` plural forms chosen by `count` with Intl.PluralRules, the default language as
 * fallback), so any i18next app (the console) reads the same files; the widgets do not ship
 * i18next itself, which was half of a partner's wait-list bundle (docs/benchmarks.md#bundle-sizes-gzip).
 */
export function createI18n<C extends Catalogue>(catalogues: Record<Lang, C>, lang: Lang = DEFAULT_LANG): I18n<C> {
  let current = lang;
  const plurals = new Map<Lang, Intl.PluralRules>();
  const form = (count: number) => {
    let rules = plurals.get(current);
    if (!rules) plurals.set(current, (rules = new Intl.PluralRules(current)));
    return rules.select(count);
  };
  const find = (key: string, values?: Record<string, string | number>) => {
    for (const catalogue of [catalogues[current], catalogues[DEFAULT_LANG]]) {
      const text =
        (typeof values?.count === 'number' && (lookup(catalogue, `${key}_${form(values.count)}`) ?? lookup(catalogue, `${key}_other`))) ||
        lookup(catalogue, key);
      if (text !== undefined) return text;
    }
    return key;
  };
  return {
    get lang() {
      return current;
    },
    t: (key, values) => interpolate(find(key, values), values),
    setLang(next) {
      current = next;
    },
  };
}
