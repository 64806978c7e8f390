import { DATA, rangeOf, valueOf, type BuildingType, type Figure } from './data.ts';
import { isRemodel, referenceOf, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';
import { rateOf, usdPer, type Rate, type RateSource, type Region } from './region.ts';

/** The trades a cost is split into. */
export const TRADES = ['structure', 'envelope', 'roof', 'finishes', 'installations', 'designPermits'] as const;
export type Trade = (typeof TRADES)[number];

/** What can widen the range: the figures behind the level of the cost, by kind. */
export const DRIVERS = [
  'country',
  'ratio',
  'survey',
  'typeShare',
  'farMarket',
  'systemFactor',
  'remodel',
  'system',
  'roof',
  'facade',
] as const;
export type Driver = (typeof DRIVERS)[number];

/** The widest ± of a total: its low end stays a tenth of the expected. */
const MAX_RANGE = 0.9;

/** A cost range in the estimate's currency (whole units). */
export interface Range {
  low: number;
  expected: number;
  high: number;
}

/** The cost of one trade: its range and its ± fraction. */
export interface TradeCost extends Range {
  trade: Trade;
  /** ± fraction of this trade (the widest of the figures behind it; 1 when its choice is not priced). */
  uncertainty: number;
}

/**
 * What a cost per m² rests on: the country's own figure (`own`), another type's scaled by the
 * published ratio between types (`ratio`), or the survey's figure of a market (`survey`); each with
 * its source id (sources.json) and date, so the form, the report and the API can name them.
 */
export interface CostBasis {
  from: RateSource;
  /** The source id of the country's own figure (`own`, `ratio`), else the survey's. */
  source: string;
  date: string;
  /** The type of the country's own figure a ratio starts from. */
  anchor?: BuildingType;
  /** The survey market behind a survey figure. */
  market?: string;
}

/** The cost of the project. */
export interface Cost {
  /** ISO 4217 code. */
  currency: string;
  /** Cost per m² built of the reference project of its type (and construction system, where a factor prices it). */
  ratePerM2: number;
  /** What that cost per m² rests on. */
  basis: CostBasis;
  trades: TradeCost[];
  total: Range;
  perM2: Range;
  /** ± fraction of the total: the widest figure behind its level, plus the share of each unpriced trade. */
  uncertainty: number;
  /** What sets the width, widest first, each with its ± fraction. */
  drivers: { driver: Driver; range: number }[];
  /** The expected total in US dollars at the dated rate of data.json (null without a rate). */
  expectedUsd: number | null;
}

/** A range of ± `r` around `expected`, rounded to whole units. */
export const rangeAround = (expected: number, r: number): Range => ({
  low: Math.round(expected * (1 - r)),
  expected: Math.round(expected),
  high: Math.round(expected * (1 + r)),
});

/** What a rate rests on, as {@link CostBasis}. */
function basisOf(rate: Rate): CostBasis {
  if (rate.from === 'own') return { from: 'own', source: rate.figure!.source!, date: rate.figure!.date! };
  if (rate.from === 'ratio') return { from: 'ratio', source: rate.figure!.source!, date: rate.figure!.date!, anchor: rate.anchor! };
  const market = DATA.survey.markets[rate.market!]!;
  return { from: 'survey', source: market.source, date: market.date, market: rate.market! };
}

/**
 * The published factor of the chosen system against the reference, if any: the factors are read
 * against masonry houses and low-rise blocks, so they price only the types whose reference is
 * masonry; a remodel keeps the structure, so its system prices nothing.
 */
function systemFactorOf(reference: Omit<Choices, 'uso'>, choices: Choices): Figure | undefined {
  if (isRemodel(choices) || reference.sistemaConstructivo !== 'mamposteria-confinada') return undefined;
  return DATA.systemFactors[choices.sistemaConstructivo];
}

/**
 * The choices no published factor prices, when the visitor's differ from the reference: each could
 * make its trade cost anything from nothing to double, so it widens the range by the trade's share.
 */
function unpriced(reference: Omit<Choices, 'uso'>, choices: Choices): [Driver, Trade][] {
  const priced = systemFactorOf(reference, choices) !== undefined;
  const differs = (...fields: (keyof typeof reference)[]) => fields.some((field) => choices[field] !== reference[field]);
  return [
    // a remodel keeps the structure, so its system costs nothing; a priced system moves the rate
    ...(differs('sistemaConstructivo') && !isRemodel(choices) && !priced ? [['system', 'structure'] as [Driver, Trade]] : []),
    ...(differs('materialCubierta', 'diseno') ? [['roof', 'roof'] as [Driver, Trade]] : []),
    ...(differs('materialFachada', 'tipoFachada') ? [['facade', 'envelope'] as [Driver, Trade]] : []),
  ];
}

/**
 * The cost per trade and in total:
 *   rate  = the cost per m² of the building's type in the country (rateOf: its own figure, a survey
 *           ratio from another of its figures, or the survey's market) × the construction system's
 *           factor where a source prices it (else 1)
 *   trade = rate × trade share × driver quantity (× 0 for the structure a remodel keeps)
 *   range = the widest figure behind the level + a far market's width + the share of each trade
 *           whose choice is not priced
 * where the driver is the roof area for the roof and the built area otherwise. The roof and facade
 * do not change the expected cost (no published factor was found for them) but widen its range;
 * the zone changes neither (docs/estimate.md).
 */
export function costOf(q: Quantities, family: Family, type: BuildingType, choices: Choices, region: Region): Cost {
  const base = rateOf(region, type);
  const remodel = isRemodel(choices);
  const systemFactor = systemFactorOf(referenceOf(family, type), choices);
  // rate = the type's cost per m² × the system's factor (currency per m² built)
  const rate = base.value * (systemFactor ? valueOf(systemFactor) : 1);
  const shares = DATA.tradeShares;
  // What sets the level of the total, by kind (shares only move cost between trades, except the
  // structure's, which sets how much of the building a remodel redoes).
  const [first, ...rest] = base.figures;
  const level: [Driver, Figure[]][] = [
    [base.from === 'survey' ? 'survey' : 'country', [first!]],
    // a ratio between types (from another own figure), or what the type costs against its market's average (from the survey)
    [base.from === 'survey' ? 'typeShare' : 'ratio', rest],
    ['systemFactor', systemFactor ? [systemFactor] : []],
    ['remodel', remodel ? [shares.structure] : []],
  ];
  const levels = level.map(([driver, figures]) => ({ driver, range: Math.max(0, ...figures.map(rangeOf)) })).filter((d) => d.range > 0);
  const open = unpriced(referenceOf(family, type), choices);
  // A market of another country lends its figure or its ratio: how far it may be adds to the width.
  const widening = [
    ...(region.far && base.from === 'survey' ? [{ driver: 'farMarket' as Driver, range: rangeOf(DATA.farMarket) }] : []),
    ...open.map(([driver, trade]) => ({ driver, range: valueOf(shares[trade]) })),
  ];
  // ± = the widest level figure + a far market's width + each unpriced trade's share
  // (at most 0.9: the low end stays a tenth of the expected, never nothing or less)
  const uncertainty = Math.min(MAX_RANGE, Math.max(0, ...levels.map((d) => d.range)) + widening.reduce((sum, d) => sum + d.range, 0));
  const farWidth = widening.find((d) => d.driver === 'farMarket')?.range ?? 0;
  const widths = [...widening, ...levels].sort((a, b) => b.range - a.range);
  const levelRange = Math.max(0, ...levels.map((d) => d.range));
  const trades = TRADES.map((trade): TradeCost => {
    const driver = trade === 'roof' ? q.roofArea : q.builtArea;
    // trade = rate × share × driver, none of the structure for a remodel
    const expected = remodel && trade === 'structure' ? 0 : rate * valueOf(shares[trade]) * driver;
    // an unpriced trade: anything from nothing to double
    const tradeRange = open.some(([, t]) => t === trade) ? 1 : Math.min(MAX_RANGE, Math.max(rangeOf(shares[trade]), levelRange) + farWidth);
    return { trade, ...rangeAround(expected, tradeRange), uncertainty: tradeRange };
  });
  // total = Σ trades (each rounded), ± the widest level figure
  const total = rangeAround(
    trades.reduce((sum, t) => sum + t.expected, 0),
    uncertainty,
  );
  // perM2 = total / builtArea
  const perM2 = {
    low: Math.round(total.low / q.builtArea),
    expected: Math.round(total.expected / q.builtArea),
    high: Math.round(total.high / q.builtArea),
  };
  const usd = usdPer(region.currency);
  return {
    currency: region.currency,
    ratePerM2: Math.round(rate),
    basis: basisOf(base),
    trades,
    total,
    perM2,
    uncertainty,
    drivers: widths,
    expectedUsd: usd === undefined ? null : Math.round(total.expected * usd),
  };
}
