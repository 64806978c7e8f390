// The console's translator: its catalogue under the `console` namespace (as the widgets merge
// theirs), in the language last switched to in this browser (localStorage), else the one kept with
// the operator's account (Settings, which their e-mails use too), else the browser's.
import { createContext, useContext } from 'react';
import { createI18n, normalizeLang, type I18n, type Lang } from '@obra/i18n';
import en from '@obra/i18n/locales/en/console.json' with { type: 'json' };
import es from '@obra/i18n/locales/es/console.json' with { type: 'json' };
import enPartners from '@obra/i18n/locales/en/console-partners.json' with { type: 'json' };
import esPartners from '@obra/i18n/locales/es/console-partners.json' with { type: 'json' };
import enRegistration from '@obra/i18n/locales/en/partner-registration.json' with { type: 'json' };
import esRegistration from '@obra/i18n/locales/es/partner-registration.json' with { type: 'json' };
import enWork from '@obra/i18n/locales/en/console-work.json' with { type: 'json' };
import esWork from '@obra/i18n/locales/es/console-work.json' with { type: 'json' };
import enTasks from '@obra/i18n/locales/en/console-tasks.json' with { type: 'json' };
import esTasks from '@obra/i18n/locales/es/console-tasks.json' with { type: 'json' };
import enDashboard from '@obra/i18n/locales/en/console-dashboard.json' with { type: 'json' };
import esDashboard from '@obra/i18n/locales/es/console-dashboard.json' with { type: 'json' };

/**
 * Both catalogues, merged under `console.`; the partners screens' under `consolePartners.`, with the
 * partner registration widget's (`partnerRegistration.`) for the specialisations' names; the work
 * queues, follow-ups, bulk actions and settings under `consoleWork.`, the dashboard's under `consoleDashboard.`, tasks and assignment rules under `consoleTasks.`.
 */
export const consoleCatalogues = {
  es: {
    console: es,
    consolePartners: esPartners,
    partnerRegistration: esRegistration,
    consoleWork: esWork,
    consoleDashboard: esDashboard,
    consoleTasks: esTasks,
  },
  en: {
    console: en,
    consolePartners: enPartners,
    partnerRegistration: enRegistration,
    consoleWork: enWork,
    consoleDashboard: enDashboard,
    consoleTasks: enTasks,
  },
};
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

/** The language to start in: the operator's last choice here, else the browser's, else Spanish. */
export const initialLang = (): Lang => storedLang() ?? normalizeLang(navigator.language) ?? 'es';

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

/** The translator of the rendering tree (its identity changes with the language), and the operator's time zone. */
export const I18nContext = createContext<{ i18n: ConsoleI18n; lang: Lang; zone: string | undefined }>(null as never);
/** `t`, the language, and the operator's time zone (undefined before sign-in: the browser's). */
export function useT() {
  const { i18n, lang, zone } = useContext(I18nContext);
  return { t: i18n.t, lang, zone };
}
