export { parseRoute, filterQuery, routeUrl, FILTER_KEYS, type Route, type Filter } from './url-state.ts';
export { consoleCatalogues } from './i18n.ts';
