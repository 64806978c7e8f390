// An order's page (issue 19): every recorded field with a readable label in the operator's
// language, and the way back to the list with the filter it was opened from.
import { filterQuery, link, ORDER_FILTER_KEYS, type OrderFilter } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { useLangName } from '../lang-options.tsx';
import { isLang } from '@obra/i18n';
import { money, when } from './format.ts';
import { useLoad } from './list-parts.tsx';
import { PaymentBadge, ProviderBadge } from './order-labels.tsx';
import { ErrorText } from './form-kit.tsx';

/** The fields in the order they are listed, each labelled `console.order.field.<name>`. */
const FIELDS = [
  'id',
  'created_at',
  'product',
  'slug',
  'amount',
  'currency',
  'payment_status',
  'provider',
  'customer_email',
  'lang',
  'partner_code',
  'partner_claim',
  'session_id',
  'event_id',
] as const;

/** A refusal's own text: an order that is not there. */
const CODES = { gone: 'console.order.gone' } as const;

/** The page of order `id`, opened from the list filtered by `filter`. */
export function OrderPage({ id, filter }: { id: string; filter: OrderFilter }) {
  const { t, lang, zone } = useT();
  const langName = useLangName();
  const { data: order, error } = useLoad('GET orders/:id', { id }, CODES);

  const back = `/admin/orders${filterQuery(filter, ORDER_FILTER_KEYS)}`;
  const backLink = (
    <p>
      <a href={back} onClick={link(back)}>
        {t('console.order.back')}
      </a>
    </p>
  );
  if (!order)
    return (
      <>
        {backLink}
        {error ? <ErrorText>{error}</ErrorText> : <p role="status">{t('console.inbox.loading')}</p>}
      </>
    );

  const value = (field: (typeof FIELDS)[number]) => {
    switch (field) {
      case 'created_at':
        return <time dateTime={order.created_at}>{when(order.created_at, lang, zone)}</time>;
      case 'amount':
        return money(order.amount, order.currency, lang);
      case 'currency':
        return order.currency.toUpperCase();
      case 'payment_status':
        return <PaymentBadge status={order.payment_status} />;
      case 'provider':
        return <ProviderBadge provider={order.provider} />;
      case 'lang':
        return isLang(order.lang) ? langName(order.lang) : order.lang;
      case 'customer_email':
        return order.customer_email ?? t('console.orders.noEmail');
      case 'partner_code':
      case 'partner_claim':
        return order[field] ?? '—';
      default:
        return order[field];
    }
  };
  return (
    <article aria-labelledby="order-title">
      {backLink}
      <h1 id="order-title">
        {order.product} <span className="kind">{t('console.order.kind')}</span>
      </h1>
      <p>
        <PaymentBadge status={order.payment_status} /> <strong className="amount">{money(order.amount, order.currency, lang)}</strong> ·{' '}
        <time dateTime={order.created_at}>{when(order.created_at, lang, zone)}</time>
      </p>
      {order.provider === 'test' && <p className="warning">{t('console.order.testNote')}</p>}
      {order.refunded_amount > 0 && order.refunded_at && (
        <p className="warning" role="note">
          {t('console.order.refunded', {
            amount: money(order.refunded_amount, order.currency, lang),
            when: when(order.refunded_at, lang, zone),
          })}
        </p>
      )}
      {order.expected_amount !== null && (
        <p className="warning" role="note">
          {t('console.order.expected', { expected: money(order.expected_amount, order.expected_currency ?? order.currency, lang) })}
        </p>
      )}
      <section aria-labelledby="order-fields-title">
        <h2 id="order-fields-title">{t('console.order.fields')}</h2>
        <dl className="fields">
          {FIELDS.map((field) => (
            <div key={field}>
              <dt>{t(`console.order.field.${field}`)}</dt>
              <dd className={field.endsWith('_id') || field === 'id' ? 'code' : undefined}>{value(field)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
