// Everything the server writes in words (API messages, report e-mail and PDF, order, notification,
// morning and welcome mails) goes through i18next (createI18n), over the catalogues the widgets and
// the console bundle, merged under their camelCase names as the widgets merge them
// (locales/*/order-mail.json → `orderMail.…`).
import { createI18n, type I18n, type Lang, type TranslationKey } from '@obra/i18n';
import enConsole from '@obra/i18n/locales/en/console.json' with { type: 'json' };
import esConsole from '@obra/i18n/locales/es/console.json' with { type: 'json' };
import enPartners from '@obra/i18n/locales/en/console-partners.json' with { type: 'json' };
import esPartners from '@obra/i18n/locales/es/console-partners.json' with { type: 'json' };
import enTasks from '@obra/i18n/locales/en/console-tasks.json' with { type: 'json' };
import esTasks from '@obra/i18n/locales/es/console-tasks.json' with { type: 'json' };
import enWork from '@obra/i18n/locales/en/console-work.json' with { type: 'json' };
import esWork from '@obra/i18n/locales/es/console-work.json' with { type: 'json' };
import enDesign from '@obra/i18n/locales/en/design-form.json' with { type: 'json' };
import esDesign from '@obra/i18n/locales/es/design-form.json' with { type: 'json' };
import enEstimate from '@obra/i18n/locales/en/estimate-report.json' with { type: 'json' };
import esEstimate from '@obra/i18n/locales/es/estimate-report.json' with { type: 'json' };
import enSummary from '@obra/i18n/locales/en/estimate.json' with { type: 'json' };
import esSummary from '@obra/i18n/locales/es/estimate.json' with { type: 'json' };
import enOrder from '@obra/i18n/locales/en/order-mail.json' with { type: 'json' };
import esOrder from '@obra/i18n/locales/es/order-mail.json' with { type: 'json' };
import enReport from '@obra/i18n/locales/en/report.json' with { type: 'json' };
import esReport from '@obra/i18n/locales/es/report.json' with { type: 'json' };
import enWaitList from '@obra/i18n/locales/en/wait-list.json' with { type: 'json' };
import esWaitList from '@obra/i18n/locales/es/wait-list.json' with { type: 'json' };
import enRegistration from '@obra/i18n/locales/en/partner-registration.json' with { type: 'json' };
import esRegistration from '@obra/i18n/locales/es/partner-registration.json' with { type: 'json' };
import enServer from '@obra/i18n/locales/en/server.json' with { type: 'json' };
import esServer from '@obra/i18n/locales/es/server.json' with { type: 'json' };

const catalogues = {
  es: {
    console: esConsole,
    consolePartners: esPartners,
    consoleWork: esWork,
    consoleTasks: esTasks,
    designForm: esDesign,
    estimate: esSummary,
    estimateReport: esEstimate,
    orderMail: esOrder,
    partnerRegistration: esRegistration,
    report: esReport,
    server: esServer,
    waitList: esWaitList,
  },
  en: {
    console: enConsole,
    consolePartners: enPartners,
    consoleWork: enWork,
    consoleTasks: enTasks,
    designForm: enDesign,
    estimate: enSummary,
    estimateReport: enEstimate,
    orderMail: enOrder,
    partnerRegistration: enRegistration,
    report: enReport,
    server: enServer,
    waitList: enWaitList,
  },
};

/** A key of the server's catalogues (dotted, e.g. `server.body.tooLarge`). */
export type ServerKey = TranslationKey<typeof catalogues.es>;

/** The server's translator of one language. */
export type ServerT = I18n<typeof catalogues.es>['t'];

// One translator per language, made once: the server never switches a translator's language.
const translators: Record<Lang, I18n<typeof catalogues.es>> = { es: createI18n(catalogues, 'es'), en: createI18n(catalogues, 'en') };

/** `t` in `lang`. */
export const textsIn = (lang: Lang): ServerT => translators[lang].t;

/** Whether `key` (possibly built at run time) names a text in `lang`. */
const hasText = (lang: Lang, key: string): boolean => translators[lang].has(key);

/** The text of a key built at run time (a code's label), or `otherwise` when there is none. */
export const textOr = (lang: Lang, key: string, otherwise: string): string =>
  hasText(lang, key) ? textsIn(lang)(key as ServerKey) : otherwise;

/**
 * The label of a stored code whose labels are under `choices` (a registry field's, e.g.
 * `designForm.uso.options`): the option's text, or its `label` when it has a description beside
 * it; the code itself when the catalogue has none.
 */
export const choiceLabel = (lang: Lang, choices: string, code: string): string =>
  textOr(lang, `${choices}.${code}.label`, textOr(lang, `${choices}.${code}`, code));
