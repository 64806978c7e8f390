// The console's orders (issue 19): card purchases recorded by the Stripe webhook or the embedded
// test checkout, listed newest first with keyset pages and counts per payment status, one order's
// page, and the CSV export of the current filter. Read-only: an order is the provider's record.
import { ORDER_COLUMNS } from '../checkout/orders.ts';
import { allProducts } from '../checkout/products.ts';
import { spreadsheetDownload } from '../csv.ts';
import { HttpError } from '../http/errors.ts';
import type { AdminHandler } from './context.ts';
import { COUNT_CAP, decodeCursor, keysetPage, PAGE_SIZE } from './filter.ts';
import { EXPORT_LIMIT } from './leads-routes.ts';
import { orderWhere, parseOrderFilter, PAYMENT_STATUSES, type OrderFilter } from './order-filter.ts';

const LIST_COLUMNS =
  'id, created_at, created_at::text as at, provider, slug, product, amount, currency, lang, payment_status, customer_email';

/** The counts per payment status for `filter` (its status aside), over at most COUNT_CAP matching orders. */
async function countsOf(db: Parameters<AdminHandler>[0]['db'], filter: OrderFilter, timeZone: string) {
  const { sql, params } = orderWhere(filter, timeZone, undefined, false);
  const rows = await db.query<{ status: string; n: number }>(
    `select payment_status as status, count(*)::int as n from (select payment_status from "order" ${sql} limit ${COUNT_CAP}) o group by payment_status`,
    params,
  );
  return { rows, capped: rows.reduce((sum, row) => sum + row.n, 0) >= COUNT_CAP };
}

/** GET /api/admin/orders?status&provider&product&lang&from&to&q&after: a page, newest first, counts per payment status, the products. */
export const listOrders: AdminHandler = async ({ url, db, operator }) => {
  const filter = parseOrderFilter(url.searchParams);
  const cursor = decodeCursor(url.searchParams.get('after'));
  const page = orderWhere(filter, operator.timeZone, cursor);
  const [rows, counts] = await Promise.all([
    db.query<{ at: string; id: string }>(
      `select ${LIST_COLUMNS} from "order" ${page.sql} order by created_at desc, id desc limit ${PAGE_SIZE + 1}`,
      page.params,
    ),
    countsOf(db, filter, operator.timeZone),
  ]);
  return {
    status: 200,
    body: {
      ...keysetPage(rows),
      counts: Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, counts.rows.find((c) => c.status === s)?.n ?? 0])),
      countsCapped: counts.capped,
      // The product filter's choices: the catalogue (orders of a product since removed still match by slug).
      products: allProducts().map(({ slug, name }) => ({ slug, name })),
    },
  };
};

/** GET /api/admin/orders/:id: every recorded field of one order. */
export const getOrder: AdminHandler = async ({ db, id }) => {
  const [order] = await db.query(`select ${ORDER_COLUMNS.join(', ')} from "order" where id = $1`, [id]);
  if (!order) throw new HttpError(404, 'There is no such order.', { body: { code: 'gone' } });
  return { status: 200, body: order };
};

/** GET /api/admin/orders.csv?<filter>: the filtered orders as CSV (formula guard of csv.ts), newest first. */
export const exportOrders: AdminHandler = async ({ url, db, operator }) => {
  const { sql, params } = orderWhere(parseOrderFilter(url.searchParams), operator.timeZone);
  const rows = await db.query<Record<string, unknown>>(
    `select ${ORDER_COLUMNS.join(', ')} from "order" ${sql} order by created_at desc, id desc limit ${EXPORT_LIMIT}`,
    params,
  );
  return spreadsheetDownload('orders', ORDER_COLUMNS, rows);
};
