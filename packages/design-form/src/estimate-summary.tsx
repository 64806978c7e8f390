import { useMemo } from 'react';
import type { I18n } from '@obra/i18n';
import { estimate, money, percent } from '@obra/estimate';
import type { DesignFormCatalogue } from './catalogues.ts';
import type { DesignValues } from './values.ts';

export interface EstimateSummaryProps {
  values: DesignValues;
  i18n: I18n<DesignFormCatalogue>;
  lang: string;
}

/**
 * The live estimate beside the form: total range, cost per m² and total weeks, computed in the
 * page from the visitor's choices (no network call). Until then, what it waits for: the building's
 * measures, measures within their bounds (the fields say which), a place (no country is assumed).
 */
export function EstimateSummary({ values, i18n, lang }: EstimateSummaryProps) {
  const { t } = i18n;
  // Recomputed only when the choices change: a few microseconds of arithmetic.
  const result = useMemo(() => estimate(values), [values]);
  // The visitor's locale is their language in the project's country (es-MX, en-CO …).
  const country = result.complete ? result.region : '';
  const range = (low: number, high: number, currency: string) =>
    t('estimate.summary.range', { low: money(low, currency, lang, country), high: money(high, currency, lang, country) });
  return (
    <section className="estimate" part="estimate" aria-labelledby="design-form-estimate">
      <h3 id="design-form-estimate">{t('estimate.summary.title')}</h3>
      {result.complete ? (
        <>
          <dl>
            <div>
              <dt>{t('estimate.summary.total')}</dt>
              <dd>{range(result.cost.total.low, result.cost.total.high, result.cost.currency)}</dd>
            </div>
            <div>
              <dt>{t('estimate.summary.perM2')}</dt>
              <dd>{range(result.cost.perM2.low, result.cost.perM2.high, result.cost.currency)}</dd>
            </div>
            <div>
              <dt>{t('estimate.summary.weeks')}</dt>
              <dd>{t('estimate.summary.weeksValue', { count: result.time.totalWeeks })}</dd>
            </div>
          </dl>
          <p className="estimate-note">
            {t('estimate.summary.indicative', { cost: percent(result.cost.uncertainty), time: percent(result.time.uncertainty) })}
            {result.fallback && ` ${t('estimate.summary.fallback')}`}
          </p>
        </>
      ) : (
        <>
          {result.missing.some((field) => field !== 'pais') && (
            <p className="estimate-note">
              {t(
                result.missing.some((field) => field !== 'pais' && values[field].trim())
                  ? 'estimate.summary.bounds'
                  : 'estimate.summary.fill',
              )}
            </p>
          )}
          {result.missing.includes('pais') && <p className="estimate-note">{t('estimate.summary.location')}</p>}
        </>
      )}
    </section>
  );
}
