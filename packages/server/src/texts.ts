// Everything the server writes in words (API messages, report e-mail and PDF, order, notification,
// morning and welcome mails) goes through i18next (createI18n), over the catalogues the widgets and
// the console bundle, merged under their camelCase names as the widgets merge them
// (locales/*/order-mail.json → `orderMail.…`).
import { byLang, createI18n, LANGS, type I18n, type Lang, type TranslationKey } from '@obra/i18n';
import {
  console as consoleTexts,
  consolePartners,
  consoleTasks,
  consoleWork,
  designForm,
  estimate,
  estimateReport,
  orderMail,
  partnerRegistration,
  report,
  server,
  waitList,
} from '@obra/i18n/catalogues';

const catalogues = byLang({
  console: consoleTexts,
  consolePartners,
  consoleWork,
  consoleTasks,
  designForm,
  estimate,
  estimateReport,
  orderMail,
  partnerRegistration,
  report,
  server,
  waitList,
});

/** A key of the server's catalogues (dotted, e.g. `server.body.tooLarge`). */
export type ServerKey = TranslationKey<typeof catalogues.es>;

/** The server's translator of one language. */
export type ServerT = I18n<typeof catalogues.es>['t'];

// One translator per language, made once: the server never switches a translator's language.
const translators = Object.fromEntries(LANGS.map((lang) => [lang, createI18n(catalogues, lang)])) as Record<
  Lang,
  I18n<typeof catalogues.es>
>;

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
