/**
 * The visitor's locale: their language in their country (es-MX, en-CO …) when the country is
 * known, so digits group as they read them there; else es or en-US.
 */
const localeOf = (lang: string, country = ''): string =>
  /^[A-Z]{2}$/.test(country) ? `${lang === 'en' ? 'en' : 'es'}-${country}` : lang === 'en' ? 'en-US' : 'es';

/**
 * An amount as the visitor reads it, to 3 significant digits (an estimate of ±25 % has no more),
 * always with the currency's ISO code and its symbol: `COP $ 457.000.000` in es-CO,
 * `USD $457,000` in en-US, `EUR 35.500 €` in es-ES. The symbol stays on the number's line (a
 * no-break space, which the PDF's Latin-1 fonts also have).
 */
export function money(amount: number, currency: string, lang: string, country = ''): string {
  const text = moneyFormat(localeOf(lang, country), currency)
    .format(amount)
    .replace(/\u202f/g, '\u00a0');
  return text.includes(currency) ? text : `${currency}\u00a0${text}`;
}

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
        currencyDisplay: 'narrowSymbol',
        maximumSignificantDigits: 3,
        useGrouping: 'always',
      })),
    );
  return format;
}

/** A quantity with the visitor's separators (at most 1 decimal). */
export const quantity = (value: number, lang: string, country = ''): string =>
  new Intl.NumberFormat(localeOf(lang, country), { maximumFractionDigits: 1, useGrouping: 'always' }).format(value);

/** A fraction as a whole percentage (0.25 → 25). */
export const percent = (fraction: number): number => Math.round(fraction * 100);
