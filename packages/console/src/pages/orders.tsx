// The orders (issue 19): card purchases newest first, filters kept in the URL, counts per payment
// status, one keyset page, and the CSV export of the current filter. Read-only.
import type { FormEvent } from 'react';
import { adminUrl } from '../api.ts';
import { filterQuery, link, navigate, ORDER_FILTER_KEYS, type OrderFilter } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { money, when } from './format.ts';
import { LangAndDates, ListTable, Pager, useLoad } from './list-parts.tsx';
import { ORDER_PROVIDERS as PROVIDERS, PAYMENT_STATUSES } from '@obra/schema/console';
import type { OrderItem as Order } from '@obra/schema/admin-contract';
import { PaymentBadge, ProviderBadge } from './order-labels.tsx';
import { formText } from './form-text.ts';
import { SelectField, TextField } from './form-kit.tsx';

const query = (filter: OrderFilter) => filterQuery(filter, ORDER_FILTER_KEYS);
const ordersUrl = (filter: OrderFilter) => `/admin/orders${query(filter)}`;

/** The list of orders for `filter`. */
export function Orders({ filter }: { filter: OrderFilter }) {
  const { t, lang, zone } = useT();
  const search = query(filter);
  const { data: page, error } = useLoad('GET orders', { query: filter });
  const orderUrl = (order: Order) => `/admin/orders/${order.id}${search}`;

  const { after: _after, status: _status, ...rest } = filter;
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // The form's fields are the filter's, but the tabs' status and the page.
    const next: OrderFilter = { status: filter.status };
    for (const key of ORDER_FILTER_KEYS) if (key !== 'status' && key !== 'after') next[key] = formText(data, key).trim() || undefined;
    navigate(ordersUrl(next));
  };
  const products = page?.products ?? [];
  // A product no longer in the catalogue (an old order's, or a shared URL's) stays choosable.
  const productChoices =
    filter.product && !products.some((p) => p.slug === filter.product)
      ? [...products, { slug: filter.product, name: filter.product }]
      : products;
  const total = page ? Object.values(page.counts).reduce((a, b) => a + b, 0) : 0;
  const shown = (n: number | undefined) => (n === undefined ? '' : page?.countsCapped && n > 0 ? `${n}+` : String(n));
  const tab = (status: string | undefined, label: string, n: number | undefined) => (
    <li key={status ?? 'all'}>
      <a
        href={ordersUrl({ ...rest, status })}
        onClick={link(ordersUrl({ ...rest, status }))}
        aria-current={filter.status === status ? 'page' : undefined}
      >
        {label} <span className="count">{shown(n)}</span>
      </a>
    </li>
  );

  return (
    <>
      <h1>{t('console.orders.title')}</h1>
      {/* Keyed by the filter and the products: a back button or the catalogue's arrival re-reads every field. */}
      <form
        className="filters order-filters"
        onSubmit={apply}
        aria-label={t('console.orders.filters')}
        key={`${search}|${products.length}`}
      >
        <TextField id="o-q" label={t('console.orders.q')} name="q" type="search" defaultValue={filter.q ?? ''} maxLength={100} wrap />
        <SelectField id="o-product" label={t('console.orders.product')} name="product" defaultValue={filter.product ?? ''} wrap>
          <option value="">{t('console.orders.anyProduct')}</option>
          {productChoices.map((product) => (
            <option key={product.slug} value={product.slug}>
              {product.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="o-provider" label={t('console.orders.provider')} name="provider" defaultValue={filter.provider ?? ''} wrap>
          <option value="">{t('console.orders.anyProvider')}</option>
          {PROVIDERS.map((provider) => (
            <option key={provider} value={provider}>
              {t(`console.provider.${provider}`)}
            </option>
          ))}
        </SelectField>
        <LangAndDates prefix="o" filter={filter} />
        <div className="actions">
          <button type="submit" className="primary">
            {t('console.inbox.apply')}
          </button>
          <a href="/admin/orders" onClick={link('/admin/orders')}>
            {t('console.inbox.clear')}
          </a>
          <a href={adminUrl('GET orders.csv', { query: filter })} download>
            {t('console.inbox.export')}
          </a>
        </div>
      </form>
      <nav className="counts" aria-label={t('console.orders.counts')}>
        <ul>
          {tab(undefined, t('console.inbox.all'), page ? total : undefined)}
          {PAYMENT_STATUSES.map((status) => tab(status, t(`console.paymentStatus.${status}`), page?.counts[status]))}
        </ul>
      </nav>
      <ListTable
        items={page?.items}
        error={error}
        empty={t('console.orders.empty')}
        caption={t('console.orders.results')}
        className="leads orders"
        rowKey={(order) => order.id}
        columns={[
          {
            head: t('console.orders.product'),
            cell: (order) => (
              <a href={orderUrl(order)} onClick={link(orderUrl(order))}>
                {order.product}
              </a>
            ),
          },
          { head: t('console.orders.amount'), className: 'amount', cell: (order) => money(order.amount, order.currency, lang) },
          {
            head: t('console.orders.email'),
            cell: (order) => order.customer_email ?? <span className="muted">{t('console.orders.noEmail')}</span>,
          },
          { head: t('console.inbox.lang'), cell: (order) => order.lang.toUpperCase() },
          { head: t('console.orders.paymentStatus'), cell: (order) => <PaymentBadge status={order.payment_status} /> },
          { head: t('console.orders.provider'), cell: (order) => <ProviderBadge provider={order.provider} /> },
          { head: t('console.inbox.when'), cell: (order) => <time dateTime={order.created_at}>{when(order.created_at, lang, zone)}</time> },
        ]}
      />
      <Pager
        newest={filter.after ? ordersUrl({ ...filter, after: undefined }) : undefined}
        older={page?.next ? ordersUrl({ ...filter, after: page.next }) : undefined}
        olderLabel={t('console.orders.older')}
      />
    </>
  );
}
