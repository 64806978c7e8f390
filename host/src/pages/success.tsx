/** @jsxImportSource preact */
import type { Copy } from '../copy/index.ts';
import { pathFor, type Lang } from '../routes.ts';

/**
 * Purchase success (docs/contributors/behaviour.md#purchase-success). The page trusts nothing in its URL: the script asks the API
 * for the session (`GET /api/checkout/session`) and then says exactly one outcome — paid (the toast
 * and its progress bar), not paid, unknown, or not checkable — never a false "done". The texts of
 * each outcome ride on data attributes (no inline script under the site's CSP).
 */
export function Success({ copy, lang }: { copy: Copy; lang: Lang }) {
  const t = copy.success;
  return (
    <section
      class="hero success"
      data-purchase
      data-heading-paid={t.heading}
      data-lead-paid={t.lead}
      data-heading-unpaid={t.unpaidHeading}
      data-lead-unpaid={t.unpaidText}
      data-heading-unknown={t.unknownHeading}
      data-lead-unknown={t.unknownText}
      data-heading-error={t.errorHeading}
      data-lead-error={t.errorText}
    >
      <div data-purchase-toast hidden>
        <div class="toast" role="status" data-toast>
          <p class="toast-title">{t.title}</p>
          <p>{t.text}</p>
          <div
            class="progress"
            role="progressbar"
            aria-label={t.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={0}
            data-progress
          >
            <span class="progress-fill" />
          </div>
        </div>
      </div>
      <h1 data-purchase-heading>{t.checking}</h1>
      <p class="lead" role="status" data-purchase-lead />
      <p data-purchase-retry-line hidden>
        <a href={pathFor({ page: 'marketplace', lang })} data-purchase-retry>
          {t.retry}
        </a>
      </p>
      <a class="button" href={pathFor({ page: 'home', lang })}>
        {t.home}
      </a>
    </section>
  );
}
