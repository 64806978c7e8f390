// The order table (migrations 020, 084, 072): one row per Checkout Session, whoever reports it first,
// its payment status moving on as the provider reports it (a delayed payment method is paid or
// fails later), the partner its session was started for, and the buyer's confirmation e-mail
// queued once it is paid.
import type { Queryable } from '../db/index.ts';
import { emitEvent } from '../webhooks/events.ts';

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
  /** `paid`, `no_payment_required`, `unpaid` (a delayed method, not yet), or `failed`; `refunded` later (recordRefund). */
  paymentStatus: string;
  customerEmail: string | null;
  /** Stripe's PaymentIntent (`pi_…`) once paid: what its refunds name (migration 110). */
  paymentIntent?: string | null;
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
    when $16::int > 0 and (select count(*) from "order" where test and lower(customer_email) = lower($10)
      and mail_status in ('queued', 'sent') and created_at > now() - interval '1 hour') >= $16::int then 'held'
    else 'queued' end`;
  const rows = await db.query<{ id: string }>(
    `insert into "order" (provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email,
       expected_amount, expected_currency, mail_status, partner_code, partner_claim, payment_intent, test)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${mail},
       (select partner_code from checkout_session where id = $3), (select partner_claim from checkout_session where id = $3), $14, $15)
     on conflict (session_id) do update set payment_status = excluded.payment_status,
       customer_email = coalesce("order".customer_email, excluded.customer_email),
       payment_intent = coalesce("order".payment_intent, excluded.payment_intent),
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
      order.paymentIntent ?? null,
      order.test !== undefined,
      cap,
    ],
  );
  return rows.length > 0;
}

/** What Stripe's charge.refunded says: the PaymentIntent, how much of it is back in all, whether all of it. */
export interface Refund {
  paymentIntent: string;
  /** Minor units refunded so far (Stripe's `amount_refunded`, cumulative). */
  refunded: number;
  full: boolean;
}

/**
 * Records a refund of a paid order: `refunded` when the whole amount is back (out of the revenue),
 * how much in any case, and the order.refunded webhook event in the same transaction. Events may
 * come again or out of order: only a larger refunded amount changes anything. Whether it did.
 */
export async function recordRefund(tx: Queryable, refund: Refund): Promise<boolean> {
  const [order] = await tx.query<Record<string, unknown> & { id: string; refunded_at: Date }>(
    `update "order" set refunded_amount = $2, refunded_at = now(),
       payment_status = case when $3 then 'refunded' else payment_status end
     where payment_intent = $1 and payment_status in ('paid', 'refunded') and refunded_amount < $2
     returning id, provider, slug, product, amount, currency, payment_status, refunded_amount, refunded_at, partner_code`,
    [refund.paymentIntent, refund.refunded, refund.full],
  );
  if (!order) return false;
  await emitEvent(tx, 'order.refunded', {
    id: order.id,
    reference: orderReference(String(order.id)),
    provider: order.provider,
    slug: order.slug,
    product: order.product,
    amount: order.amount,
    currency: order.currency,
    status: order.payment_status,
    refundedAmount: order.refunded_amount,
    refundedAt: new Date(order.refunded_at).toISOString(),
    partnerCode: order.partner_code ?? null,
  });
  return true;
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
  'payment_intent',
  'refunded_amount',
  'refunded_at',
] as const;
