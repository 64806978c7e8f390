// The dashboard's deals (issue 40): won revenue by month of closing over the last 12 months, and
// the forecast, open deals by expected close month weighted by their stage's probability; per
// currency, never added across currencies. Each chart has its table (charts.tsx).
import { CONSOLE_LOCALES } from '@obra/schema/console';
import { useT } from '../i18n.ts';
import { Chart, NumberTable } from './charts.tsx';
import { dealMoney, moneyList } from './deals-format.ts';
import { useLoad } from './list-parts.tsx';

/** Horizontal bars of amounts, each scaled within its currency, its value in words. */
function MoneyBars({ rows }: { rows: { label: string; amount: number; currency: string }[] }) {
  const { lang } = useT();
  const top = (currency: string) => Math.max(1, ...rows.filter((row) => row.currency === currency).map((row) => row.amount));
  return (
    <ul className="bars" aria-hidden="true">
      {rows.map((row) => (
        <li key={`${row.label}-${row.currency}`}>
          <span className="bar-label">{row.label}</span>
          <svg className="bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
            <rect className="bar-fill" width={(100 * row.amount) / top(row.currency)} height="10" />
          </svg>
          <span className="bar-value">{dealMoney(row.amount, row.currency, lang)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Per currency, the sum of `pick` over `rows`. */
const byCurrency = <T extends { currency: string }>(rows: T[], pick: (row: T) => number) =>
  [...new Set(rows.map((row) => row.currency))].sort().map((currency) => ({
    currency,
    amount: rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + pick(row), 0),
  }));

/** Won revenue and the forecast, for the dashboard. */
export function DealsRevenue() {
  const { t, lang } = useT();
  const { data } = useLoad('GET revenue');
  if (!data) return null;
  const month = (day: string) =>
    new Intl.DateTimeFormat(CONSOLE_LOCALES[lang], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const wonTotals = byCurrency(data.won, (row) => row.amount);
  const weighted = byCurrency(data.forecast, (row) => row.weighted);
  const none = t('consoleDeals.revenue.none');
  // No deal yet: a line, not two empty charts.
  if (!data.won.length && !data.forecast.length) return <p className="hint">{t('consoleDeals.revenue.noDeals')}</p>;
  return (
    <div className="charts deals-charts">
      <Chart
        title={t('consoleDeals.revenue.wonTitle')}
        summary={
          data.won.length
            ? t('consoleDeals.revenue.wonSummary', {
                total: moneyList(wonTotals, lang),
                count: data.won.reduce((n, row) => n + row.count, 0),
              })
            : none
        }
        table={
          <NumberTable
            caption={t('consoleDeals.revenue.wonTitle')}
            head={[
              t('consoleDeals.revenue.month'),
              t('consoleDeals.field.currency'),
              t('consoleDeals.revenue.deals'),
              t('consoleDeals.revenue.amount'),
            ]}
            rows={data.won.map((row) => [month(row.month), row.currency, row.count, dealMoney(row.amount, row.currency, lang)])}
          />
        }
      >
        <MoneyBars
          rows={data.won.map((row) => ({ label: `${month(row.month)} · ${row.currency}`, amount: row.amount, currency: row.currency }))}
        />
      </Chart>
      <Chart
        title={t('consoleDeals.revenue.forecastTitle')}
        summary={
          data.forecast.length
            ? t('consoleDeals.revenue.forecastSummary', {
                weighted: moneyList(weighted, lang),
                count: data.forecast.reduce((n, row) => n + row.count, 0),
              })
            : none
        }
        table={
          <NumberTable
            caption={t('consoleDeals.revenue.forecastTitle')}
            head={[
              t('consoleDeals.revenue.month'),
              t('consoleDeals.field.currency'),
              t('consoleDeals.revenue.deals'),
              t('consoleDeals.revenue.amount'),
              t('consoleDeals.revenue.weighted'),
            ]}
            rows={data.forecast.map((row) => [
              month(row.month),
              row.currency,
              row.count,
              dealMoney(row.amount, row.currency, lang),
              dealMoney(row.weighted, row.currency, lang),
            ])}
          />
        }
      >
        <MoneyBars
          rows={data.forecast.map((row) => ({
            label: `${month(row.month)} · ${row.currency}`,
            amount: row.weighted,
            currency: row.currency,
          }))}
        />
      </Chart>
    </div>
  );
}
