// Stripe Checkout (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET): hosted payment page, sessions read
// back from Stripe, webhooks verified with the signing secret. STRIPE_API_URL points the client at
// another host (the tests' local fake of the endpoints this flow uses).
import Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { checkoutPaths, CHECKOUT_LANGS, type CheckoutLang } from './products.ts';
import type { Payments, SessionView } from './payments.ts';

/**
 * How far ahead of this server's clock a signature may be dated (clock skew). Stripe's own check
 * only looks back (5 minutes): a signature dated tomorrow would stay valid until the day after.
 */
const FUTURE_SKEW_S = 60;

/** Stripe's Checkout Session ids: `cs_test_…` or `cs_live_…`, letters and digits. */
const STRIPE_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{8,250}$/;

/** The Stripe provider, plus the webhook check only it has. */
export interface StripePayments extends Payments {
  readonly kind: 'stripe';
  /** The event in `raw` if `signature` (the Stripe-Signature header) was made with the signing secret within the last 5 minutes (and not dated ahead of this clock by more than a minute); throws otherwise. */
  verifyEvent(raw: string, signature: string): Stripe.Event;
}

/** A Checkout Session as the success page may see it; undefined for a session this site did not create. */
function viewOf(session: Stripe.Checkout.Session): SessionView | undefined {
  const slug = session.metadata?.slug;
  const lang = session.metadata?.lang as CheckoutLang | undefined;
  if (!slug || !lang || !CHECKOUT_LANGS.includes(lang)) return undefined;
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const status = paid ? 'paid' : session.status === 'expired' ? 'expired' : session.status === 'open' ? 'open' : 'unpaid';
  return {
    id: session.id,
    status,
    slug,
    product: session.metadata?.product ?? slug,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? '',
    lang,
    cancelPath: checkoutPaths.product(lang, slug),
  };
}

/** Whether this site created the session `id` (checkout_session, migration 084). */
export const ownSession = async (db: Queryable, id: string) =>
  (
    await db.query<{ slug: string; lang: string; amount: number; currency: string }>(
      "select slug, lang, amount, currency from checkout_session where id = $1 and provider = 'stripe'",
      [id],
    )
  )[0];

/**
 * How long one call to Stripe may take, and how often it is tried again: at most about 17 s in
 * all, inside the 30 s a widget waits for the API's answer (ANSWER_DEADLINE_MS in @obra/api), so
 * a Stripe that does not answer is a 502 the buy button explains, not a spinner.
 */
const STRIPE_CALL = { timeout: 8000, maxNetworkRetries: 1 } as const;

/** Stripe unreachable, slow, limiting or failing (not a request of ours it refused): a 502 that says so. */
const unavailable = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  error instanceof Stripe.errors.StripeAPIError ||
  error instanceof Stripe.errors.StripeRateLimitError ||
  (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);

/** Creates the Stripe provider for `config.stripe`; the sessions it creates are kept in `db`. */
export function createStripePayments(config: NonNullable<Config['stripe']>, db: Queryable): StripePayments {
  const target = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    ...STRIPE_CALL,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return {
    kind: 'stripe',
    isSessionId: (id) => STRIPE_SESSION_ID.test(id),
    async createSession({ product, lang, successUrl, cancelUrl, partner }) {
      const session = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          // Cards only: paid when the buyer is back on the success page, which says so. A delayed
          // method (a bank debit) would complete unpaid and be paid days later, or not at all.
          allowed_payment_method_types: ['card'],
          locale: lang,
          line_items: [
            { quantity: 1, price_data: { currency: product.currency, unit_amount: product.amount, product_data: { name: product.name } } },
          ],
          success_url: successUrl,
          cancel_url: cancelUrl,
          client_reference_id: product.slug,
          metadata: { slug: product.slug, lang, product: product.name },
        })
        .catch((error: unknown) => {
          if (unavailable(error)) throw new HttpError(502, { key: 'checkout.unavailable' }, { cause: error });
          throw error;
        });
      if (!session.url) throw new Error(`Stripe created session ${session.id} without a payment page URL.`);
      await db.query(
        `insert into checkout_session (id, slug, lang, amount, currency, expires_at, provider, partner_code, partner_claim, embed_origin)
         values ($1, $2, $3, $4, $5, $6, 'stripe', $7, $8, $9)`,
        [
          session.id,
          product.slug,
          lang,
          product.amount,
          product.currency,
          new Date((session.expires_at ?? Date.now() / 1000 + 86_400) * 1000),
          partner.code,
          partner.claim,
          partner.origin,
        ],
      );
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id) {
      // Another sale on the same Stripe account is none of this site's business (nor a call to Stripe).
      if (!STRIPE_SESSION_ID.test(id) || !(await ownSession(db, id))) return undefined;
      try {
        return viewOf(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        // A forged or foreign id: Stripe answers 404 resource_missing.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    verifyEvent(raw, signature) {
      const dated = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
      if (dated > Date.now() / 1000 + FUTURE_SKEW_S) throw new Error(`The signature is dated ${dated}, in the future.`);
      return stripe.webhooks.constructEvent(raw, signature, config.webhookSecret);
    },
  };
}
