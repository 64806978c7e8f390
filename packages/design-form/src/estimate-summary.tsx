import { useEffect, useMemo, useState } from 'react';
import type { I18n } from '@obra/i18n';
import type { Estimate } from '@obra/estimate';
import { BUILDING_DIMENSIONS } from '@obra/schema';
import type { DesignFormCatalogue } from './catalogues.ts';
import type { DesignValues } from './values.ts';

type EstimateModule = typeof import('@obra/estimate');

let loading: Promise<EstimateModule> | undefined;
/**
 * The estimate (its engine and every country's figures, ~10 KB), loaded as a file of its own when
 * the form first shows it, so the form's own bundle stays small (docs/estimate.md). A failed load
 * (offline, a blocked script) is forgotten, so the form tries again the next time it shows it.
 */
function loadEstimate(): Promise<EstimateModule> {
  loading ??= import('@obra/estimate').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface EstimateSummaryProps {
  values: DesignValues;
  i18n: I18n<DesignFormCatalogue>;
  lang: string;
}

/** What the cost rests on: the type it is priced as, the source and market of its figures. */
function basisLine(engine: EstimateModule, result: Estimate, t: I18n<DesignFormCatalogue>['t'], lang: string): string {
  const { key, values } = engine.basisWords(result, lang);
  return t(`estimate.summary.${key}`, { ...values, type: t(`estimate.summary.types.${result.type}`) });
}

/**
 * The live estimate beside the form: total range, cost per m² and total weeks, computed in the
 * page from the visitor's choices (no network call once the estimate is loaded), with what it is
 * priced as and whose figures. Until then, what it waits for: the building's measures, measures
 * within their bounds (the fields say which), a place (no country is assumed).
 */
export function EstimateSummary({ values, i18n, lang }: EstimateSummaryProps) {
  const { t } = i18n;
  const [engine, setEngine] = useState<EstimateModule | 'failed'>();
  useEffect(() => {
    let live = true;
    loadEstimate().then(
      (module) => live && setEngine(module),
      () => live && setEngine('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  // Recomputed only when the choices change: a few microseconds of arithmetic.
  const result = useMemo(() => (engine && engine !== 'failed' ? engine.estimate(values) : undefined), [engine, values]);
  return (
    <section className="estimate" part="estimate" aria-labelledby="design-form-estimate" aria-busy={engine ? undefined : true}>
      <h3 id="design-form-estimate">{t('estimate.summary.title')}</h3>
      {engine === 'failed' ? (
        <p className="estimate-note">{t('estimate.summary.unavailable')}</p>
      ) : !engine || !result ? (
        // While the estimate loads, what the form can tell without it: the measures or the place it waits for.
        <Waiting values={values} i18n={i18n} />
      ) : result.complete ? (
        <Figures engine={engine} result={result} i18n={i18n} lang={lang} />
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

/** The hints a form without its estimate loaded yet can give: nothing measured, no place chosen. */
function Waiting({ values, i18n }: { values: DesignValues; i18n: I18n<DesignFormCatalogue> }) {
  const { t } = i18n;
  return (
    <>
      {BUILDING_DIMENSIONS.some((field) => !values[field].trim()) && <p className="estimate-note">{t('estimate.summary.fill')}</p>}
      {!values.pais.trim() && <p className="estimate-note">{t('estimate.summary.location')}</p>}
    </>
  );
}

function Figures({
  engine,
  result,
  i18n,
  lang,
}: {
  engine: EstimateModule;
  result: Estimate;
  i18n: I18n<DesignFormCatalogue>;
  lang: string;
}) {
  const { t } = i18n;
  const { money, percent } = engine;
  // The visitor's locale is their language in the project's country (es-MX, en-CO …).
  const range = (low: number, high: number, currency: string) =>
    t('estimate.summary.range', { low: money(low, currency, lang, result.region), high: money(high, currency, lang, result.region) });
  return (
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
      </p>
      <p className="estimate-note">{basisLine(engine, result, t, lang)}</p>
    </>
  );
}
