// The console's translator: its catalogue under the `console` namespace (as the widgets merge
// theirs), in the language last switched to in this browser (localStorage), else the one kept with
// the operator's account (Settings, which their e-mails use too), else the browser's.
import { createContext, useContext } from 'react';
import { byLang, createI18n, DEFAULT_LANG, normalizeLang, type I18n, type Lang } from '@obra/i18n';
import {
  console as consoleTexts,
  consoleConversations,
  consoleDashboard,
  consoleDeals,
  consolePartners,
  consolePeople,
  consoleTasks,
  consoleWork,
  partnerRegistration,
} from '@obra/i18n/catalogues';

/**
 * Every language's catalogues, merged under `console.`; the partners screens' under `consolePartners.`, with the
 * partner registration widget's (`partnerRegistration.`) for the specialisations' names; the work
 * queues, follow-ups, bulk actions and settings under `consoleWork.`, the dashboard's under
 * `consoleDashboard.`, people's under `consolePeople.`, deals under `consoleDeals.`, conversations
 * and templates under `consoleConversations.`, tasks and assignment rules under `consoleTasks.`.
 */
export const consoleCatalogues = byLang({
  console: consoleTexts,
  consolePartners,
  partnerRegistration,
  consoleWork,
  consoleDashboard,
  consolePeople,
  consoleDeals,
  consoleConversations,
  consoleTasks,
});
/** The console's translator type. */
export type ConsoleI18n = I18n<typeof consoleCatalogues.es>;
/** A key of the console's catalogues. */
export type ConsoleKey = Parameters<ConsoleI18n['t']>[0];

const KEY = 'obra-console-lang';

/** The language last chosen in this browser (the top bar's switch), if any. */
export function storedLang(): Lang | undefined {
  try {
    return normalizeLang(localStorage.getItem(KEY));
  } catch {
    // Storage can be blocked; the account's or the browser's language still applies.
    return undefined;
  }
}

/** The language to start in: the operator's last choice here, else the browser's, else the default (Spanish). */
export const initialLang = (): Lang => storedLang() ?? normalizeLang(navigator.language) ?? DEFAULT_LANG;

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

const fixed = new Map<Lang, ConsoleI18n>();
/** `t` in `lang` whatever the console speaks: a language switch offers its language in that language's words. */
export function textsOf(lang: Lang): ConsoleI18n['t'] {
  if (!fixed.has(lang)) fixed.set(lang, createConsoleI18n(lang));
  return fixed.get(lang)!.t;
}

/** The translator of the rendering tree (its identity changes with the language), and the operator's time zone. */
export const I18nContext = createContext<{ i18n: ConsoleI18n; lang: Lang; zone: string | undefined }>(null as never);
/** `t`, the language, and the operator's time zone (undefined before sign-in: the browser's). */
export function useT() {
  const { i18n, lang, zone } = useContext(I18nContext);
  return { t: i18n.t, has: i18n.has, lang, zone };
}
