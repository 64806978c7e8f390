// What the orders list and an order's page both show: the payment status and who took the payment,
// the embedded test checkout always marked as such (no money moved).
import { PAYMENT_STATUSES } from '@obra/schema/console';
import { useT } from '../i18n.ts';

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
