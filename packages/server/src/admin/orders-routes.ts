// The console's orders (issue 19): card purchases recorded by the Stripe webhook or the embedded
// test checkout, listed newest first with keyset pages and counts per payment status, one order's
// page, and the CSV export of the current filter. Read-only: an order is the provider's record.
import { ORDER_COLUMNS } from '../checkout/orders.ts';
import { allProducts } from '../checkout/products.ts';
import { spreadsheetDownload } from '../csv.ts';
import { HttpError } from '../http/errors.ts';
import type { OrderDetail, OrderItem } from '@obra/schema/admin-contract';
import { PAYMENT_STATUSES } from '@obra/schema/console';
import type { RouteHandler } from './context.ts';
import { decodeCursor, encodeCursor } from './filter.ts';
import { EXPORT_LIMIT } from './leads-routes.ts';
import { orderWhere } from './order-filter.ts';
import { cappedCounts, pagedList, PAGE_SIZE } from './paged-list.ts';

const LIST_COLUMNS =
  'id, created_at, created_at::text as at, provider, slug, product, amount, currency, lang, payment_status, customer_email';

/** GET /api/admin/orders?status&provider&product&lang&from&to&q&after: a page, newest first, counts per payment status, the products. */
export const listOrders: RouteHandler<'GET orders'> = async ({ query: filter, db, operator }) => {
  const cursor = decodeCursor(filter.after);
  const page = orderWhere(filter, operator.timeZone, cursor);
  const { items, more, counts, countsCapped } = await pagedList({
    size: PAGE_SIZE,
    read: (limit) =>
      db.query<OrderItem & { at: string }>(
        `select ${LIST_COLUMNS} from "order" ${page.sql} order by created_at desc, id desc limit ${limit}`,
        page.params,
      ),
    statuses: PAYMENT_STATUSES,
    // Counted over at most COUNT_CAP matching orders, the status aside.
    count: () => cappedCounts(db, '"order"', 'payment_status', orderWhere(filter, operator.timeZone, undefined, false)),
  });
  const last = items.at(-1);
  return {
    status: 200,
    body: {
      items: items.map(({ at: _at, ...row }) => row),
      next: more && last ? encodeCursor(last) : null,
      counts,
      countsCapped,
      // The product filter's choices: the catalogue (orders of a product since removed still match by slug).
      products: allProducts().map(({ slug, name }) => ({ slug, name })),
    },
  };
};

/** GET /api/admin/orders/:id: every recorded field of one order. */
export const getOrder: RouteHandler<'GET orders/:id'> = async ({ db, id }) => {
  const [order] = await db.query<OrderDetail>(`select ${ORDER_COLUMNS.join(', ')} from "order" where id = $1`, [id]);
  if (!order) throw new HttpError(404, 'There is no such order.', { body: { code: 'gone' } });
  return { status: 200, body: order };
};

/** GET /api/admin/orders.csv?<filter>: the filtered orders as CSV (formula guard of csv.ts), newest first. */
export const exportOrders: RouteHandler<'GET orders.csv'> = async ({ query, db, operator }) => {
  const { sql, params } = orderWhere(query, operator.timeZone);
  const rows = await db.query<Record<string, unknown>>(
    `select ${ORDER_COLUMNS.join(', ')} from "order" ${sql} order by created_at desc, id desc limit ${EXPORT_LIMIT}`,
    params,
  );
  return spreadsheetDownload('orders', ORDER_COLUMNS, rows);
};
