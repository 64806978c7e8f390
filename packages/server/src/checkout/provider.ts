// The card payment provider behind /api/checkout: Stripe Checkout when its keys are set, else the
// embedded test checkout (host page /{lang}/test-checkout), so one machine shows the whole journey.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createLocalPayments } from './local-provider.ts';
import type { Payments } from './payments.ts';

const cache = new WeakMap<Config, Promise<Payments>>();

/**
 * The provider for this API's configuration (one per API instance; the Stripe package is loaded
 * only when its keys are set, so the embedded default starts without it).
 */
export function paymentsFor(config: Config, db: Db): Promise<Payments> {
  let payments = cache.get(config);
  if (!payments) {
    const stripe = config.stripe;
    payments = stripe
      ? import('./stripe-provider.ts').then(({ createStripePayments }) => createStripePayments(stripe, db))
      : Promise.resolve(createLocalPayments(db, config.testOrderMailsPerAddress));
    cache.set(config, payments);
  }
  return payments;
}
