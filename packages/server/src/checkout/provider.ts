// The card payment provider behind /api/checkout: Stripe Checkout when its keys are set, else the
// embedded test checkout (host page /{lang}/test-checkout), so one machine shows the whole journey.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createLocalPayments } from './local-provider.ts';
import type { CheckoutLang, Product } from './products.ts';

/** What the success page may learn about a session: never card data, never the buyer's e-mail. */
export interface SessionView {
  id: string;
  /** `paid`: the money is taken. `open`: not paid yet. `unpaid`: completed without payment (yet). `expired`. */
  status: 'paid' | 'open' | 'unpaid' | 'expired';
  slug: string;
  product: string;
  amount: number;
  currency: string;
  lang: CheckoutLang;
  /** Where the visitor goes back to when they do not buy. */
  cancelPath: string;
}

/** What a new session needs; the price comes from the catalogue. */
interface NewSession {
  product: Product;
  lang: CheckoutLang;
  /** Absolute URLs; `successUrl` holds `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
  /** The site origin, for the embedded test checkout page. */
  origin: string;
}

/** A payment provider. */
export interface Payments {
  readonly kind: 'stripe' | 'test';
  /** Creates a session; `url` is where the visitor pays. */
  createSession(session: NewSession): Promise<{ id: string; url: string }>;
  /** The session, or undefined when the provider does not know it (forged or mistyped). */
  retrieveSession(id: string): Promise<SessionView | undefined>;
}

const cache = new WeakMap<Config, Promise<Payments>>();

/**
 * The provider for this API's configuration (one per API instance; the Stripe package is loaded
 * only when its keys are set, so the embedded default starts without it).
 */
export function paymentsFor(config: Config, db: Db): Promise<Payments> {
  let payments = cache.get(config);
  if (!payments) {
    const stripe = config.stripe;
    payments = stripe ? import('./stripe-provider.ts').then(({ createStripePayments }) => createStripePayments(stripe)) : Promise.resolve(createLocalPayments(db));
    cache.set(config, payments);
  }
  return payments;
}
