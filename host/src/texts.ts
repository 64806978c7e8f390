// The host site's words, read with i18next (createI18n) when the pages are pre-rendered on Node
// (host/build.ts): the site's own catalogue (locales/*/host.json → `host.…`) beside the widgets'
// send messages and field errors, which the contact popup says too (`api.…`, `common.…`). The
// browser scripts never import this: the words they need travel in the pages' data attributes.
import { createI18n, type I18n, type Lang } from '@obra/i18n';
import enApi from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import esApi from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import enCommon from '@obra/i18n/locales/en/common.json' with { type: 'json' };
import esCommon from '@obra/i18n/locales/es/common.json' with { type: 'json' };
import enHost from '@obra/i18n/locales/en/host.json' with { type: 'json' };
import esHost from '@obra/i18n/locales/es/host.json' with { type: 'json' };

const catalogues = {
  es: { host: esHost, api: esApi, common: esCommon },
  en: { host: enHost, api: enApi, common: enCommon },
};

/** The site's translator of one language (keys like `host.home.title`, checked by tsc). */
export type HostT = I18n<typeof catalogues.es>['t'];

// One translator per language, made once: a page never switches language.
const translators: Record<Lang, I18n<typeof catalogues.es>> = { es: createI18n(catalogues, 'es'), en: createI18n(catalogues, 'en') };

/** `t` in `lang`. */
export const textsIn = (lang: Lang): HostT => translators[lang].t;

/** The `api.…` messages a send may end with (all but `waiting`), by key without the prefix. */
export const API_MESSAGES = (Object.keys(esApi) as (keyof typeof esApi)[]).filter((key) => key !== 'waiting');
