// "Origin / Procedencia" on a lead's page: where the lead came from (migration 050).
import type { LeadAttribution } from '@obra/schema/admin-contract';
import { useT } from '../i18n.ts';
import { link, routeUrl } from '../url-state.ts';

/** The attribution shown under "Origin", in this order (the widget with its version). */
const ORIGIN_FIELDS = [
  'page_url',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'partner_code',
  'partner_claim',
  'widget',
  'embed_origin',
] as const;

/**
 * "Origin / Procedencia": where the lead came from. Shown as text, never as links: the values came
 * from a visitor's browser, and an operator should not be one click from a page they chose.
 */
export function Origin({ attribution }: { attribution: LeadAttribution | undefined }) {
  const { t } = useT();
  const value = (name: (typeof ORIGIN_FIELDS)[number]) =>
    name === 'widget' && attribution?.widget
      ? [attribution.widget, attribution.widget_version].filter(Boolean).join(' · ')
      : attribution?.[name];
  const shown = ORIGIN_FIELDS.filter((name) => value(name));
  const partners = routeUrl({ name: 'partners', status: '', page: 1 });
  return (
    <section aria-labelledby="origin-title">
      <h2 id="origin-title">{t('console.lead.origin')}</h2>
      {attribution?.embed_approved === false && (
        <p className="warning">
          {t('console.lead.unapprovedSite')}{' '}
          <a href={partners} onClick={link(partners)}>
            {t('console.lead.approveSite')}
          </a>
        </p>
      )}
      {shown.length ? (
        <dl className="fields">
          {shown.map((name) => (
            <div key={name}>
              <dt>{t(`console.lead.attribution.${name}`)}</dt>
              <dd>{value(name)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('console.lead.originNone')}</p>
      )}
    </section>
  );
}
