// The purchase calls (docs/operators/payments.md): create a Checkout Session, read one back for the
// success page, Stripe's webhook, and the embedded test checkout's pay button.
import { readJson } from '../http/body.ts';
import * as v from 'valibot';
import { email as emailSchema, isLang, validateAttribution } from '@obra/schema';
import { HttpError, invalidFields } from '../http/errors.ts';
import { publicOrigin } from '../http/origin.ts';
import type { Routes } from '../http/router.ts';
import type { Handler } from '../routes/types.ts';
import { checkoutPaths, productFor } from './products.ts';
import type { NewSession, SessionView } from './payments.ts';
import type { Site } from '../partners/site.ts';
import type { Attribution } from '@obra/schema';
import { paymentsFor } from './provider.ts';
import { referenceOf } from './orders.ts';
import type { LocalPayments } from './local-provider.ts';
import type { StripePayments } from './stripe-provider.ts';

/** The largest webhook body read (Stripe's checkout.session.completed events are a few KiB). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** The largest body of the small JSON calls here. */
const SMALL_BODY = 1024;
/** A checkout's body: slug and language, and where the purchase starts (two addresses of up to 2 KB each). */
const CHECKOUT_BODY = 8 * 1024;

const unknownSession = () => new HttpError(404, { key: 'checkout.unknownSession' }, { body: { status: 'unknown' } });

/**
 * What the buyer may see of a session, and only this (no e-mail, no partner, no card data): status,
 * product, price, and the order's reference once the order is recorded (null before).
 */
const publicView = (view: SessionView, reference: string | null) => ({
  id: view.id,
  status: view.status,
  slug: view.slug,
  product: view.product,
  amount: view.amount,
  currency: view.currency,
  lang: view.lang,
  cancelPath: view.cancelPath,
  reference,
});

/**
 * Who a sale counts for (docs/partners/sites.md): a partner code counts when the request comes from
 * one of that partner's approved sites (a software detail on the partner's page), or from Obra's
 * own product page that the visitor reached from one of them (the catalogue's More link: its
 * referrer, which a browser sets). Any other code is kept as a claim.
 */
async function partnerOf(site: Site, own: string, attribution: Attribution | undefined): Promise<NewSession['partner']> {
  const claim = attribution?.partner;
  let code: string | undefined;
  if (claim) code = site.partnerAt(claim);
  if (claim && !code && site.origin === own && attribution?.referrer)
    code = await site.partnerFrom(new URL(attribution.referrer).origin, claim);
  return { code: code ?? null, claim: code ? null : (claim ?? null), origin: site.origin };
}

/**
 * POST /api/checkout {slug, lang, attribution?}: a session at the catalogue's price, for the
 * partner the purchase counts for; answers {id, url} to send the visitor to.
 */
const createCheckout: Handler = async ({ req, config, db, log, site }) => {
  const { value } = await readJson(req, CHECKOUT_BODY);
  const body = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as {
    slug?: unknown;
    lang?: unknown;
    attribution?: unknown;
  };
  const errors: Record<string, string> = {};
  const product = productFor(body.slug);
  if (!product) errors.slug = 'unknown';
  if (!isLang(body.lang)) errors.lang = 'invalid';
  const attribution = body.attribution === undefined || body.attribution === null ? undefined : validateAttribution(body.attribution);
  if (attribution && !attribution.ok) Object.assign(errors, attribution.errors);
  if (!product || !isLang(body.lang) || (attribution && !attribution.ok))
    throw new HttpError(400, { key: 'checkout.invalid' }, { body: { errors } });
  const origin = publicOrigin(req, config);
  const partner = await partnerOf(site, origin, attribution?.value);
  const lang = body.lang;
  const payments = await paymentsFor(config, db);
  const session = await payments.createSession({
    product,
    lang,
    origin,
    successUrl: `${origin}${checkoutPaths.success(lang)}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}${checkoutPaths.product(lang, product.slug)}`,
    partner,
  });
  log.info('checkout session created', { provider: payments.kind, slug: product.slug, amount: product.amount, partner: partner.code });
  return { status: 201, body: { id: session.id, url: session.url }, log: { session: session.id } };
};

/**
 * GET /api/checkout/session?id=…: the session as the provider knows it (never what the URL claims)
 * and its order's reference. Whoever holds the id (128 random bits for the test checkout, Stripe's
 * own for Stripe) may read it, counted with the reads; 400 for an id of the wrong shape, 404 for
 * one this site did not create.
 */
const checkoutSession: Handler = async ({ url, config, db }) => {
  const id = url.searchParams.get('id') ?? '';
  const payments = await paymentsFor(config, db);
  if (!payments.isSessionId(id)) throw new HttpError(400, { key: 'checkout.malformedSession' }, { body: { status: 'malformed' } });
  const view = await payments.retrieveSession(id);
  if (!view) throw unknownSession();
  return { status: 200, body: publicView(view, await referenceOf(db, view.id)) };
};

/**
 * POST /api/checkout/test/pay {id, email}: the embedded test checkout's pay button, with the
 * buyer's e-mail for the confirmation (Stripe's page asks for it too); 400 for a missing or
 * invalid e-mail, 404 for an unknown session or when Stripe is configured.
 */
const testPay: Handler = async ({ req, config, db, mailOutbox }) => {
  const payments = await paymentsFor(config, db);
  if (payments.kind !== 'test') throw new HttpError(404, { key: 'checkout.testOff' });
  const { value } = await readJson(req, SMALL_BODY);
  const { id, email } = (value ?? {}) as { id?: unknown; email?: unknown };
  const address = v.safeParse(emailSchema(), email);
  if (!address.success) throw invalidFields({ email: 'email' });
  const view = typeof id === 'string' ? await (payments as LocalPayments).pay(id, address.output) : undefined;
  if (!view) throw unknownSession();
  mailOutbox.kick();
  return {
    status: 200,
    body: { ...publicView(view, await referenceOf(db, view.id)), successPath: `${checkoutPaths.success(view.lang)}?session_id=${view.id}` },
  };
};

/**
 * POST /api/stripe/webhook: after checking Stripe's signature on the raw body, records what a
 * checkout.session.completed / async_payment_succeeded / async_payment_failed event says about a
 * session this site created (stripe-events.ts); other events and other sessions are acknowledged.
 */
const stripeWebhook: Handler = async ({ req, config, db, log, mailOutbox }) => {
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
  const { recordStripeEvent } = await import('./stripe-events.ts');
  const recorded = await recordStripeEvent(db, event, log);
  // A paid order has its confirmation e-mail to send.
  if (recorded) mailOutbox.kick();
  return { status: 200, body: { received: true, recorded }, log: { event: event.id, type: event.type, recorded } };
};

/** The purchase's routes (http/router.ts). */
export const CHECKOUT_ROUTES: Routes = {
  '/api/checkout': { POST: { handler: createCheckout, limit: 'writes' } },
  '/api/checkout/session': { GET: { handler: checkoutSession, limit: 'reads' } },
  '/api/checkout/test/pay': { POST: { handler: testPay, limit: 'writes' } },
  '/api/stripe/webhook': { POST: { handler: stripeWebhook, limit: 'none' } },
};
