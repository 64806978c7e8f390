export {
  parseRoute,
  filterQuery,
  routeUrl,
  FILTER_KEYS,
  ORDER_FILTER_KEYS,
  type Route,
  type Filter,
  type OrderFilter,
} from './url-state.ts';
export { consoleCatalogues } from './i18n.ts';
export { money } from './pages/format.ts';
export { daysAhead, daysToMonday, fromZoned, toZoned } from './pages/zoned-time.ts';
