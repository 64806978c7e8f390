/** The locale of a language and currency: Colombian, Spanish or US conventions. */
const localeOf = (lang: string, currency: string) => (lang === 'en' ? 'en-US' : currency === 'EUR' ? 'es-ES' : 'es-CO');

/**
 * An amount as the visitor reads it, to 3 significant digits: an estimate of ±25 % has no more
 * (e.g. `$ 457.000.000` in es, `$457,000,000` in en, `35.500 €`). The symbol stays on the
 * number's line (a no-break space, which the PDF's Latin-1 fonts also have).
 */
export const money = (amount: number, currency: string, lang: string): string =>
  moneyFormat(localeOf(lang, currency), currency)
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
      (format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumSignificantDigits: 3, useGrouping: 'always' })),
    );
  return format;
}

/** A quantity with its language's separators (at most 1 decimal). */
export const quantity = (value: number, lang: string): string =>
  new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'es-CO', { maximumFractionDigits: 1, useGrouping: 'always' }).format(value);

/** A fraction as a whole percentage (0.25 → 25). */
export const percent = (fraction: number): number => Math.round(fraction * 100);
