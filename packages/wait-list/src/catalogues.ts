import esApi from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import enApi from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import esCommon from '@obra/i18n/locales/es/common.json' with { type: 'json' };
import enCommon from '@obra/i18n/locales/en/common.json' with { type: 'json' };
import esWaitList from '@obra/i18n/locales/es/wait-list.json' with { type: 'json' };
import enWaitList from '@obra/i18n/locales/en/wait-list.json' with { type: 'json' };

/** The strings `<obra-wait-list>` uses, per language: only these namespaces are bundled. */
export const waitListCatalogues = {
  es: { common: esCommon, api: esApi, waitList: esWaitList },
  en: { common: enCommon, api: enApi, waitList: enWaitList },
};

export type WaitListCatalogue = (typeof waitListCatalogues)['es'];
