// The languages every form, widget, page, console screen, mail and server message speaks: one list
// (docs/contributors/architecture.md#languages). A language is one line here plus its catalogues
// (packages/i18n/locales/<code>/); everything else reads the list.

/** Every language, in the order switches and menus list them; the first is the default. */
export const LANGUAGES = [
  // `name`: the language in its own words, as a switch offers it.
  { code: 'es', name: 'Español' },
  { code: 'en', name: 'English' },
] as const;

/** A supported language. */
export type Lang = (typeof LANGUAGES)[number]['code'];

/**
 * A language's name in its own words (the list's), where no catalogue names it in the reader's
 * language (a language added since the catalogues were written); the code for one not in the list.
 */
export const languageName = (code: string): string => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/** The languages' codes, in the list's order. */
export const LANGS: readonly [Lang, ...Lang[]] = LANGUAGES.map((language) => language.code) as [Lang, ...Lang[]];

/** The language used when nothing on the element or the page names a supported one. */
export const DEFAULT_LANG: Lang = LANGS[0];

/**
 * Maps a `lang` attribute value to a supported language by its primary subtag
 * (`en-GB` → `en`, `ES` → `es`); `undefined` for an empty or unsupported value.
 */
export function normalizeLang(value: unknown): Lang | undefined {
  const primary = typeof value === 'string' ? value.trim().toLowerCase().split(/[-_]/)[0] : undefined;
  return LANGS.find((lang) => lang === primary);
}

/** A stored or requested language as a supported one: the default language when it is none. */
export const langOr = (value: unknown): Lang => normalizeLang(value) ?? DEFAULT_LANG;

/** Whether a value is exactly a supported language's code (what the API accepts). */
export const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/**
 * The language an `Accept-Language` header prefers: the supported language with the highest `q`
 * (`fr, en;q=0.8` → en), the first listed on a tie; the default when none is supported or there is no header.
 */
export function acceptedLang(header: string | null | undefined): Lang {
  let best: { lang: Lang; q: number } | undefined;
  for (const part of String(header ?? '')
    .split(',')
    .slice(0, 20)) {
    const [tag, ...params] = part.split(';');
    const lang = normalizeLang(tag);
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith('q='))
        ?.slice(2) ?? 1,
    );
    if (lang && Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? DEFAULT_LANG;
}

/** One value per language, in the list's order: a field of each language in a contract, an input per language on a screen. */
export const perLang = <T>(make: (lang: Lang) => T): Record<Lang, T> =>
  Object.fromEntries(LANGS.map((lang) => [lang, make(lang)])) as Record<Lang, T>;

/**
 * Texts stored keyed by language (`{"es": …, "en": …}` in a jsonb column) for every language of
 * the list: one the stored value lacks (a language added after it was written) reads as the first language's.
 */
export const inEveryLang = <T>(stored: Partial<Record<string, T>>): Record<Lang, T> =>
  perLang((lang) => stored[lang] ?? stored[DEFAULT_LANG]!);
