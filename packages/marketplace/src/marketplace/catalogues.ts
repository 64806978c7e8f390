import esMarketplace from '@obra/i18n/locales/es/marketplace.json' with { type: 'json' };
import enMarketplace from '@obra/i18n/locales/en/marketplace.json' with { type: 'json' };

/** The strings `<obra-marketplace>` uses, per language. */
export const marketplaceCatalogues = {
  es: { marketplace: esMarketplace },
  en: { marketplace: enMarketplace },
};

export type MarketplaceCatalogue = (typeof marketplaceCatalogues)['es'];
