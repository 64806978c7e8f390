// What a card payment provider offers /api/checkout: the shapes shared by Stripe's
// (stripe-provider.ts), the embedded test checkout's (local-provider.ts) and the routes.
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
export interface NewSession {
  product: Product;
  lang: CheckoutLang;
  /** Absolute URLs; `successUrl` holds `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
  /** The site origin, for the embedded test checkout page. */
  origin: string;
  /** Who the sale counts for (attribution.ts): a verified partner code, an unverified claim, the page's origin. */
  partner: { code: string | null; claim: string | null; origin: string | null };
}

/** A payment provider. */
export interface Payments {
  readonly kind: 'stripe' | 'test';
  /** Creates a session; `url` is where the visitor pays. */
  createSession(session: NewSession): Promise<{ id: string; url: string }>;
  /** Whether `id` has the shape of this provider's session ids (a malformed one is refused before any lookup). */
  isSessionId(id: string): boolean;
  /** The session, or undefined when the provider does not know it (forged or mistyped). */
  retrieveSession(id: string): Promise<SessionView | undefined>;
}
