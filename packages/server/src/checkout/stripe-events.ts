// Stripe's webhook events about Checkout Sessions, once their signature is checked (routes.ts):
// a session completes paid (cards), or completes unpaid and is paid or fails later (a delayed
// method). Only the sessions this site created become orders. A charge refunded later refunds
// its order (charge.refunded).
import type Stripe from 'stripe';
import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { recordOrder, recordRefund } from './orders.ts';
import { productFor } from './products.ts';
import { ownSession } from './stripe-provider.ts';

/** The payment status each event type means: Stripe's own on completion, then paid or failed. */
const STATUS: Record<string, (session: Stripe.Checkout.Session) => string> = {
  'checkout.session.completed': (session) => session.payment_status,
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
};

/** Records what `event` says about an order; whether the order changed. */
export async function recordStripeEvent(db: Db, event: Stripe.Event, log: Logger): Promise<boolean> {
  if (event.type === 'charge.refunded') return refunded(db, event.data.object, log);
  const status = STATUS[event.type];
  if (!status) return false;
  const session = event.data?.object as Stripe.Checkout.Session | null | undefined;
  // Signed, but about no session (a malformed event): nothing to record, and Stripe need not retry it.
  if (typeof session?.id !== 'string') {
    log.warn('stripe event without a checkout session', { event: event.id, type: event.type });
    return false;
  }
  return db.transaction(async (tx) => {
    const own = await ownSession(tx, session.id);
    if (!own) {
      log.info('stripe event about a session this site did not create', { event: event.id, session: session.id });
      return false;
    }
    const amount = session.amount_total ?? 0;
    const currency = session.currency ?? '';
    const differs = amount !== own.amount || currency !== own.currency;
    if (differs)
      log.error('stripe reports another amount than the session was created for', {
        session: session.id,
        paid: `${amount} ${currency}`,
        expected: `${own.amount} ${own.currency}`,
      });
    return recordOrder(tx, {
      provider: 'stripe',
      eventId: event.id,
      sessionId: session.id,
      slug: own.slug,
      product: productFor(own.slug)?.name ?? own.slug,
      amount,
      currency,
      lang: own.lang,
      paymentStatus: status(session),
      customerEmail: session.customer_details?.email ?? null,
      paymentIntent: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
      expected: differs ? { amount: own.amount, currency: own.currency } : undefined,
      // Stripe's test mode takes no money: a test order (its e-mails are Stripe's test keys' to limit).
      ...(event.livemode === false ? { test: { mailsPerAddress: 0 } } : {}),
    });
  });
}

/**
 * charge.refunded (a refund made in Stripe's dashboard or API, whole or partial): the order paid
 * with its PaymentIntent is refunded (recordRefund). A charge of no order of this site (another
 * sale on the account, or an order recorded before migration 110) is acknowledged and logged.
 */
async function refunded(db: Db, charge: Stripe.Charge, log: Logger): Promise<boolean> {
  const paymentIntent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntent) return false;
  const full = charge.refunded || charge.amount_refunded >= charge.amount;
  const changed = await db.transaction((tx) => recordRefund(tx, { paymentIntent, refunded: charge.amount_refunded, full }));
  if (!changed) log.info('stripe refund about no paid order of this site (or already recorded)', { charge: charge.id, paymentIntent });
  return changed;
}
