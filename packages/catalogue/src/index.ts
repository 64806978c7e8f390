export { findSoftware, searchSoftware, softwareCatalogue } from './data.ts';
export { priceText, type Price } from './price.ts';
export type { CatalogueVideo, HeroArtwork, Localized, SoftwareItem } from './types.ts';
