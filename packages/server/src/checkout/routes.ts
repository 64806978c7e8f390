// The purchase calls (docs/operators/payments.md): create a Checkout Session, read one back for the
// success page, Stripe's webhook, and the embedded test checkout's pay button.
import { readJson } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import { publicOrigin } from '../http/origin.ts';
import type { Handler } from '../routes/types.ts';
import { recordOrder } from './orders.ts';
import { checkoutPaths, CHECKOUT_LANGS, productFor, type CheckoutLang } from './products.ts';
import type { SessionView } from './payments.ts';
import { paymentsFor } from './provider.ts';
import type { LocalPayments } from './local-provider.ts';
import type { StripePayments } from './stripe-provider.ts';

/** The largest webhook body read (Stripe's checkout.session.completed events are a few KiB). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** The largest body of the small JSON calls here. */
const SMALL_BODY = 1024;

const isLang = (value: unknown): value is CheckoutLang => CHECKOUT_LANGS.includes(value as CheckoutLang);

const unknownSession = () => new HttpError(404, { key: 'checkout.unknownSession' }, { body: { status: 'unknown' } });

/** The session fields the pages show: status, product and price. */
const publicView = (view: SessionView) => ({
  id: view.id,
  status: view.status,
  slug: view.slug,
  product: view.product,
  amount: view.amount,
  currency: view.currency,
  lang: view.lang,
  cancelPath: view.cancelPath,
});

/** POST /api/checkout {slug, lang}: a session at the catalogue's price; answers {id, url} to send the visitor to. */
export const createCheckout: Handler = async ({ req, config, db, log }) => {
  const { value } = await readJson(req, SMALL_BODY);
  const body = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as { slug?: unknown; lang?: unknown };
  const errors: Record<string, string> = {};
  const product = productFor(body.slug);
  if (!product) errors.slug = 'unknown';
  if (!isLang(body.lang)) errors.lang = 'invalid';
  if (!product || !isLang(body.lang)) throw new HttpError(400, { key: 'checkout.invalid' }, { body: { errors } });
  const origin = publicOrigin(req, config);
  const lang = body.lang;
  const payments = await paymentsFor(config, db);
  const session = await payments.createSession({
    product,
    lang,
    origin,
    successUrl: `${origin}${checkoutPaths.success(lang)}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}${checkoutPaths.product(lang, product.slug)}`,
  });
  log.info('checkout session created', { provider: payments.kind, slug: product.slug, amount: product.amount });
  return { status: 201, body: { id: session.id, url: session.url }, log: { session: session.id } };
};

/** GET /api/checkout/session?id=…: the session as the provider knows it (never what the URL claims); 404 for an unknown one. */
export const checkoutSession: Handler = async ({ url, config, db }) => {
  const id = url.searchParams.get('id') ?? '';
  const view = id.length <= 300 ? await (await paymentsFor(config, db)).retrieveSession(id) : undefined;
  if (!view) throw unknownSession();
  return { status: 200, body: publicView(view) };
};

/** POST /api/checkout/test/pay {id}: the embedded test checkout's pay button; 404 when Stripe is configured. */
export const testPay: Handler = async ({ req, config, db }) => {
  const payments = await paymentsFor(config, db);
  if (payments.kind !== 'test') throw new HttpError(404, { key: 'checkout.testOff' });
  const { value } = await readJson(req, SMALL_BODY);
  const id = (value as { id?: unknown } | null)?.id;
  const view = typeof id === 'string' ? await (payments as LocalPayments).pay(id) : undefined;
  if (!view) throw unknownSession();
  return { status: 200, body: { ...publicView(view), successPath: `${checkoutPaths.success(view.lang)}?session_id=${view.id}` } };
};

/** POST /api/stripe/webhook: records checkout.session.completed once, after checking Stripe's signature on the raw body. */
export const stripeWebhook: Handler = async ({ req, config, db, log }) => {
  const payments = await paymentsFor(config, db);
  if (payments.kind !== 'stripe') throw new HttpError(404, { key: 'checkout.stripeOff' });
  const signature = req.headers['stripe-signature'];
  if (typeof signature !== 'string' || !signature) throw new HttpError(400, 'The Stripe-Signature header is missing.');
  const { raw } = await readJson(req, WEBHOOK_BODY_LIMIT);
  let event;
  try {
    event = (payments as StripePayments).verifyEvent(raw, signature);
  } catch (error) {
    log.warn('stripe webhook refused', { reason: (error as Error).message });
    throw new HttpError(400, "The webhook signature does not match this endpoint's signing secret (or is too old).");
  }
  if (event.type !== 'checkout.session.completed') return { status: 200, body: { received: true, recorded: false } };
  const session = event.data.object;
  const slug = session.metadata?.slug ?? '';
  const recorded = await recordOrder(db, {
    provider: 'stripe',
    eventId: event.id,
    sessionId: session.id,
    slug,
    product: session.metadata?.product ?? productFor(slug)?.name ?? slug,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? '',
    lang: session.metadata?.lang ?? session.locale ?? '',
    paymentStatus: session.payment_status,
    customerEmail: session.customer_details?.email ?? null,
  });
  return { status: 200, body: { received: true, recorded }, log: { event: event.id, session: session.id, recorded } };
};
