import esApi from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import enApi from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import esCommon from '@obra/i18n/locales/es/common.json' with { type: 'json' };
import enCommon from '@obra/i18n/locales/en/common.json' with { type: 'json' };
import esEstimate from '@obra/i18n/locales/es/estimate.json' with { type: 'json' };
import enEstimate from '@obra/i18n/locales/en/estimate.json' with { type: 'json' };
import esDesignForm from '@obra/i18n/locales/es/design-form.json' with { type: 'json' };
import enDesignForm from '@obra/i18n/locales/en/design-form.json' with { type: 'json' };

/** The strings `<obra-design-form>` uses, per language: only these namespaces are bundled. */
export const designFormCatalogues = {
  es: { common: esCommon, api: esApi, designForm: esDesignForm, estimate: esEstimate },
  en: { common: enCommon, api: enApi, designForm: enDesignForm, estimate: enEstimate },
};

export type DesignFormCatalogue = (typeof designFormCatalogues)['es'];
