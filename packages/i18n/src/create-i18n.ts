import i18next from 'i18next';
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

/** A translator: a widget instance's (never shared between elements), a console tree's, or one language's on the server. */
export interface I18n<C extends Catalogue = Catalogue> {
  /** The current language. */
  readonly lang: Lang;
  /** Translates a key of the catalogue; `{{name}}` placeholders are filled from `values`. */
  t(key: TranslationKey<C>, values?: Record<string, string | number>): string;
  /** Whether a key built at run time names a text (in this language or the fallback). */
  has(key: string): boolean;
  /** Switches language synchronously (all catalogues are bundled). */
  setLang(lang: Lang): void;
}

/**
 * Creates the translator of one widget instance, so two widgets on one page can speak different
 * languages: an i18next instance over the bundled catalogues (nested keys, `{{name}}`
 * placeholders, `_one`/`_other` plural forms chosen by `count` with the language's plural rules,
 * the default language as fallback, then the key itself). Values are not HTML-escaped: the text
 * goes into text nodes (Preact, React) or plain-text mail; HTML callers escape the result.
 */
export function createI18n<C extends Catalogue>(catalogues: Record<Lang, C>, lang: Lang = DEFAULT_LANG): I18n<C> {
  const i18n = i18next.createInstance({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    // Everything is bundled: init and language switches happen at once, with nothing to fetch.
    initAsync: false,
    resources: Object.fromEntries(Object.entries(catalogues).map(([code, catalogue]) => [code, { translation: catalogue }])),
    // One namespace per instance: a `:` in a key is text, not a namespace.
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  void i18n.init();
  // Keys are checked by TranslationKey against the catalogues themselves; i18next's own key typing
  // needs a global declaration, which one translator per catalogue set cannot have.
  const translate = i18n.t.bind(i18n) as (key: string, options: Record<string, string | number>) => string;
  return {
    get lang() {
      return i18n.language as Lang;
    },
    t: (key, values = {}) => translate(key, values),
    has: (key) => i18n.exists(key),
    setLang(next) {
      void i18n.changeLanguage(next);
    },
  };
}
