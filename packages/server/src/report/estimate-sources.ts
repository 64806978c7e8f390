import type { Lang } from '@obra/schema';
import { DATA, FALLBACK_PERMITS, money, valueOf, type Estimate, type Figure } from '@obra/estimate';
import bibliography from '@obra/estimate/sources.json' with { type: 'json' };
import type { ServerKey, ServerT } from '../texts.ts';

/** A country's name in the visitor's language (Intl knows every ISO code), or undefined for `other`. */
export const countryName = (code: string, lang: Lang): string | undefined =>
  /^[A-Z]{2}$/.test(code) ? new Intl.DisplayNames([lang], { type: 'region' }).of(code) : undefined;

/** A reference: `via`, when set, names how it was read (whom it cites, a copy of what) in the catalogue (`estimateReport.sources.via`). */
/** A source's date as the language writes it: `2024-06` → "junio de 2024" / "June 2024"; a year as it is. */
function dateIn(date: string, lang: Lang): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!month) return date;
  const options: Intl.DateTimeFormatOptions = day
    ? { dateStyle: 'long', timeZone: 'UTC' }
    : { month: 'long', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(lang, options).format(Date.UTC(year!, month - 1, day || 1));
}

type Source = { publisher: string; via?: string; title: string; year: number | string; url: string };
const SOURCES = bibliography.sources as Record<string, Source>;

/**
 * The sources behind one estimate, each as a sentence in the visitor's language: the country's
 * cost per m² (or the fallback's), the use ratio, the trade split, a building's storey height, the
 * time calibration, the licence time and the dollar rate. Only what this estimate used: a Colombian
 * report lists no Spanish source.
 */
export function sourceLines(e: Estimate, say: ServerT, lang: Lang, useLabel: string): string[] {
  const line = (key: ServerKey, figure: Figure | undefined, vars: Record<string, string> = {}) => {
    const source = figure?.source ? SOURCES[figure.source] : undefined;
    if (!source || !figure) return [];
    const date = figure.date === 'undated' ? say('estimateReport.sources.undated') : dateIn(figure.date ?? String(source.year), lang);
    const publisher = source.via
      ? `${source.publisher} (${say(`estimateReport.sources.via.${source.via}` as ServerKey)})`
      : source.publisher;
    return [say(key, { publisher, title: source.title, date, url: source.url, ...vars })];
  };
  const country = DATA.countries[e.region];
  const family = e.family;
  const lines = e.fallback
    ? [say('estimateReport.sources.fallbackSources')]
    : line('estimateReport.sources.base', family === 'industrial' && country?.warehouse ? country.warehouse : country?.housing, {
        country: countryName(e.region, lang) ?? e.region,
      });
  const use = family === 'industrial' ? (country?.warehouse ? undefined : DATA.uses.warehouse) : DATA.uses[e.choices.uso];
  lines.push(...line('estimateReport.sources.use', use, { use: useLabel }));
  lines.push(...line('estimateReport.sources.shares', DATA.tradeShares.structure));
  // Buildings are counted in storeys from published figures; a shed is one storey.
  if (family === 'building')
    lines.push(...line('estimateReport.sources.storeys', DATA.geometry.storeyHeight[e.choices.uso] ?? DATA.geometry.storeyHeight.housing));
  lines.push(...line('estimateReport.sources.time', DATA.time.constructionWeeks[family]));
  const permits = DATA.permitDays[e.region];
  if (permits) lines.push(...line('estimateReport.sources.permits', permits, { country: countryName(e.region, lang) ?? e.region }));
  else lines.push(say('estimateReport.sources.permitsFallback', { weeks: String(Math.round(valueOf(FALLBACK_PERMITS))) }));
  // The amount in dollars is shown with the rate's line, so an operator can compare leads.
  if (e.cost.currency !== 'USD' && e.cost.expectedUsd !== null)
    lines.push(
      ...line('estimateReport.sources.rate', DATA.rates[e.cost.currency], { usd: money(e.cost.expectedUsd, 'USD', lang, e.region) }),
    );
  return lines;
}
