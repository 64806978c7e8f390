/** @jsxImportSource preact */
import type { HostT } from '../texts.ts';
import { pathFor, type Lang } from '../routes.ts';

/**
 * Purchase success (docs/contributors/behaviour.md#purchase-success). The page trusts nothing in its URL: the script asks the API
 * for the session (`GET /api/checkout/session`) and then says exactly one outcome — paid (the toast
 * and its progress bar, and what was bought: product, amount, order reference), not paid, unknown,
 * or not checkable — never a false "done". The texts of each outcome ride on data attributes (no
 * inline script under the site's CSP).
 */
export function Success({ t, lang }: { t: HostT; lang: Lang }) {
  return (
    <section
      class="hero success"
      data-purchase
      data-heading-paid={t('host.success.heading')}
      data-lead-paid={t('host.success.lead')}
      data-heading-unpaid={t('host.success.unpaidHeading')}
      data-lead-unpaid={t('host.success.unpaidText')}
      data-heading-unknown={t('host.success.unknownHeading')}
      data-lead-unknown={t('host.success.unknownText')}
      data-heading-error={t('host.success.errorHeading')}
      data-lead-error={t('host.success.errorText')}
      data-reference-later={t('host.success.referenceLater')}
    >
      <div data-purchase-toast hidden>
        <div class="toast" role="status" data-toast>
          <p class="toast-title">{t('host.success.title')}</p>
          <p>{t('host.success.text')}</p>
          <div
            class="progress"
            role="progressbar"
            aria-label={t('host.success.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={0}
            data-progress
          >
            <span class="progress-fill" />
          </div>
        </div>
      </div>
      <h1 data-purchase-heading>{t('host.success.checking')}</h1>
      <p class="lead" role="status" data-purchase-lead />
      {/* The way back (not paid) and what was bought (paid, filled in from the server's answer) are
          alternatives: they share one place, which keeps its room meanwhile (nothing below moves). */}
      <div class="checkout-outcome">
        <p data-purchase-retry-line hidden>
          <a href={pathFor({ page: 'marketplace', lang })} data-purchase-retry>
            {t('host.success.retry')}
          </a>
        </p>
        <dl class="order-summary" data-purchase-order hidden>
          <dt>{t('host.success.product')}</dt>
          <dd data-purchase-product />
          <dt>{t('host.success.amount')}</dt>
          <dd data-purchase-amount />
          <dt>{t('host.success.reference')}</dt>
          <dd data-purchase-reference />
        </dl>
      </div>
      <a class="button" href={pathFor({ page: 'home', lang })}>
        {t('host.success.home')}
      </a>
    </section>
  );
}
