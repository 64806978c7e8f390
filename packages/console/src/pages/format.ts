import type { Lang } from '@obra/i18n';
import { CONSOLE_LOCALES as LOCALE } from '@obra/schema/console';

/** A date and time in the operator's language and time zone (the browser's until signed in). */
export const when = (value: string | Date, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(value));

/** The same, with the weekday and the month in words ("jueves, 3 de diciembre de 2026, 9:00"). */
export const spelled = (value: string | Date, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(value));

/** Currencies whose amounts Stripe counts in whole units, and those it counts in thousandths (stripe.com/docs/currencies). */
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/**
 * An amount in minor units as Stripe records it (19900 = 199.00; a yen has none) of an ISO
 * currency (`usd`), in the operator's language: "US$ 199,00" / "US$199.00". An unknown code is
 * shown as it was recorded rather than guessed.
 */
export function money(amount: number, currency: string, lang: Lang): string {
  const code = currency.toLowerCase();
  const units = amount / 10 ** (ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2);
  try {
    return new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: code.toUpperCase() }).format(units);
  } catch {
    return `${amount} ${code.toUpperCase()}`;
  }
}

/** A whole amount (an estimate: no minor units, 3 significant digits) with its ISO code, in the operator's language. */
export function estimateMoney(amount: number, currency: string, lang: Lang): string {
  try {
    const text = new Intl.NumberFormat(LOCALE[lang], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumSignificantDigits: 3,
    }).format(amount);
    return text.includes(currency) ? text : `${currency} ${text}`;
  } catch {
    return `${amount} ${currency}`;
  }
}
