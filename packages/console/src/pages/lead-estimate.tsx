// A design report's estimate on its lead's page (issue 28): the range in the visitor's currency,
// the value in US dollars the inbox sorts by, the weeks and what widens the range.
import type { LeadEstimate } from '@obra/schema/admin-contract';
import { useT } from '../i18n.ts';
import { estimateMoney } from './format.ts';

/** The estimate's section, or a line saying there is none (the building was not measured, or an older lead). */
export function EstimateSection({ estimate, valueUsd }: { estimate: LeadEstimate | null; valueUsd: number | null }) {
  const { t, lang } = useT();
  return (
    <section aria-labelledby="estimate-title">
      <h2 id="estimate-title">{t('console.lead.estimate.title')}</h2>
      {estimate ? (
        <dl className="fields">
          <div>
            <dt>{t('console.lead.estimate.range')}</dt>
            <dd>
              {estimateMoney(estimate.low, estimate.currency, lang)} – {estimateMoney(estimate.high, estimate.currency, lang)}
            </dd>
          </div>
          <div>
            <dt>{t('console.lead.estimate.expected')}</dt>
            <dd>
              {estimateMoney(estimate.expected, estimate.currency, lang)}
              {valueUsd !== null && estimate.currency !== 'USD' ? ` (${estimateMoney(valueUsd, 'USD', lang)})` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('console.lead.estimate.weeks')}</dt>
            <dd>{t('console.lead.estimate.weeksValue', { count: estimate.weeks })}</dd>
          </div>
          <div>
            <dt>{t('console.lead.estimate.drivers')}</dt>
            <dd>{estimate.drivers.map((driver) => t(`console.lead.estimate.driver.${driver as 'country'}`)).join(', ') || '—'}</dd>
          </div>
          {estimate.fallback && (
            <div>
              <dt>{t('console.lead.estimate.country')}</dt>
              <dd>{t('console.lead.estimate.fallback')}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p>{t('console.lead.estimate.none')}</p>
      )}
    </section>
  );
}
