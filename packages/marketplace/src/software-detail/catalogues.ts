import esDetail from '@obra/i18n/locales/es/software-detail.json' with { type: 'json' };
import enDetail from '@obra/i18n/locales/en/software-detail.json' with { type: 'json' };

/** The strings `<obra-software-detail>` uses, per language. */
export const softwareDetailCatalogues = {
  es: { softwareDetail: esDetail },
  en: { softwareDetail: enDetail },
};

export type SoftwareDetailCatalogue = (typeof softwareDetailCatalogues)['es'];
