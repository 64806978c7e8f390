// The languages every form, widget, page and server message speaks (one definition: @obra/i18n,
// the host and the server import it from here).
/** The languages every widget speaks. */
export const LANGS = ['es', 'en'] as const;

/** A supported language. */
export type Lang = (typeof LANGS)[number];

/** The language used when nothing on the element or the page names a supported one. */
export const DEFAULT_LANG: Lang = 'es';

/**
 * Maps a `lang` attribute value to a supported language by its primary subtag
 * (`en-GB` → `en`, `ES` → `es`); `undefined` for an empty or unsupported value.
 */
export function normalizeLang(value: string | null | undefined): Lang | undefined {
  const primary = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGS.find((lang) => lang === primary);
}
