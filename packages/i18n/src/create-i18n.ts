import { createInstance, type i18n as I18next } from 'i18next';
import { DEFAULT_LANG, type Lang } from './lang.ts';

/** A nested object of translated strings, as read from a locales/<lang>/<namespace>.json file. */
export interface Catalogue {
  readonly [key: string]: string | Catalogue;
}

/**
 * Every dotted path to a string in a catalogue: `{a: {b: 'x'}}` gives `'a.b'`. Plural forms
 * (`n_one`, `n_other`) give their base key `n`, which i18next picks a form for from `count`.
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
  /** The underlying i18next instance, for tools that want it. */
  readonly i18next: I18next;
}

/**
 * Creates a fresh i18next instance for one widget instance, so two widgets on one page can speak
 * different languages. `catalogues` holds the same keys in every language (a test checks it).
 */
export function createI18n<C extends Catalogue>(catalogues: Record<Lang, C>, lang: Lang = DEFAULT_LANG): I18n<C> {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: { es: { translation: catalogues.es }, en: { translation: catalogues.en } },
    initAsync: false,
    // React escapes text itself; escaping here would show &amp; to the visitor.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return {
    get lang() {
      return instance.language as Lang;
    },
    // Keys are checked by TranslationKey<C>; i18next's own key typing would need a global declaration.
    t: (key, values) => instance.t(key as string, { ...values }),
    setLang(next) {
      if (next !== instance.language) void instance.changeLanguage(next);
    },
    i18next: instance,
  };
}
