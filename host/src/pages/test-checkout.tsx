/** @jsxImportSource preact */
import type { HostT } from '../texts.ts';
import { pathFor, type Lang } from '../routes.ts';

/**
 * The embedded test checkout (no Stripe keys): stands in for the card provider's hosted page, and
 * says so first. It asks for no card data, only the e-mail the confirmation goes to (Stripe's page
 * asks for it too); "Pay" records a test order and goes to the success page.
 * The script (client/test-checkout.ts) fills in the order from `GET /api/checkout/session`.
 */
export function TestCheckout({ t, lang }: { t: HostT; lang: Lang }) {
  return (
    <section
      class="hero test-checkout"
      data-test-checkout
      data-unknown={t('host.testCheckout.unknown')}
      data-expired={t('host.testCheckout.expired')}
      data-paid={t('host.testCheckout.paid')}
      data-error={t('host.testCheckout.error')}
      data-paying={t('host.testCheckout.paying')}
      data-email-invalid={t('host.testCheckout.emailInvalid')}
    >
      <p class="test-banner">
        <strong>{t('host.testCheckout.badge')}</strong> {t('host.testCheckout.notice')}
      </p>
      <h1>{t('host.testCheckout.heading')}</h1>
      {/* What the page says (loading, or why there is no order) and the order are alternatives: they
          share one place, so neither leaves a blank band above or below the other. */}
      <div class="checkout-outcome">
        <div>
          <p class="lead" role="status" data-checkout-status>
            {t('host.testCheckout.loading')}
          </p>
          <p>
            <a href={pathFor({ page: 'marketplace', lang })} data-checkout-catalogue hidden>
              {t('host.testCheckout.catalogue')}
            </a>
          </p>
        </div>
        <div>
          <dl class="order-summary" data-checkout-summary hidden>
            <dt>{t('host.testCheckout.product')}</dt>
            <dd data-checkout-product />
            <dt>{t('host.testCheckout.total')}</dt>
            <dd data-checkout-amount />
          </dl>
          <form class="order-actions" data-checkout-actions hidden noValidate>
            <p class="field">
              <label for="checkout-email">{t('host.testCheckout.email')}</label>
              <input
                id="checkout-email"
                name="email"
                type="email"
                autocomplete="email"
                required
                maxLength={254}
                aria-describedby="checkout-error"
              />
            </p>
            <button type="submit" class="button" data-checkout-pay>
              {t('host.testCheckout.pay')}
            </button>
            <a class="button secondary" href={pathFor({ page: 'marketplace', lang })} data-checkout-cancel>
              {t('host.testCheckout.cancel')}
            </a>
          </form>
        </div>
      </div>
      <p class="order-error" role="alert" id="checkout-error" data-checkout-error />
    </section>
  );
}
