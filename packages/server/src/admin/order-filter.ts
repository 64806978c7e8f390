// The console's orders filter (issue 19): its query string is the contract's ('GET orders' of
// @obra/schema/admin-contract, the console's URL uses the same names), turned into a WHERE clause
// over the `order` table with numbered parameters. Dates and the keyset cursor work as the inbox's
// (filter.ts).
import type { AdminQueryChecked } from '@obra/schema/admin-contract';
import { whereBuilder, type Cursor } from './filter.ts';

/** A checked orders filter; every field optional. */
export type OrderFilter = Partial<AdminQueryChecked<'GET orders.csv'>>;

/**
 * What the free text searches: one lower-cased string per order. The same expression is indexed
 * with pg_trgm (migration 021), so it must stay exactly this.
 */
const ORDER_SEARCH = "lower(coalesce(customer_email, '') || ' ' || session_id)";

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
