// The order table (migrations 020, 084, 072): one row per Checkout Session, whoever reports it first,
// its payment status moving on as the provider reports it (a delayed payment method is paid or
// fails later), the partner its session was started for, and the buyer's confirmation e-mail
// queued once it is paid.
import type { Queryable } from '../db/index.ts';

/** A payment status that means the money is taken (or nothing was owed). */
const PAID = ['paid', 'no_payment_required'] as const;

/** An order as recorded. */
export interface Order {
  provider: 'stripe' | 'test';
  /** The provider's event id (Stripe `evt_…`) of the first event about the session. */
  eventId: string;
  /** The Checkout Session id; one order per session, whichever event reports it. */
  sessionId: string;
  slug: string;
  product: string;
  /** Minor units (19900 = 199.00). */
  amount: number;
  currency: string;
  lang: string;
  /** `paid`, `no_payment_required`, `unpaid` (a delayed method, not yet), or `failed`. */
  paymentStatus: string;
  customerEmail: string | null;
  /** What the session was created for, when the provider reports another amount. */
  expected?: { amount: number; currency: string };
  /**
   * A test order (the test checkout, or Stripe in test mode): kept out of revenue and the
   * dashboard, and its confirmation e-mail not sent past `mailsPerAddress` test orders' e-mails to
   * one address in the last hour (0: no cap; the order is then stored with its mail `held`).
   */
  test?: { mailsPerAddress: number };
}

/**
 * Stores `order`, or moves its session's stored order on from `unpaid` to what it now is (never
 * back: events may come in any order); queues the confirmation e-mail once it is paid. True when
 * something changed.
 */
export async function recordOrder(db: Queryable, order: Order): Promise<boolean> {
  const paid = (PAID as readonly string[]).includes(order.paymentStatus);
  const cap = order.test?.mailsPerAddress ?? 0;
  // Test orders' e-mails to one address are counted one at a time (the caller's transaction holds the lock).
  if (cap && order.customerEmail)
    await db.query("select pg_advisory_xact_lock(hashtext('test-order-mail:' || lower($1)))", [order.customerEmail]);
  const mail = `case when not $13 or $10::text is null then 'none'
    when $15::int > 0 and (select count(*) from "order" where test and lower(customer_email) = lower($10)
      and mail_status in ('queued', 'sent') and created_at > now() - interval '1 hour') >= $15::int then 'held'
    else 'queued' end`;
  const rows = await db.query<{ id: string }>(
    `insert into "order" (provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email,
       expected_amount, expected_currency, mail_status, partner_code, partner_claim, test)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${mail},
       (select partner_code from checkout_session where id = $3), (select partner_claim from checkout_session where id = $3), $14)
     on conflict (session_id) do update set payment_status = excluded.payment_status,
       customer_email = coalesce("order".customer_email, excluded.customer_email),
       mail_status = case when $13 and coalesce("order".customer_email, excluded.customer_email) is not null then 'queued' else "order".mail_status end
     where "order".payment_status = 'unpaid' and excluded.payment_status <> 'unpaid'
     returning id`,
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
      order.expected?.amount ?? null,
      order.expected?.currency ?? null,
      paid,
      order.test !== undefined,
      cap,
    ],
  );
  return rows.length > 0;
}

/** The order's reference as the buyer and the console read it: its id's first 8 characters, upper case. */
export const orderReference = (id: string): string => id.slice(0, 8).toUpperCase();

/** The reference of the order recorded for Checkout Session `sessionId`; null while there is none (Stripe's webhook not yet in). */
export async function referenceOf(db: Queryable, sessionId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>('select id from "order" where session_id = $1', [sessionId]);
  return row ? orderReference(String(row.id)) : null;
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
  'expected_amount',
  'expected_currency',
  'mailed_at',
  'partner_code',
  'partner_claim',
] as const;
