// The console's contract for orders: the list, one order, and their CSV.
import type { ORDER_PROVIDERS, PaymentStatus } from '../console.ts';
import type { ApiTime, KeysetPage, StatusCounts } from './common.ts';

/** An order as the list gives it. */
export interface OrderItem {
  id: string;
  created_at: ApiTime;
  provider: (typeof ORDER_PROVIDERS)[number];
  slug: string;
  product: string;
  /** Minor units (19900 = 199.00). */
  amount: number;
  currency: string;
  lang: string;
  /** One of PAYMENT_STATUSES, or what the provider recorded that this list does not know. */
  payment_status: string;
  customer_email: string | null;
}

/** Everything the API records about an order. */
export interface OrderDetail extends OrderItem {
  event_id: string;
  session_id: string;
  /** What the checkout was created for, when the provider reported another amount. */
  expected_amount: number | null;
  expected_currency: string | null;
  mailed_at: ApiTime | null;
  /** The partner the sale counts for, or the code it claimed without counting (docs/partners/sites.md). */
  partner_code: string | null;
  partner_claim: string | null;
  /** Stripe's PaymentIntent, which refunds name (null for the test checkout and older orders). */
  payment_intent: string | null;
  /** Minor units refunded so far (0: none); `payment_status` is `refunded` once all of it is. */
  refunded_amount: number;
  refunded_at: ApiTime | null;
}

/** The answer of each route of orders, by 'METHOD path' (AdminResponses). */
export interface OrderRoutes {
  'GET orders': KeysetPage<OrderItem> & {
    counts: StatusCounts<PaymentStatus>;
    countsCapped: boolean;
    /** The product filter's choices. */
    products: { slug: string; name: string }[];
  };
  'GET orders/:id': OrderDetail;
  'GET orders.csv': undefined;
}
