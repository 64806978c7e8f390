// The console's translator: its catalogue under the `console` namespace (as the widgets merge
// theirs), the language chosen by the operator kept in localStorage, the browser's by default.
import { createContext, useContext } from 'react';
import { createI18n, normalizeLang, type I18n, type Lang } from '@obra/i18n';
import en from '@obra/i18n/locales/en/console.json' with { type: 'json' };
import es from '@obra/i18n/locales/es/console.json' with { type: 'json' };
import enPartners from '@obra/i18n/locales/en/console-partners.json' with { type: 'json' };
import esPartners from '@obra/i18n/locales/es/console-partners.json' with { type: 'json' };
import enRegistration from '@obra/i18n/locales/en/partner-registration.json' with { type: 'json' };
import esRegistration from '@obra/i18n/locales/es/partner-registration.json' with { type: 'json' };

/**
 * Both catalogues, merged under `console.`; the partners screens' under `consolePartners.`, with the
 * partner registration widget's (`partnerRegistration.`) for the specialisations' names.
 */
export const consoleCatalogues = {
  es: { console: es, consolePartners: esPartners, partnerRegistration: esRegistration },
  en: { console: en, consolePartners: enPartners, partnerRegistration: enRegistration },
};
/** The console's translator type. */
export type ConsoleI18n = I18n<typeof consoleCatalogues.es>;

const KEY = 'obra-console-lang';

/** The language to start in: the operator's last choice, else the browser's, else Spanish. */
export function initialLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    // Storage can be blocked; the browser's language still applies.
  }
  return normalizeLang(stored) ?? normalizeLang(navigator.language) ?? 'es';
}

/** Remembers the operator's language. */
export function storeLang(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Not remembered across visits; nothing else depends on it.
  }
}

/** A new translator. */
export const createConsoleI18n = (lang: Lang): ConsoleI18n => createI18n(consoleCatalogues, lang);

/** The translator of the rendering tree (its identity changes with the language). */
export const I18nContext = createContext<{ i18n: ConsoleI18n; lang: Lang }>(null as never);
/** `t` and the language. */
export function useT() {
  const { i18n, lang } = useContext(I18nContext);
  return { t: i18n.t, lang };
}
