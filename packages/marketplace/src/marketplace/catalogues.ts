import { byLang } from '@obra/i18n';
import { marketplace } from '@obra/i18n/catalogues/marketplace';

/** The strings `<obra-marketplace>` uses, per language. */
export const marketplaceCatalogues = byLang({ marketplace });

export type MarketplaceCatalogue = (typeof marketplaceCatalogues)['es'];
