// The host site's words, read with i18next (createI18n) when the pages are pre-rendered on Node
// (host/build.ts): the site's own catalogue (locales/*/host.json → `host.…`) beside the widgets'
// send messages and field errors, which the contact popup says too (`api.…`, `common.…`). The
// browser scripts never import this: the words they need travel in the pages' data attributes.
import { byLang, createI18n, LANGS, type I18n, type Lang } from '@obra/i18n';
import { api, common, host } from '@obra/i18n/catalogues';

const catalogues = byLang({ host, api, common });

/** The site's translator of one language (keys like `host.home.title`, checked by tsc). */
export type HostT = I18n<typeof catalogues.es>['t'];

// One translator per language, made once: a page never switches language.
const translators = Object.fromEntries(LANGS.map((lang) => [lang, createI18n(catalogues, lang)])) as Record<
  Lang,
  I18n<typeof catalogues.es>
>;

/** `t` in `lang`. */
export const textsIn = (lang: Lang): HostT => translators[lang].t;

/** The `api.…` messages a send may end with (all but `waiting`), by key without the prefix. */
export const API_MESSAGES = (Object.keys(api.es) as (keyof typeof api.es)[]).filter((key) => key !== 'waiting');
