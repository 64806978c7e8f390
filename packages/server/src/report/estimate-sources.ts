import type { Lang } from '@obra/schema';
import {
  countryName,
  DATA,
  dateText,
  FALLBACK_PERMITS,
  marketName,
  perAverage,
  money,
  percent,
  quantity,
  rateOf,
  regionOf,
  valueOf,
  type Estimate,
  type Figure,
} from '@obra/estimate';
import bibliography from '@obra/estimate/sources.json' with { type: 'json' };
import type { ServerKey, ServerT } from '../texts.ts';

/** A reference: `via`, when set, names how it was read (whom it cites, a copy of what) in the catalogue (`estimateReport.sources.via`). */
type Source = { publisher: string; via?: string; title: string; year: number | string; url: string };
const SOURCES = bibliography.sources as Record<string, Source>;

/**
 * The sources behind one estimate, each as a sentence in the visitor's language: the cost per m²
 * it rests on (the country's own figure, the ratio between types, or the survey's market), the
 * builder's markup on a direct cost, the trade split, a building's storey height, the time
 * calibration, the licence time and the dollar rate. Only what this estimate used: a Colombian
 * report lists no Spanish source.
 */
export function sourceLines(e: Estimate, say: ServerT, lang: Lang): string[] {
  const line = (key: ServerKey, figure: Pick<Figure, 'source' | 'date'> | undefined, vars: Record<string, string> = {}) => {
    const source = figure?.source ? SOURCES[figure.source] : undefined;
    if (!source || !figure) return [];
    const date = figure.date === 'undated' ? say('estimateReport.sources.undated') : dateText(figure.date ?? String(source.year), lang);
    const publisher = source.via
      ? `${source.publisher} (${say(`estimateReport.sources.via.${source.via}` as ServerKey)})`
      : source.publisher;
    return [say(key, { publisher, title: source.title, date, url: source.url, ...vars })];
  };
  const country = countryName(e.region, lang);
  const type = say(`estimate.summary.types.${e.type}` as ServerKey);
  const rate = rateOf(regionOf(e.region)!, e.type);
  const lines: string[] = [];
  if (rate.figure) {
    const anchor = say(`estimate.summary.types.${rate.anchor!}` as ServerKey);
    lines.push(...line('estimateReport.sources.base', rate.figure, { country, type: anchor }));
    // the index that brought it to date, when one did
    if (rate.figure.adjustedBy)
      lines.push(
        ...line('estimateReport.sources.index', { source: rate.figure.adjustedBy, date: String(SOURCES[rate.figure.adjustedBy]!.year) }),
      );
    if (rate.figure.basis === 'direct')
      lines.push(
        ...line('estimateReport.sources.markup', DATA.markups.direct, {
          factor: quantity(valueOf(DATA.markups.direct), lang, e.region, 2),
        }),
      );
    if (rate.from === 'ratio')
      lines.push(say('estimateReport.sources.ratio', { type, anchor, range: String(percent(rate.figures[1]!.range!)) }));
  } else {
    const market = DATA.survey.markets[rate.market!]!;
    lines.push(
      ...line('estimateReport.sources.survey', market, {
        market: marketName(rate.market!, lang),
        average: money(market.average, 'USD', lang, e.region),
        type,
        share: quantity(valueOf(perAverage(e.type)), lang, e.region, 2),
      }),
    );
  }
  // a construction system a source prices
  if (e.cost.drivers.some((d) => d.driver === 'systemFactor')) {
    const factor = DATA.systemFactors[e.choices.sistemaConstructivo]!;
    lines.push(...line('estimateReport.sources.system', factor, { factor: quantity(valueOf(factor), lang, e.region, 2) }));
  }
  lines.push(...line('estimateReport.sources.shares', DATA.tradeShares.structure));
  // Buildings are counted in storeys from published figures; a shed is one storey.
  if (e.family === 'building')
    lines.push(...line('estimateReport.sources.storeys', DATA.geometry.storeyHeight[e.choices.uso] ?? DATA.geometry.storeyHeight.housing));
  if (e.time.by === 'area') lines.push(...line('estimateReport.sources.time', DATA.time.constructionWeeks[e.family]));
  else
    for (const programme of [DATA.time.blockWeeks, DATA.time.towerWeeks])
      lines.push(...line('estimateReport.sources.programmes', programme));
  const residential = ['house', 'lowRise', 'midRise', 'highRise'].includes(e.type) ? DATA.residentialPermits[e.region] : undefined;
  const permits = DATA.permitDays[e.region];
  if (residential) lines.push(...line('estimateReport.sources.residentialPermits', residential, { country }));
  else if (permits) lines.push(...line('estimateReport.sources.permits', permits, { country }));
  else lines.push(say('estimateReport.sources.permitsFallback', { weeks: String(Math.round(valueOf(FALLBACK_PERMITS))) }));
  // The amount in dollars is shown with the rate's line, so an operator can compare leads.
  if (e.cost.currency !== 'USD' && e.cost.expectedUsd !== null)
    lines.push(
      ...line('estimateReport.sources.rate', DATA.rates[e.cost.currency], { usd: money(e.cost.expectedUsd, 'USD', lang, e.region) }),
    );
  return lines;
}
