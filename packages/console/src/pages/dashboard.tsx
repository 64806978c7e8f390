// Resumen / Dashboard, the console's first page: over the chosen range, the leads per week by kind,
// where they come from (source, partner, campaign), the status funnel with the conversion between
// steps, the time to first contact, and the paid orders and revenue. Every chart has its table.
import { CONSOLE_LOCALES, CONTACT_BUCKET_HOURS, DASHBOARD_WEEKS, DEFAULT_DASHBOARD_WEEKS, LEAD_KIND_NAMES } from '@obra/schema/console';
import type { DashboardFigures, OriginDimension } from '@obra/schema/admin-contract';
import { Fragment } from 'react';
import { useT } from '../i18n.ts';
import { dashboardQuery, navigate, routeUrl } from '../url-state.ts';
import { Bars, Chart, NumberTable, StackedColumns } from './charts.tsx';
import { money } from './format.ts';
import { useLoad } from './list-parts.tsx';
import { DealsRevenue } from './deals-revenue.tsx';
import { Check, SelectField } from './form-kit.tsx';

/** The Mondays from `start` (YYYY-MM-DD), `weeks` of them. */
const mondays = (start: string, weeks: number) =>
  Array.from({ length: weeks }, (_, i) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 7 * 864e5).toISOString().slice(0, 10));

/** The dashboard over the last `weeks` weeks; test orders in its orders and revenue only when `test`. */
export function Dashboard({ weeks = DEFAULT_DASHBOARD_WEEKS, test = false }: { weeks?: number; test?: boolean }) {
  const { t, lang } = useT();
  const { data, error } = useLoad('GET dashboard', { query: dashboardQuery(weeks, test) });
  const percent = (n: number, of: number) =>
    of ? new Intl.NumberFormat(CONSOLE_LOCALES[lang], { style: 'percent', maximumFractionDigits: 1 }).format(n / of) : '—';
  const day = (iso: string) =>
    new Intl.DateTimeFormat(CONSOLE_LOCALES[lang], { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const head = (
    <>
      <h1>{t('consoleDashboard.title')}</h1>
      <div className="range">
        <SelectField
          id="dashboard-weeks"
          label={t('consoleDashboard.range')}
          value={weeks}
          onChange={(event) =>
            navigate(routeUrl({ name: 'dashboard', weeks: Number(event.currentTarget.value), test: test || undefined }), { replace: true })
          }
        >
          {DASHBOARD_WEEKS.map((n) => (
            <option key={n} value={n}>
              {t('consoleDashboard.weeks', { count: n })}
            </option>
          ))}
        </SelectField>
      </div>
      <Check
        id="dashboard-test"
        label={t('consoleDashboard.testOrders')}
        checked={test}
        onChange={(event) =>
          navigate(routeUrl({ name: 'dashboard', weeks, test: event.currentTarget.checked || undefined }), { replace: true })
        }
      />
    </>
  );
  if (!data)
    return (
      <>
        {head}
        <p role={error ? 'alert' : 'status'} className={error ? 'error' : undefined}>
          {error || t('consoleDashboard.loading')}
        </p>
      </>
    );

  const labels = mondays(data.start, weeks);
  const series = LEAD_KIND_NAMES.map((kind) => ({
    key: kind,
    label: t(`console.kind.${kind}`),
    values: labels.map((week) => data.perWeek.find((row) => row.week === week && row.kind === kind)?.n ?? 0),
  }));
  const weekTotals = labels.map((_, i) => series.reduce((sum, s) => sum + s.values[i]!, 0));
  const busiest = weekTotals.indexOf(Math.max(...weekTotals));
  const { funnel, contact } = data;
  const steps = (['received', 'contacted', 'qualified', 'won'] as const).map((step, i, all) => ({
    step,
    n: funnel[step],
    from: i ? percent(funnel[step], funnel[all[i - 1]!]) : '',
  }));
  const contacted = contact.buckets.reduce((a, b) => a + b, 0);
  const currencies = [...new Set(data.orders.map((row) => row.currency))].sort();
  const revenue = (rows: DashboardFigures['orders']) =>
    currencies
      .map((currency) => [currency, rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.amount, 0)] as const)
      .filter(([, amount]) => amount > 0)
      .map(([currency, amount]) => money(amount, currency, lang))
      .join(' + ') || money(0, 'usd', lang);
  const paid = data.orders.reduce((sum, row) => sum + row.count, 0);
  const origin = (dim: OriginDimension) => {
    const { top, others, none } = data.origins[dim];
    const rows = [
      ...top.map((row) => ({ label: row.value, n: row.n })),
      ...(others ? [{ label: t('consoleDashboard.origins.others'), n: others }] : []),
      { label: t(`consoleDashboard.origins.none.${dim}`), n: none },
    ];
    const first = rows[0]!;
    return (
      <Chart
        key={dim}
        title={t(`consoleDashboard.origins.${dim}`)}
        summary={t('consoleDashboard.origins.summary', { first: first.label, n: first.n, total: funnel.received })}
        table={
          <NumberTable
            caption={t(`consoleDashboard.origins.${dim}`)}
            head={[t(`consoleDashboard.origins.${dim}`), t('consoleDashboard.leads'), t('consoleDashboard.share')]}
            rows={rows.map((row) => [row.label, row.n, percent(row.n, funnel.received)])}
          />
        }
      >
        <Bars rows={rows} max={funnel.received} />
      </Chart>
    );
  };

  return (
    <>
      {head}
      <p className="hint">{t('consoleDashboard.note', { zone: data.timeZone })}</p>
      <dl className="totals" aria-label={t('consoleDashboard.totals.label')}>
        <div>
          <dt>{t('consoleDashboard.totals.received')}</dt>
          <dd>{funnel.received}</dd>
        </div>
        <div>
          <dt>{t('consoleDashboard.totals.won')}</dt>
          <dd>{funnel.won}</dd>
        </div>
        <div>
          <dt>{t('consoleDashboard.totals.conversion')}</dt>
          <dd>{percent(funnel.won, funnel.received)}</dd>
        </div>
        <div>
          <dt>{t('consoleDashboard.totals.revenue')}</dt>
          <dd>
            {/* Each amount whole on its line: a figure never breaks inside. */}
            {revenue(data.orders)
              .split(' + ')
              .map((amount, i) => (
                <Fragment key={amount}>
                  {i ? ' + ' : ''}
                  <span className="nowrap">{amount}</span>
                </Fragment>
              ))}
          </dd>
        </div>
      </dl>
      {!funnel.received && <p role="status">{t('consoleDashboard.empty')}</p>}
      <div className="charts">
        <Chart
          title={t('consoleDashboard.perWeek.title')}
          summary={t('consoleDashboard.perWeek.summary', {
            total: funnel.received,
            weeks,
            week: day(labels[busiest]!),
            max: weekTotals[busiest]!,
          })}
          table={
            <NumberTable
              caption={t('consoleDashboard.perWeek.title')}
              head={[t('consoleDashboard.perWeek.week'), ...series.map((s) => s.label), t('consoleDashboard.perWeek.total')]}
              rows={labels.map((week, i) => [day(week), ...series.map((s) => s.values[i]!), weekTotals[i]!])}
            />
          }
        >
          <StackedColumns labels={labels.map(day)} series={series} />
        </Chart>
        <Chart
          title={t('consoleDashboard.funnel.title')}
          summary={t('consoleDashboard.funnel.summary', funnel)}
          table={
            <NumberTable
              caption={t('consoleDashboard.funnel.title')}
              head={[t('consoleDashboard.funnel.step'), t('consoleDashboard.leads'), t('consoleDashboard.funnel.conversion')]}
              rows={[
                ...steps.map((s) => [t(`consoleDashboard.funnel.${s.step}`), s.n, s.from || '—']),
                [t('consoleDashboard.funnel.lost'), funnel.lost, '—'],
              ]}
            />
          }
        >
          <Bars
            rows={[
              ...steps.map((s) => ({ label: t(`consoleDashboard.funnel.${s.step}`), n: s.n, note: s.from })),
              { label: t('consoleDashboard.funnel.lost'), n: funnel.lost },
            ]}
          />
        </Chart>
        <Chart
          title={t('consoleDashboard.contact.title')}
          summary={t('consoleDashboard.contact.summary', {
            fast: contact.buckets.slice(0, CONTACT_BUCKET_HOURS.indexOf(24) + 1).reduce((a, b) => a + b, 0),
            contacted,
            waiting: contact.waiting,
          })}
          table={
            <NumberTable
              caption={t('consoleDashboard.contact.title')}
              head={[t('consoleDashboard.contact.bucket'), t('consoleDashboard.leads'), t('consoleDashboard.share')]}
              rows={[
                ...contact.buckets.map((n, i) => [t(`consoleDashboard.contact.buckets.${i as 0}`), n, percent(n, contacted)]),
                [t('consoleDashboard.contact.waiting'), contact.waiting, '—'],
              ]}
            />
          }
        >
          <Bars
            rows={[
              ...contact.buckets.map((n, i) => ({ label: t(`consoleDashboard.contact.buckets.${i as 0}`), n })),
              { label: t('consoleDashboard.contact.waiting'), n: contact.waiting },
            ]}
          />
        </Chart>
        {(['source', 'partner', 'campaign'] as const).map(origin)}
        <Chart
          title={t('consoleDashboard.orders.title')}
          summary={
            paid ? t('consoleDashboard.orders.summary', { count: paid, revenue: revenue(data.orders) }) : t('consoleDashboard.orders.none')
          }
          table={
            <NumberTable
              caption={t('consoleDashboard.orders.title')}
              head={[t('consoleDashboard.perWeek.week'), t('consoleDashboard.orders.count'), t('consoleDashboard.orders.revenue')]}
              rows={labels.map((week) => {
                const rows = data.orders.filter((row) => row.week === week);
                return [day(week), rows.reduce((sum, row) => sum + row.count, 0), rows.length ? revenue(rows) : '—'];
              })}
            />
          }
        >
          <StackedColumns
            labels={labels.map(day)}
            series={[
              {
                key: 'paid',
                label: t('consoleDashboard.orders.count'),
                values: labels.map((week) => data.orders.filter((row) => row.week === week).reduce((sum, row) => sum + row.count, 0)),
              },
            ]}
          />
        </Chart>
      </div>
      <DealsRevenue />
    </>
  );
}
