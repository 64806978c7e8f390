// The one way a price is written for visitors (docs/operators/catalogue.md#prices): the catalogue's
// cards, the software detail, the test checkout, the success page and the buyer's order e-mail.
import { langOr, type Lang } from '@obra/i18n';

/** A price as the catalogue and the payment provider keep it: minor units (19900 = 199.00) of an ISO currency. */
export interface Price {
  amount: number;
  currency: string;
}

/**
 * The locale each language writes prices in: Spanish puts the currency after ("199 US$"),
 * international English before ("US$199"); both name the dollar's country, never a bare "$". A language
 * not listed writes prices as its own code's locale does.
 */
const PRICE_LOCALE: Partial<Record<Lang, string>> = { en: 'en-001' };

/**
 * `price` as the visitor's language writes it: "199 US$" / "US$199", cents only when there are
 * some ("199,50 US$" / "US$199.50"); minor units follow the currency (a yen has none).
 */
export function priceText({ amount, currency }: Price, lang: string): string {
  const format = new Intl.NumberFormat(PRICE_LOCALE[langOr(lang)] ?? langOr(lang), {
    style: 'currency',
    currency: currency.toUpperCase(),
    trailingZeroDisplay: 'stripIfInteger',
  });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
