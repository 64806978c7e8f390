// The order table (migration 020): one row per paid Checkout Session, whoever reports it first.
import type { Queryable } from '../db/index.ts';

/** An order as recorded. */
export interface Order {
  provider: 'stripe' | 'test';
  /** The provider's event id (Stripe `evt_…`); a replayed event is not stored twice. */
  eventId: string;
  /** The Checkout Session id; one order per session, whichever event reports it. */
  sessionId: string;
  slug: string;
  product: string;
  /** Minor units (19900 = 199.00). */
  amount: number;
  currency: string;
  lang: string;
  paymentStatus: string;
  customerEmail: string | null;
}

/** Stores `order` unless its event or its session is already stored; true when it was new. */
export async function recordOrder(db: Queryable, order: Order): Promise<boolean> {
  const rows = await db.query(
    `insert into "order" (provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict do nothing returning id`,
    [
      order.provider,
      order.eventId,
      order.sessionId,
      order.slug,
      order.product,
      order.amount,
      order.currency,
      order.lang,
      order.paymentStatus,
      order.customerEmail,
    ],
  );
  return rows.length > 0;
}

/** The columns `npm run export -- order` prints, oldest first. */
export const ORDER_COLUMNS = [
  'id',
  'created_at',
  'provider',
  'event_id',
  'session_id',
  'slug',
  'product',
  'amount',
  'currency',
  'lang',
  'payment_status',
  'customer_email',
] as const;
