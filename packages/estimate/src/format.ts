import { langOr, type Lang } from '@obra/schema';

/**
 * The visitor's locale: Spanish in the project's country (es-MX, es-CO …) when it is known, so
 * digits group as they read them there, else es; English is en-US (ICU's en-ES writes a quantity
 * `1.500,5` but an amount `50,200`: one report would mix both).
 */
const localeOf = (lang: string, country = ''): string =>
  FIXED_LOCALE[langOr(lang)] ?? (/^[A-Z]{2}$/.test(country) ? `${langOr(lang)}-${country}` : langOr(lang));
/** The languages written in one locale whatever the country (any other follows the project's country). */
const FIXED_LOCALE: Partial<Record<Lang, string>> = { en: 'en-US' };

/**
 * An amount as the visitor reads it, to 3 significant digits (an estimate of ±25 % has no more),
 * with the currency's ISO code where the locale puts it, never a bare `$` that could be any peso or
 * the dollar: `COP 457.000.000` in es-CO, `USD 457,000` in en-US, `35.500 EUR` in es-ES. The one
 * way the form and the report write money. The code stays on the number's line (a no-break space,
 * which the PDF's Latin-1 fonts also have).
 */
export const money = (amount: number, currency: string, lang: string, country = ''): string =>
  moneyFormat(localeOf(lang, country), currency)
    .format(amount)
    .replace(/\u202f/g, '\u00a0');

// Building an Intl formatter costs far more than using one: the live summary formats on every input.
const formats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format)
    formats.set(
      key,
      (format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        maximumSignificantDigits: 3,
        useGrouping: 'always',
      })),
    );
  return format;
}

/** A quantity with the visitor's separators (at most `decimals`: 1, or 2 for a length the visitor typed). */
export const quantity = (value: number, lang: string, country = '', decimals = 1): string =>
  new Intl.NumberFormat(localeOf(lang, country), { maximumFractionDigits: decimals, useGrouping: 'always' }).format(value);

/** An amount in short (`100 M`, `2.5M`) for a chart's axis, with the visitor's separators. */
export const compact = (value: number, lang: string, country = ''): string =>
  new Intl.NumberFormat(localeOf(lang, country), { notation: 'compact', maximumSignificantDigits: 3 })
    .format(value)
    .replace(/\u202f/g, '\u00a0');

/** A fraction as a whole percentage (0.25 → 25). */
export const percent = (fraction: number): number => Math.round(fraction * 100);

/**
 * A source's date as the language writes it: `2024-06` → "junio de 2024" / "June 2024", a day in
 * full, a year (or `undated`) as it is.
 */
export function dateText(date: string, lang: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!month) return date;
  const options: Intl.DateTimeFormatOptions = day
    ? { dateStyle: 'long', timeZone: 'UTC' }
    : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(langOr(lang), options).format(Date.UTC(year!, month - 1, day || 1));
}
