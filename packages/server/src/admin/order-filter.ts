// The console's orders filter (issue 19): read from a query string (the console's URL uses the same
// names), checked, and turned into a WHERE clause over the `order` table with numbered parameters.
// Dates and the keyset cursor work as the inbox's (filter.ts).
import { LANGS } from '@obra/schema';
import { ORDER_PROVIDERS as PROVIDERS, PAYMENT_STATUSES } from '@obra/schema/console';
import { HttpError } from '../http/errors.ts';
import { day, freeText, oneOf, whereBuilder, type Cursor, type ListFilter } from './filter.ts';

/** A checked orders filter; every field optional. */
export interface OrderFilter extends ListFilter {
  status?: (typeof PAYMENT_STATUSES)[number];
  provider?: (typeof PROVIDERS)[number];
  /** A product slug; any slug-shaped value (an order outlives its product leaving the catalogue). */
  product?: string;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * What the free text searches: one lower-cased string per order. The same expression is indexed
 * with pg_trgm (migration 021), so it must stay exactly this.
 */
const ORDER_SEARCH = "lower(coalesce(customer_email, '') || ' ' || session_id)";

/** The orders filter in `params`; 400 for a value it does not know. */
export function parseOrderFilter(params: URLSearchParams): OrderFilter {
  const product = params.get('product');
  if (product && !SLUG.test(product))
    throw new HttpError(400, 'product must be a catalogue slug (lower-case letters, digits and hyphens).');
  const q = freeText('q', params.get('q'))?.toLowerCase().slice(0, 100);
  const filter: OrderFilter = {
    status: oneOf('status', params.get('status'), PAYMENT_STATUSES),
    provider: oneOf('provider', params.get('provider'), PROVIDERS),
    product: product || undefined,
    lang: oneOf('lang', params.get('lang'), LANGS),
    from: day('from', params.get('from')),
    to: day('to', params.get('to')),
    q: q || undefined,
  };
  if (filter.from && filter.to && filter.from > filter.to) throw new HttpError(400, 'from must not be after to.');
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as OrderFilter;
}

/** `where …` and its parameters for `filter` (without `status` when `withStatus` is false: the counts), its days those of `timeZone`. */
export function orderWhere(filter: OrderFilter, timeZone: string, cursor?: Cursor, withStatus = true): { sql: string; params: unknown[] } {
  const where = whereBuilder();
  if (filter.status && withStatus) where.add((n) => `payment_status = ${n}`, filter.status);
  if (filter.provider) where.add((n) => `provider = ${n}`, filter.provider);
  if (filter.product) where.add((n) => `slug = ${n}`, filter.product);
  if (filter.lang) where.add((n) => `lang = ${n}`, filter.lang);
  where.days(filter.from, filter.to, timeZone);
  where.contains(ORDER_SEARCH, filter.q);
  where.after(cursor);
  return where.build();
}
