// What the orders list and an order's page both show: the payment status and who took the payment,
// the embedded test checkout always marked as such (no money moved).
import { useT } from '../i18n.ts';

/** Stripe's payment statuses the console names (the API filters by the same). */
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'failed', 'no_payment_required'] as const;
/** Who took the payment. */
export const PROVIDERS = ['stripe', 'test'] as const;

/** An order as the API lists it. */
export interface Order {
  id: string;
  created_at: string;
  provider: (typeof PROVIDERS)[number];
  slug: string;
  product: string;
  /** Minor units (19900 = 199.00). */
  amount: number;
  currency: string;
  lang: string;
  payment_status: string;
  customer_email: string | null;
}

/** The payment status as a badge; a status this console does not know is shown as recorded. */
export function PaymentBadge({ status }: { status: string }) {
  const { t } = useT();
  const known = PAYMENT_STATUSES.find((s) => s === status);
  return (
    <span className={`badge ${known === 'paid' ? 'won' : known === 'unpaid' || known === 'failed' ? 'spam' : ''}`}>
      {known ? t(`console.paymentStatus.${known}`) : status}
    </span>
  );
}

/** Stripe, or the local test checkout in a striped warning badge. */
export function ProviderBadge({ provider }: { provider: string }) {
  const { t } = useT();
  return provider === 'test' ? (
    <span className="badge test">{t('console.provider.test')}</span>
  ) : (
    <span className="badge">{t('console.provider.stripe')}</span>
  );
}
