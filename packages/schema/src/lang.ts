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

/**
 * The language an `Accept-Language` header prefers: the supported language with the highest `q`
 * (`fr, en;q=0.8` → en), the first listed on a tie; es when none is supported or there is no header.
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
