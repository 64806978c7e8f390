import esApi from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import enApi from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import esCommon from '@obra/i18n/locales/es/common.json' with { type: 'json' };
import enCommon from '@obra/i18n/locales/en/common.json' with { type: 'json' };
import esPartner from '@obra/i18n/locales/es/partner-registration.json' with { type: 'json' };
import enPartner from '@obra/i18n/locales/en/partner-registration.json' with { type: 'json' };

/** The strings `<obra-partner-registration>` uses, per language: only these namespaces are bundled. */
export const partnerRegistrationCatalogues = {
  es: { common: esCommon, api: esApi, partnerRegistration: esPartner },
  en: { common: enCommon, api: enApi, partnerRegistration: enPartner },
};

export type PartnerRegistrationCatalogue = (typeof partnerRegistrationCatalogues)['es'];
